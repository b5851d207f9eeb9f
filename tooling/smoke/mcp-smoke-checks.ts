/**
 * The smoke checks of the remote MCP endpoint (`/mcp`), against a live deployment. Some only the
 * real CDN can judge, and are here for that reason: that the rewrite in netlify.toml reaches the
 * function with the public path (so that `/mcp` works while the function's own address answers
 * 404), that a foreign `Origin` is refused behind the CDN, and, with `--burst`, that the rate
 * limit of `/mcp` applies, with its JSON-RPC 429 (nothing enforces it locally).
 */
import { describeRateLimit } from '../../contract/rate-limit.ts';
import { MCP_ENDPOINT_PATH } from '../../contract/mcp-endpoint-path.ts';
import { SERVER_ICON_PATH } from '../../client/src/mcp/server-icon.ts';
import { RATE_LIMITED } from '../../site/lib/mcp/mcp-too-many-requests.ts';
import {
  burstBudget,
  expectRateLimitPolicy,
  SmokeFailure,
  type SmokeCheck,
  type SmokeContext,
} from './smoke-checks.ts';

const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'earshot-smoke', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

const FUNCTION_PATH = '/.netlify/functions/mcp';

/** A JSON-RPC request as a client of that revision sends it, with the headers it requires. */
function post(
  context: SmokeContext,
  message: { id: number; method: string; params?: Record<string, unknown> },
  options: { revision?: '2026-07-28' | '2025-11-25'; path?: string; headers?: Record<string, string> } = {},
) {
  const revision = options.revision ?? '2026-07-28';
  const params = revision === '2026-07-28' ? { ...message.params, _meta: MODERN_META } : message.params;
  const name = typeof message.params?.name === 'string' ? { 'Mcp-Name': message.params.name } : {};
  const headers = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'User-Agent': 'earshot-smoke/1.0',
    'MCP-Protocol-Version': revision,
    ...(revision === '2026-07-28' ? { 'Mcp-Method': message.method, ...name } : {}),
    ...options.headers,
  };
  return send(context, options.path ?? MCP_ENDPOINT_PATH, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', ...message, ...(params ? { params } : {}) }),
  });
}

async function send(context: SmokeContext, path: string, init: RequestInit): Promise<Response> {
  const url = new URL(path, `${context.baseUrl}/`).href;
  try {
    return await context.fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new SmokeFailure(`could not fetch ${url}: ${cause?.code ?? cause?.message ?? (error as Error).message}`);
  }
}

/** The JSON-RPC response in a JSON body, or in the one `message` event of an SSE body (2025 clients get those). */
async function readMessage(
  response: Response,
): Promise<{ result?: Record<string, unknown>; error?: { code: number; message: string } }> {
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').startsWith('text/event-stream')
    ? /^data: (.*)$/m.exec(text)?.[1]
    : text;
  try {
    return JSON.parse(json ?? '') as never;
  } catch {
    throw new SmokeFailure(`the body is not a JSON-RPC message: ${JSON.stringify(text.slice(0, 80))}`);
  }
}

function expectStatus(response: Response, status: number): void {
  if (response.status !== status)
    throw new SmokeFailure(`expected status ${status}, got ${response.status} ${response.statusText}`.trimEnd());
  if (response.headers.has('set-cookie'))
    throw new SmokeFailure(`answers must never set a cookie (got Set-Cookie: ${response.headers.get('set-cookie')})`);
}

/** The checks of `/mcp` a deployment must pass: both protocol eras, then what only the CDN in front of it decides. */
export function buildMcpSmokeChecks(context: SmokeContext): SmokeCheck[] {
  return [...buildMcpProtocolChecks(context), ...buildMcpEdgeChecks(context)];
}

/** A client of each protocol era gets its answers: a 2026-07-28 tool call, a 2025-11-25 initialize. */
function buildMcpProtocolChecks(context: SmokeContext): SmokeCheck[] {
  return [
    {
      name: `POST ${MCP_ENDPOINT_PATH} answers a 2026-07-28 client: server/discover, then list_platforms equal to GET /api/v1/platforms`,
      run: async () => {
        const discover = await post(context, { id: 1, method: 'server/discover' });
        expectStatus(discover, 200);
        const { result } = await readMessage(discover);
        const versions = result?.supportedVersions;
        if (!Array.isArray(versions) || !versions.includes('2026-07-28'))
          throw new SmokeFailure(`supportedVersions must include 2026-07-28 (got ${JSON.stringify(versions)})`);
        const call = await post(context, {
          id: 2,
          method: 'tools/call',
          params: { name: 'list_platforms', arguments: {} },
        });
        expectStatus(call, 200);
        const answer = await readMessage(call);
        const api = await send(context, '/api/v1/platforms', {
          headers: { Accept: 'application/json', 'User-Agent': 'earshot-smoke/1.0' },
        });
        const expected = await api.text();
        if (JSON.stringify(answer.result?.structuredContent) !== expected) {
          throw new SmokeFailure(
            `the structured content must equal GET /api/v1/platforms (got ${JSON.stringify(answer.result?.structuredContent ?? answer.error).slice(0, 120)})`,
          );
        }
      },
    },
    {
      name: `POST ${MCP_ENDPOINT_PATH} answers a 2025-11-25 client's initialize as the earshot server`,
      run: async () => {
        const response = await post(
          context,
          {
            id: 1,
            method: 'initialize',
            params: {
              protocolVersion: '2025-11-25',
              capabilities: {},
              clientInfo: MODERN_META['io.modelcontextprotocol/clientInfo'],
            },
          },
          { revision: '2025-11-25' },
        );
        expectStatus(response, 200);
        const { result } = await readMessage(response);
        const serverInfo = result?.serverInfo as { name?: unknown } | undefined;
        if (serverInfo?.name !== 'earshot')
          throw new SmokeFailure(`serverInfo.name must be "earshot" (got ${JSON.stringify(serverInfo)})`);
      },
    },
  ];
}

