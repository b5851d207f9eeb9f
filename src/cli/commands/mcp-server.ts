import { buildFacts } from '../baked/build-facts.ts';
import { createMcpServer } from '../mcp/create-mcp-server.ts';
import type { CommandHandler } from './command-context.ts';

/**
 * `earshot mcp`: serves MCP over stdin/stdout until the client closes stdin (how MCP clients stop
 * a stdio server) or Ctrl-C, then returns so that the process ends with exit code 0. Nothing else may
 * write to stdout meanwhile: it carries the protocol; debug lines go to stderr.
 * @see https://modelcontextprotocol.io/specification/2025-06-18/basic/transports#stdio
 */
export const runMcpServer: CommandHandler = async (context) => {
  if (!context.stdio) throw new Error('earshot mcp needs the process streams (CliIo.stdio)');
  const { stdin, stdout } = context.stdio;
  const [server, { StdioServerTransport }] = await Promise.all([
    createMcpServer(context.client, buildFacts.version),
    import('@modelcontextprotocol/sdk/server/stdio.js'),
  ]);
  const closed = new Promise<void>((done) => {
    stdin.once('end', done);
    stdin.once('close', done);
    // Ctrl-C in a terminal that runs it by hand: stop serving, as when the client goes.
    context.signal?.addEventListener('abort', () => done(), { once: true });
  });
  await server.connect(new StdioServerTransport(stdin, stdout));
  await closed;
  await server.close();
  return { ok: true };
};
