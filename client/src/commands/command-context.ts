import type { Readable, Writable } from 'node:stream';
import type { ApiClient } from '../api/api-client.ts';
import type { ApiResult } from '../api/request-json.ts';
import type { ClientError } from '../api/client-error.ts';
import type { OutputStream, Style } from '../output/style.ts';

/** What a command gets to work with; nothing global, so tests run commands in-process. */
export interface CommandContext {
  client: ApiClient;
  stdout: OutputStream;
  stderr: OutputStream;
  /** The process's raw streams, given only by the launcher: the MCP server speaks the protocol over them. */
  stdio?: { stdin: Readable; stdout: Writable } | undefined;
  /** Human output: aligned when stdout is a terminal, tab-separated when piped. */
  tty: boolean;
  style: Style;
  /** The terminal's columns, which tables and text fit on a terminal (80 when piped, where nothing is fitted). */
  width: number;
  /** `--json`: print the API's answer exactly as received. */
  json: boolean;
  flags: ReadonlyMap<string, string | true>;
  env: Record<string, string | undefined>;
  /** Aborted on Ctrl-C: a long-running command (the MCP server) stops when it fires. */
  signal?: AbortSignal | undefined;
}

export type CommandOutcome = { ok: true } | { ok: false; error: ClientError };

export type CommandHandler = (context: CommandContext) => Promise<CommandOutcome>;

/** What a command that never talks to the API gets (`help`, `completion`): its words and stdout. */
interface LocalCommandContext {
  /** The words after the command's own: `['mcp', 'config']` for `earshot help mcp config`. */
  args: readonly string[];
  stdout: OutputStream;
  style: Style;
  /** The columns to lay text out in: the terminal's, else 80. */
  width: number;
}

type LocalCommandOutcome = { ok: true } | { ok: false; usage: { message: string; hint: string } };

export type LocalCommandHandler = (context: LocalCommandContext) => LocalCommandOutcome | Promise<LocalCommandOutcome>;

/**
 * The shape shared by the commands that show one API answer: on `--json` the raw text, else
 * the human rendering.
 */
export async function showAnswer<T>(
  context: CommandContext,
  result: ApiResult<T>,
  render: (value: T) => string,
): Promise<CommandOutcome> {
  if (!result.ok) return result;
  context.stdout.write(context.json ? withNewline(result.text) : render(result.value));
  return { ok: true };
}

function withNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}
