import { serveStdio } from '@modelcontextprotocol/server/stdio';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { afterEach, describe, it } from 'node:test';
import { createApiClient } from '../../client/src/api/api-client.ts';
import { formatErrorLines } from '../../client/src/api/client-error.ts';
import { resolveClientSettings } from '../../client/src/api/client-settings.ts';
import { LineDelimitedStdioTransport } from '../../client/src/mcp/stdio-transport.ts';
import { resolveHeaders, readNetlifyConfig } from '../../site/lib/edge/netlify-config.ts';
import { describeServer, loadEarshotMcpServerFactory, MCP_CACHE_HINT } from '../../client/src/mcp/create-mcp-server.ts';
import { toSelfContainedSchema } from '../../client/src/mcp/self-contained-schema.ts';
import { tolerantSchemas } from '../../contract/schemas/index.ts';
import { FAKE_API, fakeApi } from '../support/fake-api.ts';
import { connectClient, LineClientTransport, MCP_GENERATIONS } from '../support/mcp-clients.ts';
import { validCapabilities, validOpenApi, validPlatforms } from '../support/misbehaving-server.ts';

/**
 * The MCP server of `earshot mcp` in-process, over its real stdio transport (two in-memory
 * streams), with each SDK generation's client: the v2 client pinned to 2026-07-28 and the v1
 * client (2025-11-25). The API is answered by a fake fetch. The installed binary and the remote
 * endpoint are the e2e tests' (tests/e2e/mcp.spec.ts).
 */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startServer(answers: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi(answers);
  const settings = resolveClientSettings({ retries: '0' }, { EARSHOT_BASE_URL: FAKE_API }, 'https://earshot.dev');
  assert.ok(settings.ok);
  const apiClient = createApiClient(settings.settings, {
    userAgent: 'earshot/test',
    supportEmail: 'support@earshot.dev',
    installGuideUrl: 'https://earshot.dev/docs/cli/#install',
    env: {},
    fetch: api.fetch,
  });
  const factory = await loadEarshotMcpServerFactory({
    source: apiClient,
    version: '9.9.9',
    formatError: ({ message, hint }) => formatErrorLines(message, hint),
  });
  const toServer = new PassThrough();
  const fromServer = new PassThrough();
  const handle = serveStdio(factory, { transport: new LineDelimitedStdioTransport(toServer, fromServer) });
  cleanups.push(() => handle.close());
  return { api, toServer, fromServer };
}

async function connect(
  generation: (typeof MCP_GENERATIONS)[number]['generation'],
  answers: Parameters<typeof fakeApi>[0] = {},
) {
  const { api, toServer, fromServer } = await startServer(answers);
  const client = await connectClient(generation, new LineClientTransport(fromServer, toServer));
  cleanups.push(() => client.close());
  return { client, api };
}

/** The error a client call rejected with, as code and message. */
async function rejection(call: Promise<unknown>): Promise<{ code: unknown; message: string }> {
  const error = await call.then(
    () => assert.fail('the call succeeded'),
    (caught: unknown) => caught as { code?: unknown; message: string },
  );
  return { code: error.code, message: error.message };
}

const textOf = (result: { content?: unknown }) =>
  (result.content as { type: string; text: string }[]).map((block) => block.text).join('');

