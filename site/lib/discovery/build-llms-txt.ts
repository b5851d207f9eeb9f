/**
 * `/llms.txt`: a Markdown map of the docs for language models.
 * @see https://llmstxt.org/ (an H1, a blockquote summary, free text, then H2 sections of links;
 * the section named "Optional" may be skipped when context is short)
 */
import { escapeMarkdownText, markdownCodeSpan } from '../text/escape-markdown.ts';
import { listInWords } from '../text/list-in-words.ts';

export interface LlmsTxtPage {
  title: string;
  description: string;
  /** Absolute URL. */
  url: string;
}

export interface LlmsTxtInput {
  productName: string;
  productDescription: string;
  baseUrl: string;
  rateLimitText: string;
  /** What to do on HTTP 429, in one sentence (site/lib/docs/retry-rule.ts). */
  retryRuleText: string;
  /** Each endpoint's answer as one line of JSON, with one platform. */
  answerLines: readonly { path: string; json: string }[];
  /** How many platforms the full answers list. */
  platformCount: number;
  /** The 429's body. */
  tooManyRequestsBody: string;
  /** The MCP protocol revisions the remote endpoint answers, newest first. */
  mcpRevisions: readonly string[];
  /** How a client of each revision starts (describeMcpHandshake). */
  mcpHandshake: readonly string[];
  /** How to run the client: commands naming the pinned tarball this site serves. */
  client: { installGlobal: string; mcpCommand: string; mcpBundleUrl: string };
  /** The remote MCP endpoint's URL: POST only, so named in prose rather than as a link. */
  mcpEndpointUrl: string;
  /** The breaking changes announced and not in effect yet, a paragraph each (site/lib/docs/pending-changes-text.ts). */
  pendingChanges: readonly string[];
  docs: readonly LlmsTxtPage[];
  api: readonly LlmsTxtPage[];
  optional: readonly LlmsTxtPage[];
}

export function buildLlmsTxt(input: LlmsTxtInput): string {
  const section = (heading: string, pages: readonly LlmsTxtPage[]) => [
    `## ${heading}`,
    '',
    ...pages.map(({ title, url, description }) => `- [${title}](${url}): ${oneLine(description)}`),
    '',
  ];
  return [
    `# ${input.productName} Discovery API`,
    '',
    // The one line of the file that comes from data/: plain text, so escaped as Markdown.
    `> ${escapeMarkdownText(oneLine(input.productDescription))}`,
    '',
    `The public discovery API is read-only JSON under ${input.baseUrl}. It needs no API key and no authentication.`,
    `It is rate limited to ${input.rateLimitText}.`,
    'It never exposes customer monitors, results, accounts, subscriptions or prompts.',
    '',
    `Send \`Accept: application/json\`. The answers, shown with 1 of the ${input.platformCount} platforms:`,
    '',
    // Paragraphs rather than a list: in llms.txt, "- " lines are the sections' links.
    ...input.answerLines.flatMap(({ path, json }) => [`\`GET ${path}\` answers ${markdownCodeSpan(json)}`, '']),
    `Over the limit, HTTP 429 with a \`Retry-After\` header: ${markdownCodeSpan(input.tooManyRequestsBody)}`,
    '',
    input.retryRuleText,
    '',
    ...input.pendingChanges.flatMap((paragraph) => [paragraph, '']),
    'Every page is also Markdown: at its path with `.md` for the trailing slash (the links below), or at the page itself for `Accept: text/markdown`.',
    '',
    `MCP clients reach the same data at the remote MCP endpoint ${input.mcpEndpointUrl} (Streamable HTTP, protocol revisions ${listInWords(input.mcpRevisions)}, no key). ${input.mcpHandshake.join(' ')}`,
    '',
    `The official client is a command line, an MCP server over stdio and a typed library. Install it with \`${input.client.installGlobal}\`. An MCP client starts its server with \`${input.client.mcpCommand}\`. A desktop client such as Claude Desktop installs the same server from its MCP Bundle, ${input.client.mcpBundleUrl}. It is not on the public npm registry.`,
    '',
    ...section('Docs', input.docs),
    ...section('API', input.api),
    ...section('Optional', input.optional),
  ].join('\n');
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
