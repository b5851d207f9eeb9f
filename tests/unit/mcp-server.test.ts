import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { createApiClient } from '../../src/cli/api/api-client.ts';
import { resolveClientSettings } from '../../src/cli/api/client-settings.ts';
import { createMcpServer } from '../../src/cli/mcp/create-mcp-server.ts';
import { toSelfContainedSchema } from '../../src/cli/mcp/self-contained-schema.ts';
import { tolerantSchemas } from '../../src/shared/schemas/index.ts';
import { FAKE_API, fakeApi } from '../support/fake-api.ts';
import { validCapabilities, validOpenApi, validPlatforms } from '../support/misbehaving-server.ts';

/**
 * The MCP server in-process: the SDK's own client, linked to it in memory, the API answered by a
 * fake fetch. The stdio transport and the installed binary are the e2e tests' (tests/e2e/mcp.spec.ts).
 */
const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
});

async function connect(answers: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi(answers);
  const settings = resolveClientSettings({ retries: '0' }, { EARSHOT_BASE_URL: FAKE_API }, 'https://earshot.dev');
  assert.ok(settings.ok);
  const apiClient = createApiClient(settings.settings, { userAgent: 'earshot/test', supportEmail: 'support@earshot.dev', installGuideUrl: 'https://earshot.dev/docs/cli/#install', env: {}, fetch: api.fetch });
  const server = await createMcpServer(apiClient, '9.9.9');
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: 'earshot-test', version: '1.0.0' });
  await client.connect(clientTransport);
  clients.push(client);
  return { client, api };
}

describe('the MCP server: tools', () => {
  it('lists list_platforms and get_capabilities: no arguments, read-only, output schemas from ours (the tolerant reading)', async () => {
    const { client } = await connect();
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name), ['list_platforms', 'get_capabilities']);
    for (const tool of tools) {
      assert.deepEqual(tool.inputSchema, { type: 'object', properties: {}, additionalProperties: false });
      assert.deepEqual(tool.annotations, { title: tool.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    }
    // The tolerant variants: a strict outputSchema would make MCP clients reject an answer that
    // carries a field added in a compatible release, which the server itself accepts.
    assert.deepEqual(tools[0]!.outputSchema, toSelfContainedSchema(tolerantSchemas.PlatformsResponse));
    assert.deepEqual(tools[1]!.outputSchema, toSelfContainedSchema(tolerantSchemas.CapabilitiesResponse));
  });

  const calls: [string, { want: unknown; text: RegExp }][] = [
    ['list_platforms', { want: validPlatforms, text: /^ID +NAME +TARGET TYPES\nreddit +Reddit +keyword, subreddit\nhacker-news +Hacker News +keyword\n$/ }],
    ['get_capabilities', { want: validCapabilities(FAKE_API), text: /^Earshot\nMonitors platforms\.\n[\s\S]*PLATFORMS\n[\s\S]*RESOURCES\n[\s\S]*mcp +http:\/\/api\.test\/ok\/mcp\.json\n/ }],
  ];
  for (const [name, { want, text }] of calls) {
    it(`${name} returns the API's JSON as structured content, and a table as text`, async () => {
      const { client } = await connect();
      // callTool also validates structuredContent against the tool's outputSchema.
      const result = await client.callTool({ name, arguments: {} });
      assert.equal(result.isError, undefined);
      assert.deepEqual(result.structuredContent, want);
      assert.equal((result.content as { type: string }[]).length, 1);
      assert.match((result.content as { text: string }[])[0]!.text, text);
    });
  }

  const invalidCalls: [string, { params: { name: string; arguments?: Record<string, unknown> }; message: RegExp }][] = [
    ['an argument the tool does not take', { params: { name: 'list_platforms', arguments: { platform: 'reddit' } }, message: /invalid arguments for list_platforms: .*additional properties/ }],
    ['an unknown tool', { params: { name: 'list_monitors', arguments: {} }, message: /unknown tool "list_monitors"; the tools are list_platforms, get_capabilities/ }],
  ];
  for (const [name, { params, message }] of invalidCalls) {
    it(`${name} is a protocol error (invalid params), and nothing is sent to the API`, async () => {
      const { client, api } = await connect();
      await assert.rejects(client.callTool(params), (error: unknown) => error instanceof McpError && error.code === ErrorCode.InvalidParams && message.test(error.message));
      assert.equal(api.calls.length, 0);
    });
  }

  it('calling without arguments at all is fine: the schema allows the empty object', async () => {
    const { client } = await connect();
    const result = await client.callTool({ name: 'list_platforms' });
    assert.deepEqual(result.structuredContent, validPlatforms);
  });

  it('an answer with additions (a new field, a new target type) is returned as it is, and passes the client\'s outputSchema check', async () => {
    const grown = { data: [{ ...validPlatforms.data[0]!, targetTypes: ['keyword', 'hashtag'], icon: 'https://earshot.dev/reddit.svg' }], next: null };
    const { client } = await connect({ [`${FAKE_API}/api/v1/platforms`]: { body: grown } });
    const result = await client.callTool({ name: 'list_platforms', arguments: {} });
    assert.equal(result.isError, undefined);
    assert.deepEqual(result.structuredContent, grown);
    assert.match((result.content as { text: string }[])[0]!.text, /reddit +Reddit +keyword, hashtag\n/);
  });

  const failures: [string, { answer: { status?: number; body: unknown; headers?: Record<string, string> }; error: RegExp }][] = [
    ['HTTP 503', { answer: { status: 503, body: { error: 'Service Unavailable', statusCode: 503 } }, error: /^error: GET http:\/\/api\.test\/api\/v1\/platforms answered HTTP 503.*\nhint: \S/ }],
    ['rate limited', { answer: { status: 429, body: { error: 'Too Many Requests', statusCode: 429 }, headers: { 'retry-after': '0' } }, error: /^error: .*rate limit.*\nhint: \S/i }],
    ['an answer that breaks the schema', { answer: { body: { data: [{ id: 'reddit', targetTypes: ['keyword'] }] } }, error: /^error: .*PlatformsResponse.*\nhint: \S/ }],
  ];
  for (const [name, { answer, error }] of failures) {
    it(`${name}: an error result with the command line's two lines, and the next call works`, async () => {
      const { client } = await connect({ [`${FAKE_API}/api/v1/platforms`]: [answer, { body: validPlatforms }] });
      const failed = await client.callTool({ name: 'list_platforms', arguments: {} });
      assert.equal(failed.isError, true);
      assert.equal(failed.structuredContent, undefined);
      assert.match((failed.content as { text: string }[])[0]!.text, error);
      const next = await client.callTool({ name: 'list_platforms', arguments: {} });
      assert.deepEqual(next.structuredContent, validPlatforms);
    });
  }
});

