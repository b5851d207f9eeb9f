/**
 * Line-break opportunities in the code of table cells. A cell's code (a URL, a path, a flag, a
 * JSON Pointer) must not widen its column past a phone's screen, yet must not break in the middle
 * of a word either (`overflow-wrap: anywhere` split "capabilitie|s" even at 1440 px). So the code
 * in every `<td>` and `<th>` gets a `<wbr>` after each `/`, `.`, `-`, `_`, `=`, `,` or `|` that follows
 * a character and precedes one: the column may wrap there, and only there
 * (site/styles/docs.css keeps words whole). Run on every built page (site/middleware.ts), so that
 * tables from Markdown, from MDX expressions, from components and from starlight-openapi are
 * treated alike.
 */

const CELL = /<(td|th)\b[^>]*>[\s\S]*?<\/\1>/g;
const CODE_TEXT = /(<code\b[^>]*>)([^<]+)(<\/code>)/g;
/** A break point: after the separator, between two characters that are not separators or entity parts. */
const BREAK_AFTER = /(?<=[^\s/.\-_=,|&])([/.\-_=,|]+)(?=[^\s/.\-_=,|;])/g;

/** `html` with a `<wbr>` at each break point of the code inside table cells. */
export function addTableCodeBreaks(html: string): string {
  return html.replace(CELL, (cell) =>
    cell.replace(CODE_TEXT, (_, open: string, text: string, close: string) => `${open}${breakCode(text)}${close}`),
  );
}

/** Escaped code text with `<wbr>` after its separators; entities (`&amp;`) are left whole. */
function breakCode(text: string): string {
  return text
    .split(/(&[#\w]+;)/)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(BREAK_AFTER, '$1<wbr>')))
    .join('');
}
