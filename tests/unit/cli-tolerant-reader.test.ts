import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { run } from '../../client/src/run.ts';
import { createSchemaValidator } from '../../contract/create-schema-validator.ts';
import { apiSchemas, mcpConfigurationSchema, toTolerantSchema } from '../../contract/schemas/index.ts';
import { createTestIo } from '../support/cli-io.ts';
import { FAKE_API, fakeApi } from '../support/fake-api.ts';
import { validCapabilities, validMcpConfig, validPlatforms } from '../support/misbehaving-server.ts';

/**
 * The client is a tolerant reader (contract/schemas/tolerant.ts, the rule in the versioning
 * docs): what a compatible server may add passes, `--json` unchanged and the human output showing
 * the new values; what breaks the contract still fails with exit 5. The build stays strict.
 */
const API = FAKE_API;
const capabilities = () => validCapabilities(API);
const reddit = validPlatforms.data[0]!;

type Served = { path: string; body: unknown };
const platformsAnswer = (body: unknown): Served => ({ path: '/api/v1/platforms', body });
const capabilitiesAnswer = (body: unknown): Served => ({ path: '/api/v1/capabilities', body });
const mcpAnswer = (body: unknown): Served => ({ path: '/ok/mcp.json', body });
/** The served MCP configuration with the remote endpoint's entry changed. */
const withRemote = (change: Record<string, unknown>) => ({
  mcpServers: { ...validMcpConfig(API).mcpServers, earshot: { ...validMcpConfig(API).mcpServers.earshot, ...change } },
});

const additive: [string, { served: Served; argv: string[]; shows: string }][] = [
  [
    'a new top-level field',
    {
      served: platformsAnswer({ ...validPlatforms, next: '/api/v1/platforms?page=2' }),
      argv: ['platforms'],
      shows: 'reddit\tReddit\tkeyword,subreddit\n',
    },
  ],
  [
    'a new field on a platform',
    {
      served: platformsAnswer({ data: [{ ...reddit, icon: 'https://earshot.dev/reddit.svg' }] }),
      argv: ['platforms'],
      shows: 'reddit\tReddit\tkeyword,subreddit\n',
    },
  ],
  [
    'a new target type',
    {
      served: platformsAnswer({ data: [{ ...reddit, targetTypes: ['keyword', 'hashtag'] }] }),
      argv: ['platforms'],
      shows: 'reddit\tReddit\tkeyword,hashtag\n',
    },
  ],
  [
    'a new field in the capabilities',
    {
      served: capabilitiesAnswer({ data: { ...capabilities().data, pricing: { free: true } } }),
      argv: ['capabilities'],
      shows: 'product\tEarshot\n',
    },
  ],
  [
    'a new resource link',
    {
      served: capabilitiesAnswer({
        data: {
          ...capabilities().data,
          resources: { ...capabilities().data.resources, status: 'https://status.earshot.dev/' },
        },
      }),
      argv: ['links'],
      shows: 'status\thttps://status.earshot.dev/\n',
    },
  ],
  [
    'a new resource that is not a plain link',
    {
      served: capabilitiesAnswer({
        data: {
          ...capabilities().data,
          resources: { ...capabilities().data.resources, sdks: { js: 'https://x.test/js' } },
        },
      }),
      argv: ['capabilities'],
      shows: 'resource\tsdks\t{"js":"https://x.test/js"}\n',
    },
  ],
  [
    'a new target type inside the capabilities',
    {
      served: capabilitiesAnswer({
        data: { ...capabilities().data, platforms: [{ ...reddit, targetTypes: ['hashtag'] }] },
      }),
      argv: ['capabilities'],
      shows: 'platform\treddit\tReddit\thashtag\n',
    },
  ],
  [
    'another product name',
    {
      served: capabilitiesAnswer({ data: { ...capabilities().data, product: 'Earshot Pro' } }),
      argv: ['capabilities'],
      shows: 'product\tEarshot Pro\n',
    },
  ],
  [
    'a new field on an MCP server entry',
    {
      served: mcpAnswer(withRemote({ headers: { 'X-Client': 'earshot' } })),
      argv: ['mcp', 'config'],
      shows: '"headers": {\n',
    },
  ],
  [
    "a new field on an MCP server entry, converted for a client: what this version knows, in that client's format",
    {
      served: mcpAnswer(withRemote({ headers: { 'X-Client': 'earshot' } })),
      argv: ['mcp', 'config', '--client', 'vscode'],
      shows: `"type": "http",\n      "url": "${API}/mcp"\n`,
    },
  ],
  [
    'another MCP server beside ours',
    {
      served: mcpAnswer({
        mcpServers: {
          ...validMcpConfig(API).mcpServers,
          'earshot-beta': { type: 'http', url: 'https://beta.earshot.dev/mcp' },
        },
      }),
      argv: ['mcp', 'config'],
      shows: '"earshot-beta": {\n',
    },
  ],
  [
    'another transport type',
    { served: mcpAnswer(withRemote({ type: 'websocket' })), argv: ['mcp', 'config'], shows: '"type": "websocket"' },
  ],
];

