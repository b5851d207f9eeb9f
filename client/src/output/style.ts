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
 * Colour only on a terminal, and never when `NO_COLOR` is set to anything non-empty or the
 * terminal says it cannot (`TERM=dumb`).
 * @see https://no-color.org/
 */
export function createStyle(stream: OutputStream, env: Record<string, string | undefined>): Style {
  if (!stream.isTTY || (env.NO_COLOR ?? '') !== '' || env.TERM === 'dumb') return plain;
  return { bold: sgr(1, 22), dim: sgr(2, 22), red: sgr(31, 39), yellow: sgr(33, 39) };
}
