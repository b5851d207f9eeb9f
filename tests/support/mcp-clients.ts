import { Client as V2Client, StreamableHTTPClientTransport as V2HttpTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport as V2StdioTransport } from '@modelcontextprotocol/client/stdio';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1StdioTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as V1HttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Readable, Writable } from 'node:stream';

/**
 * The two generations of the official TypeScript SDK's client, as an MCP host uses them, behind
 * one small interface so that a test runs the same steps with each:
 * - the v2 client (`@modelcontextprotocol/client`) pinned to revision 2026-07-28: no `initialize`,
 *   `server/discover`, `_meta` on every request; a pin never falls back to the 2025 handshake;
 * - the v1 client (`@modelcontextprotocol/sdk` 1.x): `initialize`, revision 2025-11-25.
 */
export interface McpTestClient {
  listTools(): Promise<{ tools: ToolInfo[] } & Record<string, unknown>>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<ToolResult>;
  listResources(): Promise<{ resources: { uri: string; name: string; mimeType?: string }[] } & Record<string, unknown>>;
  listResourceTemplates(): Promise<{ resourceTemplates: unknown[] } & Record<string, unknown>>;
  readResource(params: { uri: string }): Promise<{ contents: { uri: string; mimeType?: string; text?: string }[] }>;
  getServerVersion(): { name: string; version: string; title?: string; description?: string } | undefined;
  getInstructions(): string | undefined;
  close(): Promise<void>;
}

interface ToolInfo {
  name: string;
  title?: string;
  inputSchema: unknown;
  outputSchema?: unknown;
  annotations?: Record<string, unknown>;
}

interface ToolResult {
  content?: unknown;
  structuredContent?: unknown;
  isError?: boolean;
}

export type McpGeneration = 'v2-2026-07-28' | 'v1-2025-11-25';

export const MCP_GENERATIONS: readonly { generation: McpGeneration; name: string; protocolVersion: string }[] = [
  { generation: 'v2-2026-07-28', name: 'the v2 SDK client pinned to 2026-07-28', protocolVersion: '2026-07-28' },
  { generation: 'v1-2025-11-25', name: 'the v1 SDK client (2025-11-25)', protocolVersion: '2025-11-25' },
];

const clientInfo = { name: 'earshot-tests', version: '1.0.0' };

/** Connects a client of that generation over a transport the test built for it. */
export async function connectClient(
  generation: McpGeneration,
  transport: unknown,
): Promise<McpTestClient & { era(): 'modern' | 'legacy' | undefined }> {
  if (generation === 'v2-2026-07-28') {
    const client = new V2Client(clientInfo, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(transport as never);
    return Object.assign(client as unknown as McpTestClient, { era: () => client.getProtocolEra() });
  }
  // The v1 client knows one era: it connects only through `initialize`.
  const client = new V1Client(clientInfo);
  await client.connect(transport as never);
  return Object.assign(client as unknown as McpTestClient, { era: () => 'legacy' as const });
}

/** A client over Streamable HTTP; `fetch` lets an in-process test answer without a server. */
export function connectHttpClient(generation: McpGeneration, url: string, fetch?: typeof globalThis.fetch) {
  const options = fetch ? { fetch } : {};
  const transport =
    generation === 'v2-2026-07-28'
      ? new V2HttpTransport(new URL(url), options)
      : new V1HttpTransport(new URL(url), options);
  return connectClient(generation, transport);
}

/**
 * A client that starts `command args` and speaks stdio with it. Neither SDK's transport passes the
 * test's environment on: the child gets `env` only (PATH included), as an MCP host would give it.
 */
export function connectStdioClient(
  generation: McpGeneration,
  server: { command: string; args: string[]; env: Record<string, string> },
) {
  const options = { command: server.command, args: server.args, env: server.env, stderr: 'pipe' as const };
  const transport = generation === 'v2-2026-07-28' ? new V2StdioTransport(options) : new V1StdioTransport(options);
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return connectClient(generation, transport).then((client) => Object.assign(client, { stderr: () => stderr }));
}

/**
 * A client transport over a pair of streams, newline-delimited JSON as on stdio, for tests that
 * run the server in-process over its real stdio transport (`LineDelimitedStdioTransport`).
 */
export class LineClientTransport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: unknown) => void;
  private buffered = '';
  private readonly input: Readable;
  private readonly output: Writable;

  constructor(input: Readable, output: Writable) {
    this.input = input;
    this.output = output;
  }

  async start(): Promise<void> {
    this.input.on('data', (chunk: Buffer) => {
      this.buffered += chunk.toString();
      for (let newline = this.buffered.indexOf('\n'); newline !== -1; newline = this.buffered.indexOf('\n')) {
        const line = this.buffered.slice(0, newline);
        this.buffered = this.buffered.slice(newline + 1);
        if (line.trim()) this.onmessage?.(JSON.parse(line));
      }
    });
  }

  async send(message: unknown): Promise<void> {
    this.output.write(`${JSON.stringify(message)}\n`);
  }

  async close(): Promise<void> {
    this.output.end();
    this.onclose?.();
  }
}
