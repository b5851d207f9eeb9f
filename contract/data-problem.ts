import { escapeUnprintable } from './one-line-text.ts';

/**
 * One problem found in a data file, kept as data until it is printed.
 * `pointer` is a JSON Pointer (RFC 6901) into the file's JSON, `""` for the whole document.
 */
export interface DataProblem {
  /** The file as the editor knows it, for example `data/platforms.json`. */
  file: string;
  pointer: string;
  /** What was expected, phrased to follow the location: `must be one of "keyword", "subreddit"`. */
  expected: string;
  /** What was found there, when quoting it helps. */
  found?: unknown;
}

const MAX_FOUND_LENGTH = 60;

/** `data/platforms.json#/3/targetTypes/0: must be one of "keyword", "subreddit" (got "hashtag")` */
export function formatDataProblem(problem: DataProblem): string {
  const location = `${problem.file}#${problem.pointer}`;
  const found = 'found' in problem ? ` (got ${quoteFound(problem.found)})` : '';
  return `${location}: ${problem.expected}${found}`;
}

/** The value as JSON, with what JSON leaves raw but a terminal acts on or hides escaped too (`\u202e`). */
function quoteFound(value: unknown): string {
  const text = value === undefined ? 'nothing' : escapeUnprintable(JSON.stringify(value));
  return text.length > MAX_FOUND_LENGTH ? `${text.slice(0, MAX_FOUND_LENGTH - 1)}…` : text;
}

/** Orders problems by file, then by position in the document (array indexes numerically). */
export function compareDataProblems(a: DataProblem, b: DataProblem): number {
  // Stryker disable next-line EqualityOperator: the files differ here, so < and <= agree.
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  const left = a.pointer.split('/');
  const right = b.pointer.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    // Stryker disable next-line StringLiteral: i is below both lengths, so the fallback is never used.
    const [x, y] = [left[i] ?? '', right[i] ?? ''];
    if (x === y) continue;
    const [m, n] = [Number(x), Number(y)];
    if (x !== '' && y !== '' && Number.isInteger(m) && Number.isInteger(n)) return m - n;
    // Stryker disable next-line EqualityOperator: the tokens differ here, so < and <= agree.
    return x < y ? -1 : 1;
  }
  if (left.length !== right.length) return left.length - right.length;
  return a.expected < b.expected ? -1 : a.expected > b.expected ? 1 : 0;
}

/** Escapes one reference token of a JSON Pointer (RFC 6901, section 3). */
export function escapePointerToken(token: string | number): string {
  return String(token).replaceAll('~', '~0').replaceAll('/', '~1');
}
