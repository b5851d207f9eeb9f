import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import mcpTooManyRequests from '../../netlify/functions/mcp-too-many-requests.ts';
import tooManyRequests from '../../netlify/functions/too-many-requests.ts';
import { readMcpRateLimit, readRateLimit } from '../../contract/rate-limit.ts';
import { readNetlifyConfig } from '../../site/lib/edge/netlify-config.ts';
import { buildMcpBurstCheck } from '../../tooling/smoke/mcp-smoke-checks.ts';
import { SmokeFailure, type SmokeContext } from '../../tooling/smoke/smoke-checks.ts';

/**
 * `npm run smoke -- <deploy> --burst` observes the `/mcp` limit on a deploy, where the CDN enforces
 * it; nothing here does. So the check is run against a CDN played in-process: under the `/mcp`
 * rule's limit a plain answer, over it whatever the given 429 function answers. The check must
 * pass with the function netlify.toml rewrites `/mcp` to, and fail with the API's.
 */
const mcpRateLimit = readMcpRateLimit();

function contextOver(overLimit: (request: Request) => Response | Promise<Response>) {
  let sent = 0;
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    const request = new Request(url, init);
    sent += 1;
    return sent > mcpRateLimit.windowLimit
      ? overLimit(request)
      : Response.json({ jsonrpc: '2.0', id: sent, result: {} });
  };
  const context: SmokeContext = {
    baseUrl: 'https://deploy-preview-1--earshot.netlify.app',
    fetch: fetch as typeof globalThis.fetch,
    config: readNetlifyConfig(),
    rateLimit: readRateLimit(),
    mcpRateLimit,
  };
  return { context, sent: () => sent };
}

describe('the smoke check of the /mcp rate limit (--burst)', () => {
  it("passes with the JSON-RPC 429 of /mcp, at the first request over the /mcp rule's limit", async () => {
    const { context, sent } = contextOver(mcpTooManyRequests);
    await buildMcpBurstCheck(context).run();
    assert.equal(sent(), mcpRateLimit.windowLimit + 1);
  });

  it("fails with the API's 429, whose body is no answer to the request", async () => {
    const { context } = contextOver(tooManyRequests);
    await assert.rejects(buildMcpBurstCheck(context).run(), (error: unknown) => {
      assert.ok(error instanceof SmokeFailure);
      return /RateLimit-Policy must be|JSON-RPC error with id/.test(error.message);
    });
  });
});
