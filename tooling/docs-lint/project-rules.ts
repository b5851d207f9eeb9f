/**
 * The project's own prose rules, as textlint rules: each one names a mistake that reached readers
 * once (an MDX expression never filled in, a flag typeset as a dash, an escaped quote or a tab's
 * internal label in a Markdown twin, a long sentence, a word that belongs to the maintainers).
 * tests/unit/docs-lint-rules.test.ts plants each mistake and sees its rule report it.
 * @see https://textlint.org/docs/rule (a rule is a function of the context returning node handlers)
 */
import type { TextlintRuleContext, TextlintRuleReporter } from '@textlint/types';
import type { TxtNode } from '@textlint/ast-node-types';
import { split, SentenceSplitterSyntax } from 'sentence-splitter';

/** The most words a sentence may have. */
export const MAX_SENTENCE_WORDS = 40;

/**
 * Words that explain how the project is built rather than what a reader sends and gets back: they
 * belong in ARCHITECTURE.md. Matched case-insensitively as whole words.
 */
export const MAINTAINER_WORDS = [
  'invocation',
  'invocations',
  'aggregate_by',
  'aggregateBy',
  'netlify.toml',
  'egress',
  'dependency-cruiser',
  'loadDocsFacts',
  'docs-facts',
  'code-samples.ts',
  'the build refuses',
  'serverless function',
] as const;

type NodeHandler = (node: TxtNode) => void;

/** Reports every match of `pattern` in the node's source text. */
function reportMatches(
  context: TextlintRuleContext,
  node: TxtNode,
  pattern: RegExp,
  message: (match: RegExpExecArray) => string,
): void {
  const source = context.getSource(node);
  for (const match of source.matchAll(
    new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`),
  ))
    context.report(
      node,
      new context.RuleError(message(match), {
        padding: context.locator.range([match.index, match.index + match[0].length]),
      }),
    );
}

/**
 * An MDX or template expression that reached the reader unfilled: `{allowed}`, `{facts.rateLimit.text}`.
 * In prose and inline code; code blocks may hold braces of their own language, and a path
 * template's `/{resource}` is not an expression.
 */
const UNRENDERED_EXPRESSION = /(?<![$\w/])\{[A-Za-z_][\w]*(?:\.[\w]+)*(?:\([^()]*\))?\}/;

const noUnrenderedExpression: TextlintRuleReporter = (context) => {
  const check: NodeHandler = (node) =>
    reportMatches(
      context,
      node,
      UNRENDERED_EXPRESSION,
      ([text]) => `unrendered expression ${text}: fill it in at build time`,
    );
  return { [context.Syntax.Str]: check, [context.Syntax.Code]: check };
};

/** A flag typeset as a dash (`—json`, `–retries`): a reader who copies it gets an unknown flag. */
const DASH_BEFORE_WORD = /(?<![\w])[\u2012\u2013\u2014\u2015\u2212]{1,2}(?=[a-z])/;

const noDashForFlag: TextlintRuleReporter = (context) => ({
  [context.Syntax.Str]: (node) =>
    reportMatches(
      context,
      node,
      DASH_BEFORE_WORD,
      ([text]) => `"${text}" glued to a word: a flag is written with "--" in code`,
    ),
  [context.Syntax.Code]: (node) =>
    reportMatches(
      context,
      node,
      /[\u2012\u2013\u2014\u2015\u2212]/,
      ([text]) => `"${text}" in code: a reader who copies it gets a different character`,
    ),
});

/** `\'` or `\"` in the text of a Markdown twin: the escape shows to a reader of the raw Markdown. */
const noEscapedQuote: TextlintRuleReporter = (context) => ({
  [context.Syntax.Str]: (node) =>
    reportMatches(context, node, /\\['"]/, ([text]) => `escaped quote ${text}: write the quote alone`),
});

/** A component's internal value reaching the text, such as the tab label `code-sample:shell:0`. */
const INTERNAL_LABEL = /\b[a-z]+(?:-[a-z]+)+:[a-z]+:\d+\b/;

const noInternalLabel: TextlintRuleReporter = (context) => ({
  [context.Syntax.Str]: (node) =>
    reportMatches(context, node, INTERNAL_LABEL, ([text]) => `internal label ${text}: show the reader's label instead`),
});

/** The words of a sentence: runs of letters or digits, a code span or URL counting as one. */
export function countWords(sentence: string): number {
  return sentence.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

const maxSentenceWords: TextlintRuleReporter = (context) => {
  const check: NodeHandler = (node) => {
    const text = context.getSource(node);
    for (const sentence of split(text)) {
      if (sentence.type !== SentenceSplitterSyntax.Sentence) continue;
      const words = countWords(sentence.raw);
      if (words > MAX_SENTENCE_WORDS)
        context.report(
          node,
          new context.RuleError(`sentence of ${words} words (at most ${MAX_SENTENCE_WORDS}): split it`, {
            padding: context.locator.range([sentence.range[0], sentence.range[1]]),
          }),
        );
    }
  };
  return { [context.Syntax.Paragraph]: check, [context.Syntax.TableCell]: check };
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const MAINTAINER_PATTERN = new RegExp(`(?<![\\w.-])(?:${MAINTAINER_WORDS.map(escapeRegExp).join('|')})(?![\\w-])`, 'i');

const noMaintainerWords: TextlintRuleReporter = (context) => ({
  [context.Syntax.Str]: (node) =>
    reportMatches(
      context,
      node,
      MAINTAINER_PATTERN,
      ([text]) =>
        `"${text}" explains how the project is built: say what the reader sends and gets, and keep the design in ARCHITECTURE.md`,
    ),
});

/** Every project rule by its id, as the docs linter and the tests run them. */
export const projectRules = {
  'no-unrendered-expression': noUnrenderedExpression,
  'no-dash-for-flag': noDashForFlag,
  'no-escaped-quote': noEscapedQuote,
  'no-internal-label': noInternalLabel,
  'max-sentence-words': maxSentenceWords,
  'no-maintainer-words': noMaintainerWords,
} satisfies Record<string, TextlintRuleReporter>;

export type ProjectRuleId = keyof typeof projectRules;
