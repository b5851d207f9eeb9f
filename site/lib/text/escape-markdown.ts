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
  const escapeEach = (characters: string) => characters.replace(/./g, (character) => `\\${character}`);
  return text
    .replace(/[\\`*_[\]<>&|~"']/g, escapeEach)
    .replace(/-{2,}|\.{3,}/g, escapeEach)
    .replace(/^(\s*)([#+-])/, '$1\\$2')
    .replace(/^(\s*\d+)([.)])/, '$1\\$2');
}
