/**
 * `/mcp`: the remote MCP endpoint (src/lib/mcp/mcp-endpoint.ts), reached through the rate-limited
 * rewrite in netlify.toml. It answers from the bodies this deploy's build published (written by
 * astro.config.mjs, bundled into the function by Netlify), never by calling the API over the network.
 */
import answers from '../../build/mcp/published-answers.json' with { type: 'json' };
import { createMcpEndpoint, type McpEndpoint } from '../../src/lib/mcp/mcp-endpoint.ts';
import { toPublishedDataSource } from '../../src/lib/mcp/published-answers.ts';

/** Built on the first request and kept while the function instance lives (it holds no request state). */
let endpoint: Promise<McpEndpoint> | undefined;

export default async (request: Request): Promise<Response> => {
  endpoint ??= createMcpEndpoint({ source: toPublishedDataSource(answers), version: answers.serverVersion, allowedOrigin: answers.baseUrl });
  return (await endpoint)(request);
};
