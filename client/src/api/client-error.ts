/**
 * Why a request to the API failed, kept as data until it is printed: the command-line client
 * turns it into `error:`/`hint:` lines and an exit code, the MCP server into an error result.
 */
export type ClientErrorKind =
  /** HTTP 429 after every allowed retry. */
  | 'rate-limited'
  /** No answer at all: connection refused, DNS failure, TLS or network error, timeout. */
  | 'unreachable'
  /** An answer that cannot be used: HTML, invalid JSON, JSON that breaks the schema, too large. */
  | 'bad-response'
  /** An HTTP error status other than 429, such as 404 or 503. */
  | 'http-error';

export interface ClientError {
  kind: ClientErrorKind;
  /** The HTTP status of the answer that failed, when there was an answer. */
  status?: number;
  /** One line, without the `error: ` prefix. */
  message: string;
  /** One line naming the next step, without the `hint: ` prefix. */
  hint: string;
  /** Extra lines shown only with `EARSHOT_DEBUG=1`. */
  details: string[];
}

import { toPrintable } from '../output/printable.ts';

const MAX_QUOTED_LENGTH = 120;

/**
 * Makes text from a server safe to show on one line: control characters (newlines, escape
 * sequences that could repaint a terminal) become spaces, and long text is cut.
 */
export function toOneLine(text: string, maxLength = MAX_QUOTED_LENGTH): string {
  const flat = toPrintable(text).replace(/ {2,}/g, ' ').trim();
  return flat.length > maxLength ? `${flat.slice(0, maxLength - 1)}…` : flat;
}

/**
 * The two lines every failure is reported with, on the command line's stderr and in an MCP tool's
 * error result alike: `error: <what happened>` and `hint: <what to do>`.
 */
export function formatErrorLines(
  message: string,
  hint: string,
  style: { red(text: string): string; yellow(text: string): string } = { red: (text) => text, yellow: (text) => text },
): string {
  return `${style.red('error:')} ${toOneLine(message, 500)}\n${style.yellow('hint:')} ${toOneLine(hint, 500)}`;
}
