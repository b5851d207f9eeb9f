import { createMcpHandler } from '@modelcontextprotocol/server';
import { NOT_FOUND } from '../../../contract/api-errors.ts';
import { loadEarshotMcpServerFactory } from '../../../client/src/mcp/create-mcp-server.ts';
import type { McpDataSource } from '../../../client/src/mcp/mcp-data-source.ts';
import {
  toOneLineError,
  type JsonRpcErrorObject,
  type ReceivedRequest,
} from '../../../client/src/mcp/one-line-errors.ts';
import { MCP_ENDPOINT_PATH, MCP_MAX_MESSAGE_BYTES } from '../../../contract/mcp-endpoint-path.ts';
import { readCappedBody } from '../../../client/src/api/read-capped-body.ts';

/** JSON-RPC's code for a request that is not acceptable as a whole. */
const INVALID_REQUEST = -32600;

export interface McpEndpointOptions {
  source: McpDataSource;
  /** The server's version in `serverInfo`: the client package's. */
  version: string;
  /**
   * The only origin whose browser pages may call the endpoint: the deployment's own. A request
   * without `Origin` (any MCP client that is not a web page) is not concerned.
   */
  allowedOrigin: string;
  /** The one path the endpoint answers on (default `/mcp`). */
  path?: string;
}

export type McpEndpoint = (request: Request) => Promise<Response>;

/**
 * The remote MCP endpoint: stateless Streamable HTTP, for clients of the 2026-07-28 revision
 * (each POST a self-contained request, `server/discover`, `_meta` on every request) and of the
 * 2025 ones (`initialize`, each later request served by a fresh server, no session), from the
 * SDK's `createMcpHandler`, in front of which it adds what the SDK leaves to its host:
 * - the path: anything but `path` is a 404 (the function's own address, `/.netlify/functions/mcp`,
 *   included, so that the rate limit on `/mcp` cannot be walked around);
 * - `Origin`: a browser page of another origin gets 403 (the spec's MUST, against DNS rebinding
 *   and cross-site use);
 * - the method: POST only; anything else 405 with `Allow: POST` (no GET stream, no DELETE of a
 *   session: this endpoint keeps none);
 * - the body: over `MCP_MAX_MESSAGE_BYTES`, 413 before it is read;
 * - errors: each JSON-RPC error leaves as one line, invalid params as -32602 (`toOneLineError`);
 * - headers: never cached (`no-store`), `nosniff`, and never a cookie.
 * - batches: refused with 400 and -32600 on every revision, 2025-03-26 included (the SDK allows
 *   it): the rate limit counts requests, so one call per request keeps it a limit on calls;
 * Everything else (JSON parse errors, media types, protocol versions, header checks) is
 * the SDK's, answered with a JSON-RPC error body and the status the spec asks for.
 * @see https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http
 */
export async function createMcpEndpoint(options: McpEndpointOptions): Promise<McpEndpoint> {
  const path = options.path ?? MCP_ENDPOINT_PATH;
  const allowedOrigin = new URL(options.allowedOrigin).origin;
  const factory = await loadEarshotMcpServerFactory({ source: options.source, version: options.version });
  const handler = createMcpHandler(factory, {
    // The default response mode, 'auto': a 2026-07-28 request gets one JSON body (no handler
    // emits a message before its result); the SDK answers a 2025-era request with a short SSE
    // stream that ends with the response (withOneLineErrors reads both).
    maxRequestBodySize: MCP_MAX_MESSAGE_BYTES,
    // Reported in the answer itself; nothing to log in a function.
    onerror: () => {},
  });

  return async (request) => {
    const url = new URL(request.url);
    if (url.pathname !== path) {
      return finish(Response.json(NOT_FOUND, { status: 404 }));
    }
    const origin = request.headers.get('origin');
    if (origin !== null && origin !== allowedOrigin) {
      return finish(
        jsonRpcError(
          403,
          `Forbidden: browser pages of ${origin} may not use this MCP endpoint; only those of ${allowedOrigin} may`,
        ),
      );
    }
    if (request.method !== 'POST') {
      const response = jsonRpcError(
        405,
        `Method Not Allowed: the MCP endpoint takes JSON-RPC messages by POST only (got ${request.method}); it keeps no session, so there is no stream to GET and nothing to DELETE`,
        request.method === 'HEAD',
      );
      response.headers.set('Allow', 'POST');
      return finish(response);
    }
    // A body that breaks off (the client hung up, a proxy cut it) is answered, not thrown.
    const read = await readCappedBody(request, MCP_MAX_MESSAGE_BYTES).catch(() => undefined);
    if (read === undefined) return finish(jsonRpcError(400, 'Bad Request: the message broke off before its end'));
    if (!read.ok) {
      return finish(jsonRpcError(413, `Payload Too Large: a message must be at most ${MCP_MAX_MESSAGE_BYTES} bytes`));
    }
    const body = new Uint8Array(read.bytes);
    const message = parseMessage(body);
    // Every revision, 2025-03-26 included: the CDN's rate limit counts requests, not calls, so a
    // batch of 100 calls would count once (this folder's README.md).
    if (Array.isArray(message)) return finish(jsonRpcError(400, BATCH_REFUSED));
    const headers = new Headers(request.headers);
    headers.delete('content-length');
    const answer = await handler.fetch(new Request(request.url, { method: 'POST', headers, body }));
    return finish(await withOneLineErrors(answer, () => readRequest(message)));
  };
}

