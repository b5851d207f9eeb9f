import { displayWidth } from './display-width.ts';

/** The width help is laid out for when the terminal's is unknown (piped, redirected), as gh does. */
const DEFAULT_COLUMNS = 80;

/** The terminal's width when stdout is one, else `DEFAULT_COLUMNS`. */
export function columnsOf(stream: { isTTY?: boolean | undefined; columns?: number | undefined }): number {
  return stream.isTTY && typeof stream.columns === 'number' && stream.columns > 0 ? stream.columns : DEFAULT_COLUMNS;
}

/**
 * Lays words out in lines of at most `width` columns (by display width), one space between
 * words. A word wider than a line gets a line of its own and is never cut, so a flag or a URL
 * stays whole and can be copied.
 */
export function wrapWords(words: readonly string[], width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (word === '') continue;
    if (line === '') line = word;
    else if (displayWidth(line) + 1 + displayWidth(word) <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** `wrapWords` of a sentence, split at its spaces. */
export function wrapText(text: string, width: number): string[] {
  return wrapWords(text.split(/ +/), width);
}
