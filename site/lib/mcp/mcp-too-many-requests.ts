import type { RateLimit } from '../../../contract/rate-limit.ts';
import { describeRateLimit } from '../../../contract/rate-limit.ts';
import { buildRateLimitedHeaders } from '../edge/too-many-requests.ts';
import { readCappedBody } from '../../../client/src/api/read-capped-body.ts';
import { MCP_MAX_MESSAGE_BYTES } from '../../../contract/mcp-endpoint-path.ts';

/**
 * The JSON-RPC error code of a request refused by a rate limit. JSON-RPC leaves -32000 to -32099
 * to the implementation; MCP has no code for it yet, and this is the one its proposal standardizes
 * (SEP-3304, "RateLimited"), next to -32022, the unsupported protocol version.
 * @see https://github.com/modelcontextprotocol/modelcontextprotocol/pull/3304
 */
export const RATE_LIMITED = -32023;

/**
 * The answer to a request to `/mcp` over its rate limit: HTTP 429 with the same `Retry-After` and
 * RateLimit fields as the API's 429 (from the `/mcp` rule's numbers), and a JSON-RPC error body
 * instead of the API's Error body, so that an MCP client reads it as an answer to its request:
 * the request's own `id` (a response with another id is dropped by the SDKs, and the call hangs),
 * a message that says when to retry, and the wait as data (`retryAfterSeconds`, in seconds, as
 * the header). A notification, or a body that is not one JSON-RPC request, gets `id: null`.
 *
 * The SDK clients surface a non-2xx answer as a transport error whose message carries the body
 * (`Error POSTing to endpoint (HTTP 429): {…}`), so the message is written for a person or a model
 * reading that line.
 * @see https://modelcontextprotocol.io/specification/2025-11-25/basic/transports/streamable-http
 * @see https://www.jsonrpc.org/specification#error_object
 */
export async function buildMcpTooManyRequestsResponse(
  request: Request,
  rateLimit: Pick<RateLimit, 'windowLimit' | 'windowSize'>,
): Promise<Response> {
  const id = request.method === 'POST' ? await readRequestId(request) : null;
  return new Response(JSON.stringify(buildMcpTooManyRequestsBody(id, rateLimit)), {
    status: 429,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      ...buildRateLimitedHeaders(rateLimit),
    },
  });
}

/** The JSON-RPC error answering the request `id` over the limit (the docs show it as it is). */
export function buildMcpTooManyRequestsBody(
  id: string | number | null,
  rateLimit: Pick<RateLimit, 'windowLimit' | 'windowSize'>,
) {
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: RATE_LIMITED,
      message: `Too Many Requests: this MCP endpoint allows ${describeRateLimit(rateLimit)} from one address; retry after ${rateLimit.windowSize} seconds`,
      data: { statusCode: 429, retryAfterSeconds: rateLimit.windowSize },
    },
  } as const;
}

/**
 * The id of the JSON-RPC request in the body, or null (a notification, a response, not JSON, too
 * large). The body is read through the same cap as `/mcp`'s, and no further: a larger one is
 * cancelled after `MCP_MAX_MESSAGE_BYTES`, whatever it declares.
 */
async function readRequestId(request: Request): Promise<string | number | null> {
  try {
    const read = await readCappedBody(request, MCP_MAX_MESSAGE_BYTES);
    if (!read.ok) return null;
    const message = JSON.parse(new TextDecoder().decode(read.bytes)) as { id?: unknown; method?: unknown };
    const { id, method } = message ?? {};
    return typeof method === 'string' && (typeof id === 'string' || typeof id === 'number') ? id : null;
  } catch {
    return null;
  }
}