const breaking: [string, { served: Served; argv: string[]; problem: string }][] = [
  [
    'not JSON',
    { served: platformsAnswer('{"data": [{"id": "reddit",'), argv: ['platforms'], problem: 'is not valid JSON' },
  ],
  [
    'a platform without its name',
    {
      served: platformsAnswer({ data: [{ id: 'reddit', targetTypes: [] }] }),
      argv: ['platforms'],
      problem: '/api/v1/platforms#/data/0: must have the property "name"',
    },
  ],
  [
    'no platform list',
    {
      served: platformsAnswer({ platforms: [] }),
      argv: ['platforms'],
      problem: '/api/v1/platforms#: must have the property "data"',
    },
  ],
  [
    'target types as one string',
    {
      served: platformsAnswer({ data: [{ ...reddit, targetTypes: 'keyword' }] }),
      argv: ['platforms'],
      problem: '/api/v1/platforms#/data/0/targetTypes: must be an array (got "keyword")',
    },
  ],
  [
    'a target type that is not a string',
    {
      served: platformsAnswer({ data: [{ ...reddit, targetTypes: [1] }] }),
      argv: ['platforms'],
      problem: '/api/v1/platforms#/data/0/targetTypes/0: must be a string (got 1)',
    },
  ],
  [
    'an id that is a number',
    {
      served: platformsAnswer({ data: [{ ...reddit, id: 7 }] }),
      argv: ['platforms'],
      problem: '/api/v1/platforms#/data/0/id: must be a string (got 7)',
    },
  ],
  [
    'a resource link gone',
    {
      served: capabilitiesAnswer({
        data: { ...capabilities().data, resources: { ...capabilities().data.resources, mcp: undefined } },
      }),
      argv: ['links'],
      problem: '/api/v1/capabilities#/data/resources: must have the property "mcp"',
    },
  ],
  [
    'a known link that is not a URI',
    {
      served: capabilitiesAnswer({
        data: { ...capabilities().data, resources: { ...capabilities().data.resources, openapi: 'see the docs' } },
      }),
      argv: ['links'],
      problem: '/api/v1/capabilities#/data/resources/openapi: must be an absolute URI (got "see the docs")',
    },
  ],
  [
    'the product name as a number',
    {
      served: capabilitiesAnswer({ data: { ...capabilities().data, product: 1 } }),
      argv: ['capabilities'],
      problem: '/api/v1/capabilities#/data/product: must be a string (got 1)',
    },
  ],
  [
    'the local server without its arguments',
    {
      served: mcpAnswer({
        mcpServers: { ...validMcpConfig(API).mcpServers, 'earshot-stdio': { type: 'stdio', command: 'npx' } },
      }),
      argv: ['mcp', 'config'],
      problem: '/ok/mcp.json#/mcpServers/earshot-stdio: must have the property "args"',
    },
  ],
  [
    'the remote endpoint gone',
    {
      served: mcpAnswer({ mcpServers: { 'earshot-stdio': validMcpConfig(API).mcpServers['earshot-stdio'] } }),
      argv: ['mcp', 'config'],
      problem: '/ok/mcp.json#/mcpServers: must have the property "earshot"',
    },
  ],
  [
    'the endpoint URL as a number',
    {
      served: mcpAnswer(withRemote({ url: 8 })),
      argv: ['mcp', 'config'],
      problem: '/ok/mcp.json#/mcpServers/earshot/url: must be a string (got 8)',
    },
  ],
];

