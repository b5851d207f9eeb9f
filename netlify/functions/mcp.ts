/**
 * `/mcp`: the remote MCP endpoint (site/lib/mcp/mcp-endpoint.ts), reached through the rate-limited
 * rewrite in netlify.toml. It answers from the bodies this deploy's build published (written by
 * tooling/prepare-site.ts before Astro runs, bundled into the function by Netlify), never by calling the API over the network.
 */
import answers from '../../build/mcp/published-answers.json' with { type: 'json' };
import type { McpEndpoint } from '../../site/lib/mcp/mcp-endpoint.ts';
import { createPublishedMcpEndpoint, type PublishedAnswers } from '../../site/lib/mcp/published-answers.ts';
import { withSecurityHeaders } from '../../site/lib/edge/security-headers.ts';

/**
 * Netlify reads this object from the source at deploy time, as literals only, so the numbers of
 * netlify.toml's `/mcp` rule are repeated here; `tests/process/netlify-functions-bundle.test.ts` fails when
 * they differ (the bundler's own reading of this file included). The `/mcp` rule limits the
 * endpoint with the JSON-RPC 429; this limit covers the function's own address, which answers 404 but
 * would otherwise be an invocation per request, unlimited: over it, Netlify's own 429, no invocation.
 * @see https://docs.netlify.com/manage/security/secure-access-to-sites/rate-limiting/
 */
export const config = {
  rateLimit: { windowLimit: 300, windowSize: 60, aggregateBy: ['ip', 'domain'], action: 'rate_limit' },
};

/** Built on the first request and kept while the function instance lives (it holds no request state). */
let endpoint: Promise<McpEndpoint> | undefined;

export default async (request: Request): Promise<Response> => {
  // Typed by what writes the file (buildPublishedAnswers), not by the copy a local build left in
  // build/: a copy from before an endpoint was added must not fail type-checking.
  endpoint ??= createPublishedMcpEndpoint(answers as PublishedAnswers);
  return withSecurityHeaders(await (await endpoint)(request));
};
