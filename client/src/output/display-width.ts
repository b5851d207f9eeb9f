/**
 * The columns text takes on a terminal: East Asian wide characters (CJK) and emoji take two,
 * combining marks and zero-width characters none. By grapheme cluster (`Intl.Segmenter`), the way
 * terminals draw them, with `string-width`, bundled into the client (the package keeps no runtime
 * dependency). Escape codes count for nothing, so styled text measures as what it shows.
 * @see https://www.unicode.org/reports/tr11/ (East Asian Width)
 *
 * Printable ASCII, which all of the client's own text is (help, headers), is one column a
 * character and is measured at once. Anything else needs `loadDisplayWidth()` first, which the
 * paths that print a server's text to a terminal await (`run`, the MCP tools): string-width is
 * loaded only then, so that starting the client stays as fast as before.
 */
let measure: ((text: string) => number) | undefined;

/** Loads the measure of non-ASCII text; cheap after the first call. */
export async function loadDisplayWidth(): Promise<void> {
  measure ??= (await import('./string-width-module.ts')).measureDisplayWidth;
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

export function displayWidth(text: string): number {
  if (PRINTABLE_ASCII.test(text)) return text.length;
  if (!measure)
    throw new Error('displayWidth: call loadDisplayWidth() before measuring text other than printable ASCII');
  return measure(text);
}

/** `text` followed by spaces up to `width` columns (never cut). */
export function padToWidth(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}

/**
 * `text` cut to at most `width` columns, ending in `…` when cut: by grapheme cluster, so that no
 * character, emoji or combining mark is split. Text that fits is returned as it is.
 */
export function truncateToWidth(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 0) return '';
  let kept = '';
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) {
    if (displayWidth(kept + segment) > width - 1) break;
    kept += segment;
  }
  return `${kept.trimEnd()}…`;
}
