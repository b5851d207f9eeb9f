/**
 * `/llms.txt`: a Markdown map of the docs for language models.
 * @see https://llmstxt.org/ (an H1, a blockquote summary, free text, then H2 sections of links;
 * the section named "Optional" may be skipped when context is short)
 */
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
  docs: readonly LlmsTxtPage[];
  api: readonly LlmsTxtPage[];
  optional: readonly LlmsTxtPage[];
}

export function buildLlmsTxt(input: LlmsTxtInput): string {
  const section = (heading: string, pages: readonly LlmsTxtPage[]) =>
    [`## ${heading}`, '', ...pages.map(({ title, url, description }) => `- [${title}](${url}): ${oneLine(description)}`), ''];
  return [
    `# ${input.productName} Discovery API`,
    '',
    `> ${oneLine(input.productDescription)}`,
    '',
    `The public discovery API is read-only JSON under ${input.baseUrl}. It needs no API key and no authentication.`,
    `It is rate limited to ${input.rateLimitText}; over the limit it answers HTTP 429 with a JSON Error body.`,
    'It never exposes customer monitors, results, accounts, subscriptions or prompts.',
    '',
    ...section('Docs', input.docs),
    ...section('API', input.api),
    ...section('Optional', input.optional),
  ].join('\n');
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