/** What the CDN and the function decide before any tool runs: other methods, foreign origins, the function's own address. */
function buildMcpEdgeChecks(context: SmokeContext): SmokeCheck[] {
  return [
    {
      // Only the CDN can tell that no [[headers]] rule's same-origin reaches this function's answer.
      name: `the icon that serverInfo and the Server Card name (${SERVER_ICON_PATH}) may be shown on any origin: image/svg+xml, Cross-Origin-Resource-Policy: cross-origin`,
      run: async () => {
        const response = await send(context, SERVER_ICON_PATH, { headers: { 'User-Agent': 'earshot-smoke/1.0' } });
        await response.body?.cancel();
        expectStatus(response, 200);
        for (const [name, want] of [
          ['content-type', 'image/svg+xml'],
          ['cross-origin-resource-policy', 'cross-origin'],
        ] as const)
          if (response.headers.get(name) !== want)
            throw new SmokeFailure(`${name} must be "${want}" (got ${JSON.stringify(response.headers.get(name))})`);
      },
    },
    {
      name: `GET ${MCP_ENDPOINT_PATH} answers 405 with Allow: POST`,
      run: async () => {
        const response = await send(context, MCP_ENDPOINT_PATH, { headers: { 'User-Agent': 'earshot-smoke/1.0' } });
        await response.body?.cancel();
        expectStatus(response, 405);
        if (response.headers.get('allow') !== 'POST')
          throw new SmokeFailure(`Allow must be "POST" (got ${JSON.stringify(response.headers.get('allow'))})`);
      },
    },
    {
      name: `POST ${MCP_ENDPOINT_PATH} from a browser page of another origin answers 403`,
      run: async () => {
        const response = await post(
          context,
          { id: 1, method: 'tools/list' },
          { headers: { Origin: 'https://smoke-check.invalid' } },
        );
        expectStatus(response, 403);
        const { error } = await readMessage(response);
        if (!error?.message.startsWith('Forbidden'))
          throw new SmokeFailure(
            `the body must be a JSON-RPC error starting "Forbidden" (got ${JSON.stringify(error)})`,
          );
      },
    },
    {
      name: `POST ${FUNCTION_PATH} answers 404: the endpoint is reachable only at ${MCP_ENDPOINT_PATH}, where the rate limit applies`,
      run: async () => {
        const response = await post(context, { id: 1, method: 'tools/list' }, { path: FUNCTION_PATH });
        await response.body?.cancel();
        expectStatus(response, 404);
      },
    },
  ];
}

/**
 * A bounded burst over the limit at `/mcp` (`tools/list`, the cheapest request): at most
 * `burstBudget` (twice the limit) of the `/mcp` rule's requests, stopping at the first 429, which must be a
 * JSON-RPC error answering that very request (its id, `RATE_LIMITED`), with `Retry-After` and the
 * `/mcp` rule's RateLimit-Policy.
 */
export function buildMcpBurstCheck(context: SmokeContext): SmokeCheck {
  const budget = burstBudget(context.mcpRateLimit.windowLimit);
  return {
    name: `a burst of at most ${budget} requests to POST ${MCP_ENDPOINT_PATH} is answered 429 with a JSON-RPC error for the request, Retry-After and the policy (${describeRateLimit(context.mcpRateLimit)})`,
    run: async () => {
      for (let sent = 1; sent <= budget; sent += 1) {
        const response = await post(context, { id: sent, method: 'tools/list' });
        if (response.status !== 429) {
          await response.body?.cancel();
          continue;
        }
        if (!/^\d+$/.test(response.headers.get('retry-after') ?? ''))
          throw new SmokeFailure(
            `Retry-After must be a number of seconds (got ${JSON.stringify(response.headers.get('retry-after'))})`,
          );
        expectRateLimitPolicy(response, context.mcpRateLimit);
        const text = await response.text();
        let body: { jsonrpc?: unknown; id?: unknown; error?: { code?: unknown; message?: unknown } } | undefined;
        try {
          body = JSON.parse(text) as typeof body;
        } catch {
          body = undefined;
        }
        if (body?.jsonrpc !== '2.0' || body.id !== sent || body.error?.code !== RATE_LIMITED)
          throw new SmokeFailure(
            `the body must be a JSON-RPC error with id ${sent} and code ${RATE_LIMITED} (got ${JSON.stringify(text.slice(0, 120))})`,
          );
        return;
      }
      throw new SmokeFailure(`${budget} requests got no 429; is rate limiting active on this deployment?`);
    },
  };
}