for (const { generation, name } of MCP_GENERATIONS) {
  describe(`the MCP server over stdio, with ${name}`, () => {
    it('connects in its era, and names itself and what it offers', async () => {
      const { client } = await connect(generation);
      assert.equal(client.era(), generation === 'v2-2026-07-28' ? 'modern' : 'legacy');
      assert.deepEqual(client.getServerVersion(), describeServer(FAKE_API, '9.9.9'));
      assert.match(client.getServerVersion()?.description ?? '', /^Read-only Earshot discovery API/);
      assert.match(client.getInstructions() ?? '', /read-only[\s\S]*call list_platforms[\s\S]*call get_capabilities/);
      assert.ok(client.getInstructions()!.includes(FAKE_API));
    });

    it('lists list_platforms and get_capabilities: no arguments, read-only, output schemas from ours (the tolerant reading)', async () => {
      const { client } = await connect(generation);
      const { tools } = await client.listTools();
      assert.deepEqual(
        tools.map((tool) => tool.name),
        ['list_platforms', 'get_capabilities'],
      );
      for (const tool of tools) {
        assert.deepEqual(tool.inputSchema, { type: 'object', properties: {}, additionalProperties: false });
        assert.deepEqual(tool.annotations, {
          title: tool.title,
          readOnlyHint: true,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
        });
      }
      // The tolerant variants: a strict outputSchema would make MCP clients reject an answer that
      // carries a field added in a compatible release, which the server itself accepts.
      assert.deepEqual(tools[0]!.outputSchema, toSelfContainedSchema(tolerantSchemas.PlatformsResponse));
      assert.deepEqual(tools[1]!.outputSchema, toSelfContainedSchema(tolerantSchemas.CapabilitiesResponse));
    });

    const calls: [string, unknown][] = [
      ['list_platforms', validPlatforms],
      ['get_capabilities', validCapabilities(FAKE_API)],
    ];
    for (const [tool, want] of calls) {
      it(`${tool}: the API's JSON as structured content, and that JSON serialized as the text`, async () => {
        const { client } = await connect(generation);
        // Both clients check structuredContent against the tool's outputSchema, and throw if it does not match.
        await client.listTools();
        const result = await client.callTool({ name: tool, arguments: {} });
        assert.equal(result.isError, undefined);
        assert.deepEqual(result.structuredContent, want);
        assert.deepEqual(result.content, [{ type: 'text', text: JSON.stringify(want) }]);
      });
    }

    it('calling without arguments at all is fine', async () => {
      const { client } = await connect(generation);
      assert.deepEqual((await client.callTool({ name: 'list_platforms' })).structuredContent, validPlatforms);
    });

    it('an argument the tool does not take: an error result naming it, for the model to correct; nothing reaches the API', async () => {
      const { client, api } = await connect(generation);
      const result = await client.callTool({ name: 'list_platforms', arguments: { platform: 'reddit' } });
      assert.equal(result.isError, true);
      assert.equal(
        textOf(result),
        'Input validation error: Invalid arguments for tool list_platforms: list_platforms takes no arguments; send an empty object (got "platform")',
      );
      assert.equal(api.calls.length, 0);
    });

    it('an unknown tool is a protocol error (invalid params), on one line', async () => {
      const { client } = await connect(generation);
      const error = await rejection(client.callTool({ name: 'list_monitors', arguments: {} }));
      assert.equal(error.code, -32602);
      assert.match(error.message, /^(MCP error -32602: )?Tool list_monitors not found$/);
    });

    it("an answer with additions (a new field, a new target type) is returned as it is, and passes the client's outputSchema check", async () => {
      const grown = {
        data: [
          { ...validPlatforms.data[0]!, targetTypes: ['keyword', 'hashtag'], icon: 'https://earshot.dev/reddit.svg' },
        ],
        next: null,
      };
      const { client } = await connect(generation, { [`${FAKE_API}/api/v1/platforms`]: { body: grown } });
      await client.listTools();
      const result = await client.callTool({ name: 'list_platforms', arguments: {} });
      assert.equal(result.isError, undefined);
      assert.deepEqual(result.structuredContent, grown);
      assert.deepEqual(result.content, [{ type: 'text', text: JSON.stringify(grown) }]);
    });

    const failures: [
      string,
      { answer: { status?: number; body: unknown; headers?: Record<string, string> }; error: RegExp },
    ][] = [
      [
        'HTTP 503',
        {
          answer: { status: 503, body: { error: 'Service Unavailable', statusCode: 503 } },
          error: /^error: GET http:\/\/api\.test\/api\/v1\/platforms answered HTTP 503.*\nhint: \S/,
        },
      ],
      [
        'rate limited',
        {
          answer: {
            status: 429,
            body: { error: 'Too Many Requests', statusCode: 429 },
            headers: { 'retry-after': '0' },
          },
          error: /^error: .*rate limit.*\nhint: \S/i,
        },
      ],
      [
        'an answer that breaks the schema',
        {
          answer: { body: { data: [{ id: 'reddit', targetTypes: ['keyword'] }] } },
          error: /^error: .*PlatformsResponse.*\nhint: \S/,
        },
      ],
    ];
    for (const [failure, { answer, error }] of failures) {
      it(`${failure}: an error result with the command line's two lines, and the next call works`, async () => {
        const { client } = await connect(generation, {
          [`${FAKE_API}/api/v1/platforms`]: [answer, { body: validPlatforms }],
        });
        const failed = await client.callTool({ name: 'list_platforms', arguments: {} });
        assert.equal(failed.isError, true);
        assert.equal(failed.structuredContent, undefined);
        assert.match(textOf(failed), error);
        assert.deepEqual(
          (await client.callTool({ name: 'list_platforms', arguments: {} })).structuredContent,
          validPlatforms,
        );
      });
    }

    it('lists the OpenAPI document and the resource links, as JSON, and no templates', async () => {
      const { client } = await connect(generation);
      const { resources } = await client.listResources();
      assert.deepEqual(
        resources.map(({ uri, mimeType }) => ({ uri, mimeType })),
        [
          { uri: 'earshot://openapi', mimeType: 'application/json' },
          { uri: 'earshot://links', mimeType: 'application/json' },
        ],
      );
      assert.deepEqual((await client.listResourceTemplates()).resourceTemplates, []);
    });

    it('reads the OpenAPI document as served, byte for byte, and the links of the capabilities', async () => {
      const served = JSON.stringify(validOpenApi, null, 4);
      const { client } = await connect(generation, { [`${FAKE_API}/openapi.json`]: { body: served } });
      assert.deepEqual((await client.readResource({ uri: 'earshot://openapi' })).contents, [
        { uri: 'earshot://openapi', mimeType: 'application/json', text: served },
      ]);
      const { contents } = await client.readResource({ uri: 'earshot://links' });
      assert.deepEqual(JSON.parse(contents[0]!.text!), validCapabilities(FAKE_API).data.resources);
    });

    it('an API failure while reading is a protocol error on one line, prefixed once, and the server carries on', async () => {
      const { client } = await connect(generation, {
        [`${FAKE_API}/openapi.json`]: [
          { status: 404, body: { error: 'Not Found', statusCode: 404 } },
          { body: validOpenApi },
        ],
      });
      const error = await rejection(client.readResource({ uri: 'earshot://openapi' }));
      assert.equal(error.code, -32603);
      assert.doesNotMatch(error.message, /\n/);
      assert.doesNotMatch(error.message, /MCP error.*MCP error/);
      assert.match(
        error.message,
        /^(MCP error -32603: )?GET http:\/\/api\.test\/openapi\.json answered HTTP 404.*; hint: \S/,
      );
      assert.equal((await client.readResource({ uri: 'earshot://openapi' })).contents.length, 1);
    });

    it('an unknown resource is "resource not found" (-32602, as revision 2026-07-28 and the SDK answer it)', async () => {
      const { client } = await connect(generation);
      const error = await rejection(client.readResource({ uri: 'earshot://monitors' }));
      assert.equal(error.code, -32602);
      assert.match(error.message, /Resource not found: earshot:\/\/monitors$/);
    });
  });
}

