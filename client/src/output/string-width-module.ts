/**
 * string-width, in a chunk of its own: it builds an `Intl.Segmenter` when loaded (about 15 ms of
 * ICU data), which a command that prints no table to a terminal should not pay for at start.
 * `display-width.ts` loads it with `import()` when a width is first needed.
 */
import stringWidth from 'string-width';

export function measureDisplayWidth(text: string): number {
  return stringWidth(text, { countAnsiEscapeCodes: false });
}
