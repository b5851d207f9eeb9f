/**
 * The MCP page's errors table, one row per thing a client can send wrong, with what each transport
 * and protocol revision answers. The page renders these rows (`describeMcpErrorAnswer`), and
 * tests/e2e/mcp.spec.ts sends each row's message to the installed `earshot mcp` and to `/mcp` on
 * the local server, once per revision they answer, so a row the server contradicts fails. The
 * stdio server is of the same SDK as the endpoint, so it answers the same revisions.
 */
import { MAX_LINE_BYTES } from '../../../client/src/mcp/stdio-transport.ts';
import { BATCH_REVISIONS, STATELESS_REVISION } from '../../../client/src/mcp/mcp-revision-rules.ts';

/** What one transport answers: a JSON-RPC error code, or `answered` (every message gets its own answer). */
export interface McpErrorAnswer {
  code: number | 'answered';
  /** Over HTTP only: the status. */
  status?: number;
}

export interface McpErrorRow {
  /** The case, as the page says it. */
  when: string;
  /** What is sent: a JSON-RPC message (or an array of them), or a line of raw text. */
  send: { message: unknown } | { raw: string };
  /** By revision (over stdio, the one negotiated at `initialize`); `other` for every revision not named. */
  stdio?: Record<string, McpErrorAnswer>;
  /** Over HTTP: by revision; `other` for every revision the endpoint answers that is not named. */
  http?: Record<string, McpErrorAnswer>;
}

const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
const sameOverHttp = (answer: McpErrorAnswer) => ({ other: answer });
const sameOverStdio = (code: number) => ({ other: { code } });

export const mcpErrorRows: readonly McpErrorRow[] = [
  {
    when: 'A body or line that is not JSON',
    send: { raw: '{"jsonrpc": "2.0", "id": 1, "method": ' },
    stdio: sameOverStdio(-32700),
    http: sameOverHttp({ status: 400, code: -32700 }),
  },
  {
    when: 'JSON that is not a JSON-RPC message',
    send: { message: { hello: 'world' } },
    stdio: sameOverStdio(-32600),
    http: sameOverHttp({ status: 400, code: -32600 }),
  },
  {
    when: 'A batch (an array of messages)',
    send: { message: [ping(1), ping(2)] },
    stdio: {
      ...Object.fromEntries(BATCH_REVISIONS.map((revision) => [revision, { code: 'answered' as const }])),
      other: { code: -32600 },
    },
    // /mcp refuses batches on every revision: its rate limit counts requests, not calls.
    http: sameOverHttp({ status: 400, code: -32600 }),
  },
  {
    when: 'An unknown method',
    send: { message: { jsonrpc: '2.0', id: 1, method: 'monitors/list', params: {} } },
    stdio: sameOverStdio(-32601),
    http: { [STATELESS_REVISION]: { status: 404, code: -32601 }, other: { status: 200, code: -32601 } },
  },
  {
    when: 'An unknown tool',
    send: {
      message: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_monitors', arguments: {} } },
    },
    stdio: sameOverStdio(-32602),
    http: sameOverHttp({ status: 200, code: -32602 }),
  },
  {
    when: 'An unknown resource',
    send: { message: { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'earshot://monitors' } } },
    stdio: sameOverStdio(-32602),
    http: sameOverHttp({ status: 200, code: -32602 }),
  },
  {
    when: "Parameters that break the method's schema",
    send: { message: { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 5 } } },
    stdio: sameOverStdio(-32602),
    http: sameOverHttp({ status: 200, code: -32602 }),
  },
  {
    when: `A line over ${MAX_LINE_BYTES / 1024} KiB`,
    send: { raw: `{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"pad": "${'x'.repeat(MAX_LINE_BYTES)}"}}` },
    stdio: sameOverStdio(-32600),
  },
];

/** Which revision a stdio row's answer is that of, as the page says it above the table. */
export const STDIO_REVISION_SENTENCE = `Over stdio, an answer that differs by revision follows the one agreed at \`initialize\`; a session without \`initialize\` is of ${STATELESS_REVISION}.`;

/** The answer of one revision over one transport. */
export function findMcpErrorAnswer(
  row: McpErrorRow,
  transport: 'stdio' | 'http',
  revision: string,
): McpErrorAnswer | undefined {
  const answers = row[transport];
  return answers?.[revision] ?? answers?.other;
}

const describeAnswer = ({ code, status }: McpErrorAnswer) =>
  [status === undefined ? '' : `\`${status}\``, code === 'answered' ? 'each message answered' : `\`${code}\``]
    .filter(Boolean)
    .join(' with ');

/** A cell of the table: "`-32700`", or by revision "`404` with `-32601` (2026-07-28); `200` with `-32601` (every other revision)". */
export function describeMcpErrorAnswer(row: McpErrorRow, transport: 'stdio' | 'http', revisions: string[]): string {
  const answers = row[transport];
  if (!answers) return '';
  const named = Object.keys(answers).filter((revision) => revision !== 'other');
  if (named.length === 0) return describeAnswer(answers.other!);
  // The other revisions are those the page lists above the table: named again in every cell, they
  // made the table the longest part of the page.
  const others = revisions.filter((revision) => !named.includes(revision));
  return [
    ...named.map((revision) => `${describeAnswer(answers[revision]!)} (${revision})`),
    `${describeAnswer(answers.other!)} (${others.length === 1 ? others[0] : 'every other revision'})`,
  ].join('; ');
}