describe('the MCP server, whatever its data source', () => {
  it("never lets a result out that breaks the tool's output schema: the SDK checks it against our schema, and the call is an error result", async () => {
    // Even the tolerant reading requires every platform's name.
    const broken = { data: [{ id: 'reddit', targetTypes: ['keyword'] }] };
    const source = {
      baseUrl: FAKE_API,
      get: async () => ({ ok: true as const, value: broken as never, text: JSON.stringify(broken) }),
      getOpenApiDocument: async () => ({ ok: false as const, error: { message: 'unused', hint: 'unused' } }),
    };
    const factory = await loadEarshotMcpServerFactory({ source, version: '9.9.9' });
    const toServer = new PassThrough();
    const fromServer = new PassThrough();
    const handle = serveStdio(factory, { transport: new LineDelimitedStdioTransport(toServer, fromServer) });
    cleanups.push(() => handle.close());
    const client = await connectClient('v2-2026-07-28', new LineClientTransport(fromServer, toServer));
    cleanups.push(() => client.close());
    const result = await client.callTool({ name: 'list_platforms', arguments: {} });
    assert.equal(result.isError, true);
    assert.equal(result.structuredContent, undefined);
    assert.match(
      textOf(result),
      /^Output validation error: Invalid structured content for tool list_platforms: .*name/,
    );
  });
});

