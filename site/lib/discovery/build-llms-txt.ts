/**
 * `/llms.txt`: a Markdown map of the docs for language models.
 * @see https://llmstxt.org/ (an H1, a blockquote summary, free text, then H2 sections of links;
 * the section named "Optional" may be skipped when context is short)
 */
import { escapeMarkdownText } from '../text/escape-markdown.ts';

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
  /** How to run the client: commands naming the pinned tarball this site serves. */
  client: { installGlobal: string; mcpCommand: string };
  /** The remote MCP endpoint's URL: POST only, so named in prose rather than as a link. */
  mcpEndpointUrl: string;
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
    `It is rate limited to ${input.rateLimitText}; over the limit it answers HTTP 429 with a JSON Error body.`,
    'It never exposes customer monitors, results, accounts, subscriptions or prompts.',
    '',
    'Every page of the site is also Markdown: at its path with `.md` for the trailing slash (the links below), or at the page itself for `Accept: text/markdown`.',
    '',
    `MCP clients reach the same data at the remote MCP endpoint ${input.mcpEndpointUrl} (Streamable HTTP, protocol revisions 2026-07-28 and 2025-11-25, no key, nothing to install).`,
    '',
    `The official client (command line, MCP server over stdio and typed library) is served by this site, pinned to its version: install it with \`${input.client.installGlobal}\`; an MCP client starts its server with \`${input.client.mcpCommand}\`. It is not on the public npm registry.`,
    '',
    ...section('Docs', input.docs),
    ...section('API', input.api),
    ...section('Optional', input.optional),
  ].join('\n');
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
