import stringWidth from 'string-width';

/**
 * The columns `text` takes on a terminal: East Asian wide characters (CJK) and emoji take two,
 * combining marks and zero-width characters none. By grapheme cluster (`Intl.Segmenter`), the way
 * terminals draw them, with `string-width`, bundled into the client (the package keeps no runtime
 * dependency). Escape codes count for nothing, so styled text measures as what it shows.
 * @see https://www.unicode.org/reports/tr11/ (East Asian Width)
 */
export function displayWidth(text: string): number {
  return stringWidth(text, { countAnsiEscapeCodes: false });
}

/** `text` followed by spaces up to `width` columns (never cut). */
export function padToWidth(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}
