/** Where the client writes: `process.stdout`/`process.stderr`, or a buffer in tests. */
export interface OutputStream {
  write(text: string): unknown;
  /** True on a terminal: aligned tables and, unless NO_COLOR, colour. */
  isTTY?: boolean | undefined;
  /** The terminal's width, when it is one: help is wrapped to it. */
  columns?: number | undefined;
}

export interface Style {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
}

/** No escape codes: for pipes, NO_COLOR, and text that is not printed, such as MCP tool results. */
export const plain: Style = { bold: (text) => text, dim: (text) => text, red: (text) => text, yellow: (text) => text };

const sgr = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;

/**
 * Whether to colour, most specific first: `--no-color` never; `FORCE_COLOR` set to anything
 * non-empty always (even piped: for CI logs and pagers that show colour), except `0` or `false`,
 * which mean never, as Node.js and chalk read it; then `NO_COLOR` set to anything non-empty
 * never; otherwise only on a terminal that says it can (not `TERM=dumb`).
 * @see https://no-color.org/
 * @see https://force-color.org/
 */
export function createStyle(
  stream: OutputStream,
  env: Record<string, string | undefined>,
  options: { noColor?: boolean } = {},
): Style {
  if (options.noColor) return plain;
  const force = env.FORCE_COLOR ?? '';
  if (force !== '') return force === '0' || force.toLowerCase() === 'false' ? plain : colours;
  if (!stream.isTTY || (env.NO_COLOR ?? '') !== '' || env.TERM === 'dumb') return plain;
  return colours;
}

const colours: Style = { bold: sgr(1, 22), dim: sgr(2, 22), red: sgr(31, 39), yellow: sgr(33, 39) };
