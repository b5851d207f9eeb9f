/**
 * Lints what readers get: Markdown (the pages' twins, `/llms.txt`, the Agent Skill) with textlint
 * (the project's rules, sentence-length and terminology) and markdownlint, and a page's visible
 * text with the project rules. Problems are data (file, line, column, rule, message) until the
 * entry point prints them.
 */
import { TextlintKernel, type TextlintKernelRule } from '@textlint/kernel';
import markdownPluginModule from '@textlint/textlint-plugin-markdown';
import textPluginModule from '@textlint/textlint-plugin-text';
import { lint as markdownlint } from 'markdownlint/promise';
import sentenceLengthModule from 'textlint-rule-sentence-length';
import terminologyModule from 'textlint-rule-terminology';
import { projectRules, type ProjectRuleId } from './project-rules.ts';

/** A CommonJS module compiled from ES modules exports its value as `default`, as textlint's loader unwraps it. */
const interop = <T>(module: T): T => (module as { default?: T }).default ?? module;
const markdownPlugin = interop(markdownPluginModule);
const textPlugin = interop(textPluginModule);
const sentenceLength = interop(sentenceLengthModule);
const terminology = interop(terminologyModule);

export interface DocsProblem {
  file: string;
  line: number;
  column: number;
  rule: string;
  message: string;
}

/** One text to lint: Markdown, or the plain text a page shows. */
export interface DocsText {
  file: string;
  kind: 'markdown' | 'text';
  text: string;
}

/**
 * markdownlint's rules for generated Markdown: line length and the first heading's level are the
 * converter's to choose; a twin may hold several top-level headings (`/llms-full.txt` does not go
 * through here), and bare URLs are what `/llms.txt` is made of.
 * @see https://github.com/DavidAnson/markdownlint#rules--aliases
 */
const MARKDOWNLINT_CONFIG = {
  default: true,
  MD013: false, // line-length: a paragraph is one line in generated Markdown
  MD024: false, // duplicate headings: the API reference has an "Example" per media type and status
  MD033: false, // inline HTML: none is generated, but data may hold "<" as text, escaped
  MD034: false, // bare URLs: /llms.txt and the skill name addresses in prose
  MD036: false, // emphasis as a heading: a tab's label is bold text above its code
  MD041: false, // the first line of /llms.txt is its H1, of a twin too; of the skill, front matter
  MD060: false, // table column style: remark pads cells as it likes
} as const;

/**
 * How this project spells the names readers type or search for. Each entry is a term as
 * textlint-rule-terminology takes it: the right spelling, matched case-insensitively, or
 * `[pattern, replacement]`. Its default list is not used: it asks for "cURL", "ID" and "Zsh",
 * where this product's commands and fields are `curl`, `id` and `zsh`.
 */
const TERMS = [
  'JavaScript',
  'TypeScript',
  'GitHub',
  'Node.js',
  'macOS',
  'Netlify',
  'OpenAPI',
  'OAuth',
  'JSON-RPC',
  'PowerShell',
  ['Nodejs', 'Node.js'],
  ['NPM', 'npm'],
  ['Open API', 'OpenAPI'],
  ['e-mail', 'email'],
] as const;

/** Rules that find what a page failed to render; the rest is judged on the page's Markdown twin. */
const PAGE_TEXT_RULES: readonly ProjectRuleId[] = ['no-unrendered-expression', 'no-dash-for-flag', 'no-internal-label'];

/** The textlint rules a text gets, with the options this project chose. */
function textlintRules(only?: readonly ProjectRuleId[]): TextlintKernelRule[] {
  const own = Object.entries(projectRules)
    .filter(([ruleId]) => !only || only.includes(ruleId as ProjectRuleId))
    .map(([ruleId, rule]) => ({ ruleId, rule }));
  if (only) return own;
  return [
    ...own,
    // Characters, where max-sentence-words counts words: a sentence of long words is long too.
    // JSON is not counted (the rule sees code spans without their backticks): `/llms.txt` shows
    // each answer as one line of JSON.
    {
      ruleId: 'sentence-length',
      rule: sentenceLength,
      options: { max: 300, skipUrlStringLink: true, skipPatterns: ['/\\{.*\\}/'] },
    },
    // Brand and technology spellings (JavaScript, GitHub, Node.js…).
    {
      ruleId: 'terminology',
      rule: terminology,
      options: { defaultTerms: false, terms: TERMS, skip: ['BlockQuote', 'Link'] },
    },
  ];
}

const kernel = new TextlintKernel();

/** Lints one text; `only` narrows to some project rules (the rule tests use it). */
export async function lintDocsText(input: DocsText, only?: readonly ProjectRuleId[]): Promise<DocsProblem[]> {
  const markdown = input.kind === 'markdown';
  const result = await kernel.lintText(input.text, {
    ext: markdown ? '.md' : '.txt',
    filePath: input.file,
    plugins: [markdown ? { pluginId: 'markdown', plugin: markdownPlugin } : { pluginId: 'text', plugin: textPlugin }],
    rules: textlintRules(only ?? (markdown ? undefined : PAGE_TEXT_RULES)),
  });
  const problems: DocsProblem[] = result.messages.map((message) => ({
    file: input.file,
    line: message.loc.start.line,
    column: message.loc.start.column + 1,
    rule: message.ruleId,
    message: message.message.replace(/\s+/g, ' ').trim(),
  }));
  if (markdown && !only) {
    const found = await markdownlint({ strings: { [input.file]: input.text }, config: MARKDOWNLINT_CONFIG });
    for (const error of found[input.file] ?? [])
      problems.push({
        file: input.file,
        line: error.lineNumber,
        column: error.errorRange?.[0] ?? 1,
        rule: `markdownlint/${error.ruleNames[1] ?? error.ruleNames[0]}`,
        message: `${error.ruleDescription}${error.errorDetail ? ` (${error.errorDetail})` : ''}`,
      });
  }
  return problems.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** `file:line:column: message [rule]`, as compilers print. */
export function formatDocsProblem(problem: DocsProblem): string {
  return `${problem.file}:${problem.line}:${problem.column}: ${problem.message} [${problem.rule}]`;
}