/** Why a JSON-RPC batch gets 400 and -32600, on every protocol revision. */
const BATCH_REFUSED =
  'Invalid Request: this endpoint takes no JSON-RPC batches, on any protocol revision (each call counts against the rate limit); send one message per POST';

/** A JSON-RPC error response without an id: the request was refused before it was read as one. */
function jsonRpcError(status: number, message: string, withoutBody = false): Response {
  const body = { jsonrpc: '2.0', id: null, error: { code: INVALID_REQUEST, message } };
  return withoutBody
    ? new Response(null, { status, headers: { 'Content-Type': 'application/json' } })
    : Response.json(body, { status });
}

/**
 * Headers every answer carries, whatever produced it. Set on the answer itself: every answer here
 * is built in this process, so its headers can change, and a copy of the answer would put a
 * second stream in front of its body on every request.
 */
function finish(response: Response): Response {
  // Answers depend on the request body, which no HTTP cache keys on.
  response.headers.set('Cache-Control', 'no-store');
  response.headers.set('X-Content-Type-Options', 'nosniff');
  response.headers.delete('Set-Cookie');
  return response;
}

/** The body as JSON, or `undefined` when it is not JSON (the SDK answers that with its parse error). */
function parseMessage(body: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(body)) as unknown;
  } catch {
    return undefined;
  }
}

/** The JSON-RPC request the body holds, when it holds one, to name its method in errors and check its params again. */
function readRequest(message: unknown): ReceivedRequest | undefined {
  const { method, params } = (message ?? {}) as { method?: unknown; params?: unknown };
  return typeof method === 'string' ? { method, params } : undefined;
}

/**
 * The SDK's answer with every JSON-RPC error in it made one line. Answers are one JSON object, or
 * (to 2025 clients, and for `subscriptions/listen`, which ends at once: nothing here changes) a
 * short SSE stream that ends with the response; both are read whole.
 */
async function withOneLineErrors(
  response: Response,
  readReceived: () => ReceivedRequest | undefined,
): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  if (!response.body || !(type.startsWith('application/json') || type.startsWith('text/event-stream'))) return response;
  const text = await response.text();
  // Most answers hold no error: nothing to parse again.
  if (!text.includes('"error"')) return new Response(text, response);
  const request = readReceived();
  const fix = (json: string): string => {
    try {
      const message = JSON.parse(json) as { error?: JsonRpcErrorObject };
      if (typeof message?.error?.message !== 'string') return json;
      return JSON.stringify({ ...message, error: toOneLineError(message.error, request) });
    } catch {
      return json;
    }
  };
  const fixed = type.startsWith('application/json')
    ? fix(text)
    : text.replace(/^data: (.*)$/gm, (_line, json: string) => `data: ${fix(json)}`);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(fixed, { status: response.status, statusText: response.statusText, headers });
}
