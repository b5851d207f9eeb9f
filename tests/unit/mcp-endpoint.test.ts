import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import mcpTooManyRequests from '../../netlify/functions/mcp-too-many-requests.ts';
import { readMcpRateLimit } from '../../contract/rate-limit.ts';
import { SERVER_DESCRIPTION } from '../../client/src/mcp/create-mcp-server.ts';
import { createPublishedMcpEndpoint } from '../../site/lib/mcp/published-answers.ts';
import { buildPublishedAnswers } from '../../site/lib/mcp/write-published-answers.ts';
import { loadSiteContext } from '../../site/lib/site-context.ts';
import { checkHttpCase, mcpHttpCases } from '../support/mcp-http-cases.ts';
import { connectHttpClient, MCP_GENERATIONS, type McpTestClient } from '../support/mcp-clients.ts';

/**
 * The remote endpoint in-process: the handler the Netlify Function exports, over the answers a
 * deploy preview's build would publish, called as `fetch`. The function itself, served by the
 * local server, is the e2e tests' (tests/e2e/mcp.spec.ts).
 */
const PREVIEW = 'https://deploy-preview-14--earshot.netlify.app';
// Without the notice of a change announced in data/ (an everyday edit): notices are change-notice.test.ts's.
const { notices: _announced, ...answers } = buildPublishedAnswers(loadSiteContext({ SITE_URL: PREVIEW }));
const endpoint = await createPublishedMcpEndpoint(answers);
const mcpRateLimit = readMcpRateLimit();
const fetchFromEndpoint = (url: string | URL | Request, init?: RequestInit) => endpoint(new Request(url, init));

const clients: McpTestClient[] = [];
after(async () => {
  for (const client of clients) await client.close();
});

describe('the published answers', () => {
  it("are the deploy's API bodies, base URL included, and the client package's version", () => {
    const capabilities = JSON.parse(answers.bodies.getServiceCapabilities) as {
      data: { resources: Record<string, string> };
    };
    assert.equal(answers.baseUrl, PREVIEW);
    for (const link of Object.values(capabilities.data.resources)) assert.ok(link.startsWith(`${PREVIEW}/`), link);
    assert.match(answers.serverVersion, /^\d+\.\d+\.\d+$/);
    assert.equal(
      (JSON.parse(answers.openapi) as { servers: { url: string }[] }).servers[0]!.url.startsWith(PREVIEW),
      true,
    );
  });
});

for (const { generation, name } of MCP_GENERATIONS) {
  describe(`the remote endpoint, with ${name}`, () => {
    it('lists both tools, calls both and reads both resources: the published answers, exactly', async () => {
      const client = await connectHttpClient(generation, `${PREVIEW}/mcp`, fetchFromEndpoint as typeof fetch);
      clients.push(client);
      assert.equal(client.era(), generation === 'v2-2026-07-28' ? 'modern' : 'legacy');
      // The deploy's own website and icon: a preview's endpoint names the preview.
      assert.deepEqual(client.getServerVersion(), {
        name: 'earshot',
        title: 'Earshot',
        version: answers.serverVersion,
        description: SERVER_DESCRIPTION,
        websiteUrl: `${PREVIEW}/`,
        icons: [{ src: `${PREVIEW}/icons/earshot.svg`, mimeType: 'image/svg+xml', sizes: ['any'] }],
      });
      assert.deepEqual(
        (await client.listTools()).tools.map((tool) => tool.name),
        ['list_platforms', 'get_capabilities'],
      );
      const platforms = await client.callTool({ name: 'list_platforms', arguments: {} });
      assert.deepEqual(platforms.structuredContent, JSON.parse(answers.bodies.listServicePlatforms));
      assert.deepEqual(platforms.content, [{ type: 'text', text: answers.bodies.listServicePlatforms }]);
      const capabilities = await client.callTool({ name: 'get_capabilities', arguments: {} });
      assert.deepEqual(capabilities.structuredContent, JSON.parse(answers.bodies.getServiceCapabilities));
      assert.equal((await client.readResource({ uri: 'earshot://openapi' })).contents[0]!.text, answers.openapi);
      const links = (await client.readResource({ uri: 'earshot://links' })).contents[0]!.text!;
      assert.deepEqual(
        JSON.parse(links),
        (JSON.parse(answers.bodies.getServiceCapabilities) as { data: { resources: unknown } }).data.resources,
      );
    });
  });
}

/**
 * The CDN in front of the endpoint, as netlify.toml's `/mcp` rule sets it up: under the limit the
 * request reaches the endpoint's function, over it the JSON-RPC 429 function. Each answer's
 * `Retry-After` is recorded, as the client received it.
 */
function rateLimitedCdn() {
  const state = { overLimit: false, retryAfter: [] as (string | null)[] };
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    const request = new Request(url, init);
    const response = state.overLimit ? await mcpTooManyRequests(request) : await endpoint(request);
    state.retryAfter.push(response.headers.get('retry-after'));
    return response;
  };
  return { state, fetch: fetch as typeof globalThis.fetch };
}

for (const { generation, name } of MCP_GENERATIONS) {
  describe(`the remote endpoint over its rate limit, with ${name}`, () => {
    it("a call over the limit fails with the JSON-RPC error's message, which says when to retry, and the answer carries Retry-After", async () => {
      const cdn = rateLimitedCdn();
      const client = await connectHttpClient(generation, `${PREVIEW}/mcp`, cdn.fetch);
      clients.push(client);
      assert.equal(
        cdn.state.retryAfter.every((value) => value === null),
        true,
        'no Retry-After under the limit',
      );
      cdn.state.overLimit = true;
      const failure = await client.callTool({ name: 'list_platforms', arguments: {} }).then(
        () => assert.fail('a call over the limit succeeded'),
        (error: unknown) => error as Error & { code?: unknown },
      );
      assert.match(
        failure.message,
        new RegExp(
          `Too Many Requests: this MCP endpoint allows ${mcpRateLimit.windowLimit} requests per ${mcpRateLimit.windowSize} seconds from one address; retry after ${mcpRateLimit.windowSize} seconds`,
        ),
      );
      assert.deepEqual(cdn.state.retryAfter.at(-1), String(mcpRateLimit.windowSize));
    });
  });
}

describe('the remote endpoint, request by request', () => {
  for (const testCase of mcpHttpCases(PREVIEW))
    it(testCase.name, () => checkHttpCase(fetchFromEndpoint, `${PREVIEW}/mcp`, testCase));

  for (const path of ['/.netlify/functions/mcp', '/mcp/', '/api/mcp']) {
    it(`${path}: 404 with the JSON Error, so that no other address walks around the rate limit on /mcp`, () =>
      checkHttpCase(fetchFromEndpoint, `${PREVIEW}/mcp`, {
        name: path,
        request: { method: 'POST', path, body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } },
        want: { status: 404, body: { error: 'Not Found', statusCode: 404 } },
      }));
  }
});