const serve = ({ path, body }: Served) => fakeApi({ [`${API}${path}`]: { body } });
const servedText = ({ body }: Served) => (typeof body === 'string' ? body : JSON.stringify(body));

describe('the client reads answers tolerantly: additive changes are accepted', () => {
  for (const [name, { served, argv, shows }] of additive) {
    it(`${name}: exit 0, the human output shows it`, async () => {
      const io = createTestIo({ env: { EARSHOT_BASE_URL: API }, fetch: serve(served).fetch });
      assert.equal(await run(argv, io), 0, io.err());
      assert.equal(io.err(), '');
      assert.ok(io.out().includes(shows), `expected ${JSON.stringify(shows)} in ${JSON.stringify(io.out())}`);
    });
    if (argv.includes('--client')) continue;
    it(`${name}: --json passes the answer through unchanged`, async () => {
      const io = createTestIo({ env: { EARSHOT_BASE_URL: API }, fetch: serve(served).fetch });
      assert.equal(await run([...argv, '--json'], io), 0, io.err());
      assert.equal(io.out(), servedText(served));
    });
  }
});

describe('the client still refuses what breaks the contract: exit 5', () => {
  for (const [name, { served, argv, problem }] of breaking) {
    it(`${name}, with or without --json`, async () => {
      for (const json of [[], ['--json']]) {
        const io = createTestIo({ env: { EARSHOT_BASE_URL: API }, fetch: serve(served).fetch });
        assert.equal(await run([...argv, ...json], io), 5, io.err());
        assert.equal(io.out(), '');
        const [error, hint, ...rest] = io.err().trimEnd().split('\n');
        assert.ok(error!.startsWith('error: the answer from http://api.test/') && error!.includes(problem), error);
        assert.match(hint!, /^hint: /);
        assert.deepEqual(rest, []);
      }
    });
  }
});

describe('the strict schemas stay strict for what the site publishes', () => {
  const strict = createSchemaValidator();
  for (const [name, { served }] of additive) {
    if (served.path === '/ok/mcp.json') continue;
    it(`the build's schema refuses ${name}`, () => {
      const schema =
        served.path === '/api/v1/platforms' ? apiSchemas.PlatformsResponse : apiSchemas.CapabilitiesResponse;
      assert.equal(strict.getSchema(schema.$id)!(served.body), false);
    });
  }

  it('the tolerant variant keeps required properties, types and formats, and drops only closed lists', () => {
    // A schema of the test's own, so that a field added to the contract changes nothing expected here.
    const strictThing = {
      $id: 'https://example.com/schemas/v1/thing.json',
      title: 'Thing',
      type: 'object',
      additionalProperties: false,
      required: ['id', 'kinds', 'link'],
      properties: {
        id: { type: 'string', pattern: '^[a-z]+$', maxLength: 40, examples: ['alpha'] },
        kinds: { type: 'array', items: { enum: ['keyword', 'subreddit'] }, uniqueItems: true },
        link: { type: 'string', format: 'uri' },
        version: { const: 1 },
        owner: { $ref: 'https://example.com/schemas/v1/owner.json' },
      },
    };
    assert.deepEqual(toTolerantSchema(strictThing), {
      $id: 'https://example.com/schemas/tolerant/v1/thing.json',
      title: 'Thing',
      type: 'object',
      required: ['id', 'kinds', 'link'],
      properties: {
        id: { type: 'string', pattern: '^[a-z]+$', maxLength: 40, examples: ['alpha'] },
        kinds: { type: 'array', items: { type: 'string', examples: ['keyword', 'subreddit'] }, uniqueItems: true },
        link: { type: 'string', format: 'uri' },
        version: { type: 'integer' },
        owner: { $ref: 'https://example.com/schemas/tolerant/v1/owner.json' },
      },
    });
    const tolerantMcp = toTolerantSchema(mcpConfigurationSchema);
    assert.doesNotMatch(JSON.stringify(tolerantMcp), /additionalProperties|"enum"|"const"/);
    assert.match(JSON.stringify(tolerantMcp), /"required":\["type","command","args"\]/);
  });

  it('refuses to loosen what it has no rule for', () => {
    assert.throws(() => toTolerantSchema({ $id: 'https://example.com/x.json' }), /not one of our schema ids/);
    assert.throws(() => toTolerantSchema({ enum: ['a', 1] }), /mixed types/);
  });
});