describe('the MCP server: resources', () => {
  it('lists the OpenAPI document and the resource links, as JSON', async () => {
    const { client } = await connect();
    const { resources } = await client.listResources();
    assert.deepEqual(resources.map(({ uri, mimeType }) => ({ uri, mimeType })), [
      { uri: 'earshot://openapi', mimeType: 'application/json' },
      { uri: 'earshot://links', mimeType: 'application/json' },
    ]);
  });

  it('reads the OpenAPI document as served', async () => {
    const { client } = await connect({ [`${FAKE_API}/openapi.json`]: { body: JSON.stringify(validOpenApi, null, 4) } });
    const { contents } = await client.readResource({ uri: 'earshot://openapi' });
    assert.deepEqual(contents, [{ uri: 'earshot://openapi', mimeType: 'application/json', text: JSON.stringify(validOpenApi, null, 4) }]);
  });

  it('reads the links of the capabilities', async () => {
    const { client } = await connect();
    const { contents } = await client.readResource({ uri: 'earshot://links' });
    assert.equal(contents.length, 1);
    assert.deepEqual(JSON.parse((contents[0] as { text: string }).text), validCapabilities(FAKE_API).data.resources);
  });

  it('an API failure while reading is a protocol error naming it, and the server carries on', async () => {
    const { client } = await connect({ [`${FAKE_API}/openapi.json`]: [{ status: 404, body: { error: 'Not Found', statusCode: 404 } }, { body: validOpenApi }] });
    await assert.rejects(client.readResource({ uri: 'earshot://openapi' }), (error: unknown) => error instanceof McpError && /answered HTTP 404[\s\S]*hint: /.test(error.message));
    assert.equal((await client.readResource({ uri: 'earshot://openapi' })).contents.length, 1);
  });

  it('an unknown resource is "resource not found"', async () => {
    const { client } = await connect();
    await assert.rejects(client.readResource({ uri: 'earshot://monitors' }), (error: unknown) => error instanceof McpError && error.code === -32002);
  });
});
