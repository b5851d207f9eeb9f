/**
 * Makes plain text from `data/` read as that same text when it is placed in Markdown: the OpenAPI
 * `description` fields (CommonMark, which the API reference renders, raw HTML included) and
 * `/llms.txt`. Without it, a description holding `<script>` would become a script on the docs.
 *
 * Backslash-escapes the ASCII punctuation that starts inline markup (HTML, entities, emphasis,
 * code, links, GFM tables and strikethrough), what typographic renderers rewrite (straight quotes,
 * `--`, `...`), and what would open a block (heading, list) at the start of the text. Any ASCII
 * punctuation may be escaped in CommonMark; text without these characters comes back unchanged.
 * @see https://spec.commonmark.org/0.31.2/#backslash-escapes
 */
export function escapeMarkdownText(text: string): string {
  return escapeBlockStart(text.replace(/[\\`*_[\]<>&|~"']/g, escapeEach).replace(/-{2,}|\.{3,}/g, escapeEach));
}

/**
 * The same for Markdown that is read as it is rather than typeset (the pages' Markdown twins): only
 * what would start markup is escaped, so that straight quotes, `--` and `...` stay as written.
 */
export function escapeMarkdownMarkup(text: string): string {
  return escapeBlockStart(text.replace(/[\\`*_[\]<>&|~]/g, escapeEach));
}

const escapeEach = (characters: string) => characters.replace(/./g, (character) => `\\${character}`);

/** What would open a block (a heading, a list) at the start of the text. */
function escapeBlockStart(text: string): string {
  return text.replace(/^(\s*)([#+-])/, '$1\\$2').replace(/^(\s*\d+)([.)])/, '$1\\$2');
}

/**
 * `text` as one Markdown code span, whatever backticks it holds: the fence is one backtick longer
 * than the longest run inside, and padded with a space when the text starts or ends with one.
 * @see https://spec.commonmark.org/0.31.2/#code-spans
 */
export function markdownCodeSpan(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map(([run]) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}
