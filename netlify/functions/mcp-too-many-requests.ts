/**
 * `/.netlify/functions/mcp-too-many-requests`: where the `/mcp` rule of `netlify.toml` rewrites a
 * request over the MCP endpoint's rate limit. It answers 429 with a JSON-RPC error body
 * (site/lib/mcp/mcp-too-many-requests.ts), as the API's 429 function does with the API's Error body.
 */
import { buildMcpTooManyRequestsResponse } from '../../site/lib/mcp/mcp-too-many-requests.ts';

/**
 * Netlify reads this object from the source at deploy time, as literals only, so the numbers of
 * the `/mcp` rule in netlify.toml are repeated here; `tests/process/netlify-functions-bundle.test.ts` fails
 * when they differ. Limited like `/mcp`, so that calling this address directly cannot run up
 * invocations: over it, Netlify's own 429, no invocation.
 * @see https://docs.netlify.com/manage/security/secure-access-to-sites/rate-limiting/
 */
export const config = {
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'], action: 'rate_limit' },
};

export default (request: Request): Promise<Response> => buildMcpTooManyRequestsResponse(request, config.rateLimit);
