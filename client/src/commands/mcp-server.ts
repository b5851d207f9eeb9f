import { formatErrorLines } from '../api/client-error.ts';
import { buildFacts } from '../baked/build-facts.ts';
import { columnsOf, wrapText } from '../output/wrap.ts';
import type { CommandHandler } from './command-context.ts';

/** The one line `earshot mcp` prints when started by hand on a terminal. */
export const MCP_TERMINAL_NOTE =
  'earshot mcp speaks MCP on stdin/stdout for an MCP client, which starts it itself; to set one up, run `earshot mcp config`. Ctrl-C stops it.';

/**
 * `earshot mcp`: serves MCP over stdin/stdout until the client closes stdin (how MCP clients stop
 * a stdio server) or Ctrl-C, then returns so that the process ends with exit code 0. Nothing else may
 * write to stdout meanwhile: it carries the protocol; debug lines go to stderr.
 *
 * `serveStdio` (SDK v2) answers clients of either era on the same connection: a 2026-07-28 client
 * sends requests with `_meta` straight away (or `server/discover` first), a 2025 client opens with
 * `initialize`; the opening exchange pins the era.
 * @see https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio
 */
export const runMcpServer: CommandHandler = async (context) => {
  if (!context.stdio) throw new Error('earshot mcp needs the process streams (CliIo.stdio)');
  const { stdin, stdout } = context.stdio;
  // A person who typed `earshot mcp` sees a silent terminal otherwise: say what it is, on stderr
  // (stdout carries the protocol). An MCP client gives pipes, and reads nothing of this.
  if ((stdin as { isTTY?: boolean }).isTTY === true)
    context.stderr.write(
      `${context.stderr.isTTY ? wrapText(MCP_TERMINAL_NOTE, columnsOf(context.stderr)).join('\n') : MCP_TERMINAL_NOTE}\n`,
    );
  // Loaded only now, from chunks of their own: no other command pays for the SDK.
  const [{ loadEarshotMcpServerFactory }, { serveStdio }, { LineDelimitedStdioTransport }] = await Promise.all([
    import('../mcp/create-mcp-server.ts'),
    import('@modelcontextprotocol/server/stdio'),
    import('../mcp/stdio-transport.ts'),
  ]);
  const factory = await loadEarshotMcpServerFactory({
    source: context.client,
    version: buildFacts.version,
    // A tool's error result reads exactly as the command line's stderr would.
    formatError: ({ message, hint }) => formatErrorLines(message, hint),
  });
  const closed = new Promise<void>((done) => {
    stdin.once('end', done);
    stdin.once('close', done);
    // Ctrl-C in a terminal that runs it by hand: stop serving, as when the client goes.
    context.signal?.addEventListener('abort', () => done(), { once: true });
  });
  const handle = serveStdio(factory, { transport: new LineDelimitedStdioTransport(stdin, stdout) });
  await closed;
  await handle.close();
  return { ok: true };
};
