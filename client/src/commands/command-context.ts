import type { Readable, Writable } from 'node:stream';
import type { ApiClient } from '../api/api-client.ts';
import type { ApiResult } from '../api/request-json.ts';
import { toOneLine, type ClientError } from '../api/client-error.ts';
import { reportChangeNotice } from '../change-notice-line.ts';
import { escapeJsonControls, findUnprintable, toPrintableValue } from '../output/printable.ts';
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
 * The shape shared by the commands that show one API answer: on `--json` the raw text, else the
 * human rendering. Everything a server sent reaches the terminal through client/src/output/printable.ts:
 * the human rendering reads the answer with every string made printable; output meant to be
 * pasted and run (`unprintable: 'refuse'`) is refused instead, naming where the answer holds the
 * character; `--json` on a terminal escapes those characters (the same JSON value), and in a pipe
 * stays byte for byte what was received. An answer that announces a breaking change adds one line
 * on stderr (client/src/change-notice-line.ts).
 */
export async function showAnswer<T>(
  context: CommandContext,
  result: ApiResult<T>,
  render: (value: T) => string,
  options: { unprintable?: 'replace' | 'refuse' } = {},
): Promise<CommandOutcome> {
  if (!result.ok) return result;
  const outcome = printAnswer(context, result, render, options);
  // After the answer, on stderr: the notice of an announced breaking change, once per announcement.
  if (result.notice) reportChangeNotice(result.notice, result.url, context);
  return outcome;
}

function printAnswer<T>(
  context: CommandContext,
  result: ApiResult<T> & { ok: true },
  render: (value: T) => string,
  options: { unprintable?: 'replace' | 'refuse' },
): CommandOutcome {
  if (context.json) {
    // In a pipe, the answer as it came, not even a newline added: `earshot openapi --json > f`
    // is the served file. On a terminal, a newline keeps the prompt off the last line.
    context.stdout.write(context.tty ? withNewline(escapeJsonControls(result.text)) : result.text);
    return { ok: true };
  }
  if (options.unprintable === 'refuse') {
    const pointer = findUnprintable(result.value);
    if (pointer !== undefined) return { ok: false, error: unprintableAnswer(result.url, pointer) };
  }
  context.stdout.write(render(toPrintableValue(result.value)));
  return { ok: true };
}

/** The error for an answer meant to be pasted that holds a control or bidirectional character. */
function unprintableAnswer(url: string, pointer: string): ClientError {
  return {
    kind: 'bad-response',
    message: `the answer of ${toOneLine(url)} holds a control or bidirectional-text character at ${toOneLine(pointer)}; a command or configuration that hides part of itself is not printed`,
    hint: 'check that --base-url names the Earshot site; --json prints the answer with that character escaped',
    details: [],
  };
}

function withNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}