describe('the MCP server over stdio, message by message', () => {
  const meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  const request = (id: number, method: string, params: Record<string, unknown> = {}) =>
    JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: meta } });

  /** Sends lines as a client would, then one valid request; resolves with every answer up to that one's. */
  async function exchange(lines: string[]): Promise<Record<string, unknown>[]> {
    const { toServer, fromServer } = await startServer();
    const answers: Record<string, unknown>[] = [];
    let buffered = '';
    const done = new Promise<void>((resolve) => {
      fromServer.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        for (let newline = buffered.indexOf('\n'); newline !== -1; newline = buffered.indexOf('\n')) {
          const answer = JSON.parse(buffered.slice(0, newline)) as Record<string, unknown>;
          buffered = buffered.slice(newline + 1);
          answers.push(answer);
          if (answer.id === 'last') resolve();
        }
      });
    });
    for (const line of lines) toServer.write(`${line}\n`);
    toServer.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 'last', method: 'tools/list', params: { _meta: meta } })}\n`,
    );
    await done;
    return answers;
  }

  const cases: [string, { lines: string[]; want: unknown[] }][] = [
    [
      'a line that is not JSON: a parse error with a null id',
      {
        lines: ['not json'],
        want: [
          { jsonrpc: '2.0', id: null, error: { code: -32700, message: /^Parse error: the line is not JSON \(.+\)$/ } },
        ],
      },
    ],
    [
      'a batch, without initialize or _meta (no revision known): an invalid request',
      {
        lines: [`[${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} })}]`],
        want: [
          {
            jsonrpc: '2.0',
            id: null,
            error: {
              code: -32600,
              message:
                'Invalid Request: a JSON-RPC batch needs protocol revision 2025-03-26, negotiated with initialize first; send one message per line',
            },
          },
        ],
      },
    ],
    [
      'server/discover without _meta (not a 2026-07-28 request): method not found, saying what it lacks',
      {
        lines: [JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: {} })],
        want: [
          {
            jsonrpc: '2.0',
            id: 1,
            error: {
              code: -32601,
              message:
                'Method not found: server/discover is of protocol revision 2026-07-28, whose requests carry _meta["io.modelcontextprotocol/protocolVersion"]; without it, the session is of a 2025 revision, which starts with initialize',
            },
          },
        ],
      },
    ],
    [
      'a truncated message: a parse error',
      {
        lines: ['{"jsonrpc":"2.0","id":1,"method":"tools/li'],
        want: [{ jsonrpc: '2.0', id: null, error: { code: -32700, message: /^Parse error/ } }],
      },
    ],
    [
      'a batch, without initialize (a 2026-07-28 session): an invalid request',
      {
        lines: [`[${request(1, 'tools/list')}]`],
        want: [
          {
            jsonrpc: '2.0',
            id: null,
            error: {
              code: -32600,
              message:
                'Invalid Request: protocol revision 2026-07-28 has no JSON-RPC batches (only 2025-03-26 has them); send one message per line',
            },
          },
        ],
      },
    ],
    [
      'JSON that is not a JSON-RPC message: an invalid request with its id',
      {
        lines: ['{"jsonrpc":"2.0","id":7}'],
        want: [
          { jsonrpc: '2.0', id: 7, error: { code: -32600, message: /^Invalid Request: not a JSON-RPC 2\.0 request/ } },
        ],
      },
    ],
    [
      'a bare number: an invalid request',
      { lines: ['42'], want: [{ jsonrpc: '2.0', id: null, error: { code: -32600, message: /^Invalid Request/ } }] },
    ],
    [
      'a protocol version the server does not speak: -32022 and the versions it does, as over HTTP',
      {
        lines: [
          JSON.stringify({
            jsonrpc: '2.0',
            id: 13,
            method: 'tools/list',
            params: { _meta: { ...meta, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } },
          }),
        ],
        want: [
          {
            jsonrpc: '2.0',
            id: 13,
            error: {
              code: -32022,
              message: 'Unsupported protocol version: 2099-01-01',
              data: { supported: ['2026-07-28'], requested: '2099-01-01' },
            },
          },
        ],
      },
    ],
    [
      'an unknown method: method not found',
      {
        lines: [request(2, 'monitors/list')],
        want: [{ jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found' } }],
      },
    ],
    [
      'tools/call with arguments that are not an object: invalid params, on one line',
      {
        lines: [request(3, 'tools/call', { name: 'list_platforms', arguments: 'x' })],
        want: [
          {
            jsonrpc: '2.0',
            id: 3,
            error: {
              code: -32602,
              message: 'Invalid params for tools/call: params.arguments: expected an object, received string',
            },
          },
        ],
      },
    ],
    [
      'resources/read with a numeric uri: invalid params, not an internal error',
      {
        lines: [request(4, 'resources/read', { uri: 5 })],
        want: [
          {
            jsonrpc: '2.0',
            id: 4,
            error: {
              code: -32602,
              message: 'Invalid params for resources/read: params.uri: expected string, received number',
            },
          },
        ],
      },
    ],
    [
      'tools/call without a tool name: invalid params naming what is required',
      {
        lines: [request(11, 'tools/call', { arguments: {} })],
        want: [
          {
            jsonrpc: '2.0',
            id: 11,
            error: { code: -32602, message: 'Invalid params for tools/call: params.name: required, expected string' },
          },
        ],
      },
    ],
    [
      'tools/list with a cursor that is not a string: invalid params, not an internal error',
      {
        lines: [request(12, 'tools/list', { cursor: 5 })],
        want: [
          {
            jsonrpc: '2.0',
            id: 12,
            error: {
              code: -32602,
              message: 'Invalid params for tools/list: params.cursor: expected string, received number',
            },
          },
        ],
      },
    ],
    [
      'a 2025 initialize with params of the wrong types: invalid params, each named',
      {
        lines: [JSON.stringify({ jsonrpc: '2.0', id: 13, method: 'initialize', params: { protocolVersion: 2025 } })],
        want: [
          {
            jsonrpc: '2.0',
            id: 13,
            error: {
              code: -32602,
              message:
                'Invalid params for initialize: params.protocolVersion: expected string, received number; params.capabilities: required, expected an object; params.clientInfo: required, expected an object',
            },
          },
        ],
      },
    ],
    ['blank lines: ignored', { lines: ['', '   ', '\r'], want: [] }],
  ];
  for (const [name, { lines, want }] of cases) {
    it(`${name}, and the server keeps answering`, async () => {
      const answers = await exchange(lines);
      const last = answers.pop()!;
      assert.deepEqual(
        (last.result as { tools: { name: string }[] }).tools.map((tool) => tool.name),
        ['list_platforms', 'get_capabilities'],
      );
      assert.equal(answers.length, want.length, JSON.stringify(answers));
      want.forEach((expected, index) => assertMatches(answers[index], expected));
    });
  }

  it('after a 2025 initialize, a request naming another protocol version: -32022 and the negotiated one, as over HTTP; requests of the negotiated version go on', async () => {
    const { toServer, fromServer } = await startServer();
    const answers: Record<string, unknown>[] = [];
    let buffered = '';
    let initialized: () => void = () => {};
    const answeredInitialize = new Promise<void>((resolve) => (initialized = resolve));
    const done = new Promise<void>((resolve) => {
      fromServer.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        for (let newline = buffered.indexOf('\n'); newline !== -1; newline = buffered.indexOf('\n')) {
          const answer = JSON.parse(buffered.slice(0, newline)) as Record<string, unknown>;
          buffered = buffered.slice(newline + 1);
          answers.push(answer);
          if (answer.id === 14) initialized();
          if (answer.id === 'last') resolve();
        }
      });
    });
    const legacyRequest = (id: number | string, method: string, params: Record<string, unknown>) =>
      `${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`;
    toServer.write(
      legacyRequest(14, 'initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'raw', version: '1' },
      }),
    );
    // As a client does: nothing else before the answer to initialize.
    await answeredInitialize;
    toServer.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    toServer.write(
      legacyRequest(15, 'tools/list', { _meta: { 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } }),
    );
    toServer.write(
      legacyRequest('last', 'tools/list', { _meta: { 'io.modelcontextprotocol/protocolVersion': '2025-11-25' } }),
    );
    await done;
    assertMatches(answers[0], { jsonrpc: '2.0', id: 14, result: { protocolVersion: '2025-11-25' } });
    assert.deepEqual(answers[1], {
      jsonrpc: '2.0',
      id: 15,
      error: {
        code: -32022,
        message: 'Unsupported protocol version: 2099-01-01',
        data: { supported: ['2025-11-25'], requested: '2099-01-01' },
      },
    });
    assert.deepEqual(
      ((answers[2]!.result as { tools: { name: string }[] }).tools ?? []).map((tool) => tool.name),
      ['list_platforms', 'get_capabilities'],
    );
  });

  it('a line over the size limit: an invalid request, the rest of the line skipped', async () => {
    const { toServer, fromServer } = await startServer();
    const answers: Record<string, unknown>[] = [];
    fromServer.on('data', (chunk: Buffer) =>
      answers.push(
        ...chunk
          .toString()
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as Record<string, unknown>),
      ),
    );
    // A line of 2 MiB, written in pieces, as a pipe delivers it.
    for (let i = 0; i < 32; i++) toServer.write('x'.repeat(64 * 1024));
    toServer.write(`\n${request(5, 'tools/list')}\n`);
    await new Promise<void>((resolve) => {
      const check = () => (answers.some((answer) => answer.id === 5) ? resolve() : setImmediate(check));
      check();
    });
    assertMatches(answers[0], {
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32600,
        message: /^Invalid Request: a message must be at most 1048576 bytes on one line; this one was skipped$/,
      },
    });
    assert.equal(answers.filter((answer) => answer.error).length, 1);
  });

  it('2026-07-28 lists and reads carry cache hints: public, for as long as browsers keep the API', async () => {
    const answers = await exchange([request(8, 'server/discover'), request(9, 'resources/templates/list')]);
    for (const answer of answers)
      assertMatches((answer as { result: unknown }).result, { ttlMs: MCP_CACHE_HINT.ttlMs, cacheScope: 'public' });
    const apiCacheControl = resolveHeaders(readNetlifyConfig(), '/api/v1/platforms')['cache-control'] ?? '';
    assert.equal(
      MCP_CACHE_HINT.ttlMs,
      Number(/max-age=(\d+)/.exec(apiCacheControl)?.[1]) * 1000,
      `netlify.toml's /api/* Cache-Control is ${apiCacheControl}`,
    );
  });

  it('server/discover advertises 2026-07-28, tools and resources whose lists never change, and the instructions', async () => {
    const [discover] = await exchange([request(10, 'server/discover')]);
    assertMatches((discover as { result: unknown }).result, {
      supportedVersions: ['2026-07-28'],
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false } },
      instructions: /^Earshot's public discovery API \(http:\/\/api\.test\)/,
      _meta: { 'io.modelcontextprotocol/serverInfo': describeServer(FAKE_API, '9.9.9') },
    });
  });
});

/** Deep comparison where a RegExp in `want` matches a string, and objects in `want` may omit keys. */
function assertMatches(actual: unknown, want: unknown, path = ''): void {
  if (want instanceof RegExp) {
    assert.equal(typeof actual, 'string', `${path}: expected a string`);
    assert.match(actual as string, want, path);
  } else if (Array.isArray(want)) {
    assert.ok(Array.isArray(actual), `${path}: expected an array`);
    assert.equal((actual as unknown[]).length, want.length, `${path}: length`);
    want.forEach((item, index) => assertMatches((actual as unknown[])[index], item, `${path}/${index}`));
  } else if (typeof want === 'object' && want !== null) {
    assert.equal(typeof actual, 'object', `${path}: expected an object (got ${JSON.stringify(actual)})`);
    for (const [key, value] of Object.entries(want))
      assertMatches((actual as Record<string, unknown>)[key], value, `${path}/${key}`);
  } else {
    assert.deepEqual(actual, want, path);
  }
}
