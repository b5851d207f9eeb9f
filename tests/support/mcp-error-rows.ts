import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { REVISION_WITHOUT_HEADER, STATELESS_REVISION } from '../../client/src/mcp/mcp-revision-rules.ts';
import { findMcpErrorAnswer, type McpErrorAnswer, type McpErrorRow } from '../../site/lib/docs/mcp-errors.ts';

/**
 * Sends the rows of the MCP page's errors table (site/lib/docs/mcp-errors.ts) as a client of each
 * revision would, and checks the answer against the row. A row states what the server answers;
 * the expected status and code are the row's, never the server's.
 */

const meta = (revision: string) => ({
  'io.modelcontextprotocol/protocolVersion': revision,
  'io.modelcontextprotocol/clientInfo': { name: 'earshot-tests', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
});

type Message = { method?: string; params?: Record<string, unknown> };

/** A message as a client of `revision` sends it: a 2026-07-28 request carries `_meta`. */
function asClientOf(message: unknown, revision: string | undefined): unknown {
  if (revision !== STATELESS_REVISION) return message;
  const add = (one: Message) => (one?.method ? { ...one, params: { ...one.params, _meta: meta(revision) } } : one);
  return Array.isArray(message) ? message.map(add) : add(message as Message);
}

/** The body and headers a client of `revision` (or of none: no header) POSTs for the row. */
function toHttpRequest(row: McpErrorRow, revision: string | undefined): RequestInit {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  if (revision !== undefined) headers['mcp-protocol-version'] = revision;
  if ('raw' in row.send) return { method: 'POST', headers, body: row.send.raw };
  const message = asClientOf(row.send.message, revision);
  const first = (Array.isArray(message) ? message[0] : message) as Message;
  if (revision === STATELESS_REVISION && first?.method) {
    headers['mcp-method'] = first.method;
    const name = first.params?.name ?? first.params?.uri;
    if (name !== undefined) headers['mcp-name'] = String(name);
  }
  return { method: 'POST', headers, body: JSON.stringify(message) };
}

/** The JSON-RPC messages of an answer: one JSON body, or the `data:` lines of an SSE stream. */
function readMessages(response: Response, text: string): { id?: unknown; error?: { code: number } }[] {
  const json = (response.headers.get('content-type') ?? '').startsWith('text/event-stream')
    ? [...text.matchAll(/^data: (.*)$/gm)].map((match) => match[1]!)
    : [text];
  return json.flatMap((one) => JSON.parse(one) as never);
}

/** Checks an answer (status, then each message) against the row's answer. */
function checkAnswer(messages: { id?: unknown; error?: { code: number } }[], want: McpErrorAnswer, what: string) {
  if (want.code === 'answered') {
    assert.ok(messages.length > 1, `${what}: one answer per message`);
    for (const message of messages) assert.equal(message.error, undefined, `${what}: ${JSON.stringify(message)}`);
    return;
  }
  assert.equal(messages.length, 1, `${what}: one answer`);
  assert.equal(messages[0]!.error?.code, want.code, `${what}: ${JSON.stringify(messages[0])}`);
}

/** POSTs the row to `/mcp` as a client of `revision` (undefined: no `MCP-Protocol-Version`). */
export async function checkHttpRow(endpointUrl: string, row: McpErrorRow, revision: string | undefined) {
  const want = findMcpErrorAnswer(row, 'http', revision ?? REVISION_WITHOUT_HEADER)!;
  const response = await fetch(endpointUrl, toHttpRequest(row, revision));
  const text = await response.text();
  const what = `${row.when}, ${revision ?? 'no MCP-Protocol-Version'}`;
  assert.equal(response.status, want.status, `${what}: ${text}`);
  checkAnswer(readMessages(response, text), want, what);
}

/** A running stdio server of one revision, and the next line it answers. */
export interface StdioSession {
  child: ChildProcessWithoutNullStreams;
  revision: string;
  next: () => Promise<string>;
}

/**
 * Starts `command` as a client of `revision` does: a 2025 client sends `initialize` and must get
 * that revision back; a 2026-07-28 client sends no `initialize` and names its revision in `_meta`.
 */
export async function startStdioSession(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  revision: string,
): Promise<StdioSession> {
  const child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const complete = buffered.split('\n');
    buffered = complete.pop()!;
    for (const line of complete) {
      const waiter = waiting.shift();
      if (waiter) waiter(line);
      else lines.push(line);
    }
  });
  const next = () => new Promise<string>((done) => (lines.length > 0 ? done(lines.shift()!) : waiting.push(done)));
  if (revision !== STATELESS_REVISION) {
    const clientInfo = { name: 'earshot-tests', version: '1.0.0' };
    const params = { protocolVersion: revision, capabilities: {}, clientInfo };
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 'init', method: 'initialize', params })}\n`);
    const answer = JSON.parse(await next()) as { result?: { protocolVersion?: string } };
    assert.equal(answer.result?.protocolVersion, revision, `initialize with ${revision}: ${JSON.stringify(answer)}`);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  }
  return { child, revision, next };
}

/** Writes the row as one line to a running stdio server and checks the next line it answers. */
export async function checkStdioRow({ child, revision, next }: StdioSession, row: McpErrorRow) {
  const line = 'raw' in row.send ? row.send.raw : JSON.stringify(asClientOf(row.send.message, revision));
  child.stdin.write(`${line}\n`);
  const want = findMcpErrorAnswer(row, 'stdio', revision)!;
  // A batch's answers come as one line holding an array.
  checkAnswer([JSON.parse(await next()) as never].flat(), want, `${row.when}, stdio, ${revision}`);
}
