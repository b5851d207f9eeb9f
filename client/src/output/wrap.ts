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
 * stays whole and can be copied; with `cutLongWords` (text from a server, which may hold a
 * "word" of any length), such a word is cut across lines instead, at grapheme boundaries, as the
 * terminal would otherwise cut it.
 */
export function wrapWords(words: readonly string[], width: number, options: { cutLongWords?: boolean } = {}): string[] {
  const lines: string[] = [];
  let line = '';
  const pieces = options.cutLongWords ? words.flatMap((word) => cutToWidth(word, width)) : words;
  for (const word of pieces) {
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
export function wrapText(text: string, width: number, options: { cutLongWords?: boolean } = {}): string[] {
  return wrapWords(text.split(/ +/), width, options);
}

/** A word in pieces of at most `width` columns, by grapheme; the word itself when it fits. */
function cutToWidth(word: string, width: number): string[] {
  if (displayWidth(word) <= width || width < 1) return [word];
  const pieces: string[] = [];
  let piece = '';
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(word)) {
    if (piece !== '' && displayWidth(piece + segment) > width) {
      pieces.push(piece);
      piece = '';
    }
    piece += segment;
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}

/**
 * A shell command laid out in lines of at most `width` columns, continued with ` \` as a shell
 * reads it, so that it still runs when copied whole. It is broken only at spaces outside quotes:
 * a quoted argument (an awk program) stays on one line, and no word is ever cut. The first line
 * starts with `prompt`, the others are indented by as much.
 */
export function wrapShellCommand(command: string, width: number, prompt = '$ '): string[] {
  const words = splitShellWords(command);
  const indent = ' '.repeat(prompt.length);
  const lines: string[] = [];
  let line = prompt;
  for (const word of words) {
    const start = line === prompt || line === indent;
    // Room for the word, and for ` \` should another line follow.
    if (!start && displayWidth(line) + 1 + displayWidth(word) + 2 > width) {
      lines.push(`${line} \\`);
      line = `${indent}${word}`;
    } else line = start ? `${line}${word}` : `${line} ${word}`;
  }
  lines.push(line);
  return lines;
}

/** The words of a command line as typed: split at spaces, except inside single or double quotes. */
function splitShellWords(command: string): string[] {
  const words: string[] = [];
  let word = '';
  let quote: string | undefined;
  for (const character of command) {
    if (quote) {
      if (character === quote) quote = undefined;
    } else if (character === "'" || character === '"') quote = character;
    else if (character === ' ') {
      if (word !== '') words.push(word);
      word = '';
      continue;
    }
    word += character;
  }
  if (word !== '') words.push(word);
  return words;
}
