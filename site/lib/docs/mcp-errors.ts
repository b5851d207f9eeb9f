/**
 * The MCP page's errors table, one row per thing a client can send wrong, with what each transport
 * and protocol revision answers. The page renders these rows (`describeMcpErrorAnswer`), and
 * tests/e2e/mcp.spec.ts sends each row's message to the installed `earshot mcp` and to `/mcp` on
 * the local server, once per revision the endpoint answers, so a row the server contradicts fails.
 */
import { MAX_LINE_BYTES } from '../../../client/src/mcp/stdio-transport.ts';
import { BATCH_REVISIONS, STATELESS_REVISION } from '../mcp/mcp-revision-rules.ts';

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
  stdio?: McpErrorAnswer;
  /** Over HTTP: by revision; `other` for every revision the endpoint answers that is not named. */
  http?: Record<string, McpErrorAnswer>;
}

const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
const sameOverHttp = (answer: McpErrorAnswer) => ({ other: answer });

export const mcpErrorRows: readonly McpErrorRow[] = [
  {
    when: 'A body or line that is not JSON',
    send: { raw: '{"jsonrpc": "2.0", "id": 1, "method": ' },
    stdio: { code: -32700 },
    http: sameOverHttp({ status: 400, code: -32700 }),
  },
  {
    when: 'JSON that is not a JSON-RPC message',
    send: { message: { hello: 'world' } },
    stdio: { code: -32600 },
    http: sameOverHttp({ status: 400, code: -32600 }),
  },
  {
    when: 'A batch (an array of messages)',
    send: { message: [ping(1), ping(2)] },
    stdio: { code: -32600 },
    http: {
      ...Object.fromEntries(BATCH_REVISIONS.map((revision) => [revision, { status: 200, code: 'answered' as const }])),
      other: { status: 400, code: -32600 },
    },
  },
  {
    when: 'An unknown method',
    send: { message: { jsonrpc: '2.0', id: 1, method: 'monitors/list', params: {} } },
    stdio: { code: -32601 },
    http: { [STATELESS_REVISION]: { status: 404, code: -32601 }, other: { status: 200, code: -32601 } },
  },
  {
    when: 'An unknown tool',
    send: {
      message: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_monitors', arguments: {} } },
    },
    stdio: { code: -32602 },
    http: sameOverHttp({ status: 200, code: -32602 }),
  },
  {
    when: 'An unknown resource',
    send: { message: { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'earshot://monitors' } } },
    stdio: { code: -32602 },
    http: sameOverHttp({ status: 200, code: -32602 }),
  },
  {
    when: "Parameters that break the method's schema",
    send: { message: { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 5 } } },
    stdio: { code: -32602 },
    http: sameOverHttp({ status: 200, code: -32602 }),
  },
  {
    when: `A line over ${MAX_LINE_BYTES / 1024} KiB`,
    send: { raw: `{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"pad": "${'x'.repeat(MAX_LINE_BYTES)}"}}` },
    stdio: { code: -32600 },
  },
];

/** The answer of one revision over HTTP. */
export function findHttpAnswer(row: McpErrorRow, revision: string): McpErrorAnswer | undefined {
  return row.http?.[revision] ?? row.http?.other;
}

const describeAnswer = ({ code, status }: McpErrorAnswer) =>
  [status === undefined ? '' : `\`${status}\``, code === 'answered' ? 'each message answered' : `\`${code}\``]
    .filter(Boolean)
    .join(' with ');

/** A cell of the table: "`-32700`", or over HTTP "`404` with `-32601` (2026-07-28); `200` with `-32601` (others)". */
export function describeMcpErrorAnswer(row: McpErrorRow, transport: 'stdio' | 'http', revisions: string[]): string {
  if (transport === 'stdio') return row.stdio ? describeAnswer(row.stdio) : '';
  if (!row.http) return '';
  const named = Object.keys(row.http).filter((revision) => revision !== 'other');
  if (named.length === 0) return describeAnswer(row.http.other!);
  const others = revisions.filter((revision) => !named.includes(revision));
  return [
    ...named.map((revision) => `${describeAnswer(row.http![revision]!)} (${revision})`),
    `${describeAnswer(row.http.other!)} (${others.join(', ')})`,
  ].join('; ');
}
