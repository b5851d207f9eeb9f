import { zipFunctions } from '@netlify/zip-it-and-ship-it';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, parse as parsePath } from 'node:path';
import { after, before, describe, it } from 'node:test';
import otherMethods, { config as otherMethodsConfig } from '../../netlify/functions/other-methods.ts';
import tooManyRequests, {
  RETRY_AFTER_SECONDS,
  config as tooManyRequestsConfig,
} from '../../netlify/functions/too-many-requests.ts';
import { apiErrors, METHOD_NOT_ALLOWED, TOO_MANY_REQUESTS } from '../../contract/api-errors.ts';
import { readNetlifyConfig, resolveHeaders } from '../../site/lib/edge/netlify-config.ts';
import { readMcpRateLimit, readRateLimit } from '../../contract/rate-limit.ts';
import { MCP_ENDPOINT_PATH } from '../../contract/mcp-endpoint-path.ts';
import { config as mcpConfig } from '../../netlify/functions/mcp.ts';
import { config as serverIconConfig } from '../../netlify/functions/server-icon.ts';
import { SERVER_ICON_PATH } from '../../client/src/mcp/server-icon.ts';
import mcpTooManyRequests, {
  config as mcpTooManyRequestsConfig,
} from '../../netlify/functions/mcp-too-many-requests.ts';
import { RATE_LIMITED } from '../../site/lib/mcp/mcp-too-many-requests.ts';
import { parseRateLimitItem, RATE_LIMIT_POLICY_NAME } from '../../contract/rate-limit-fields.ts';
import { createSchemaValidator } from '../../contract/create-schema-validator.ts';
import { errorSchema } from '../../contract/schemas/index.ts';

const netlify = readNetlifyConfig();
const rateLimit = readRateLimit();
const mcpRateLimit = readMcpRateLimit();
const validateError = createSchemaValidator().getSchema(errorSchema.$id)!;
const apiHeaders = resolveHeaders(netlify, '/api/v1/platforms');

/** What Netlify's own bundler reads from a function's `config`, as it writes it into the deploy's manifest. */
interface ManifestFunction {
  name: string;
  routes?: { pattern: string; methods?: string[] }[];
  trafficRules?: {
    action: {
      type: string;
      config: {
        rateLimitConfig: { windowLimit: number; windowSize: number; algorithm: string };
        aggregate: { keys: { type: string }[] };
      };
    };
  };
}

const bundleDir = mkdtempSync(join(tmpdir(), 'earshot-functions-'));
let manifest: ManifestFunction[] = [];
const deployed = (name: string) => manifest.find((fn) => fn.name === name)!;

/** The rate limit of a bundled function, in the shape of readRateLimit(). */
function bundledRateLimit(fn: ManifestFunction) {
  const action = fn.trafficRules?.action;
  return {
    windowLimit: action?.config.rateLimitConfig.windowLimit,
    windowSize: action?.config.rateLimitConfig.windowSize,
    aggregateBy: action?.config.aggregate.keys.map((key) => key.type),
  };
}

before(async () => {
  // The bundler Netlify's build runs on netlify/functions: it parses each `config` from the source
  // (literals only) and writes the routes and rate limits the CDN will apply.
  await zipFunctions([netlify.functions!.directory!], bundleDir, {
    manifest: join(bundleDir, 'manifest.json'),
    archiveFormat: 'none',
    basePath: process.cwd(),
  });
  manifest = (JSON.parse(readFileSync(join(bundleDir, 'manifest.json'), 'utf8')) as { functions: ManifestFunction[] })
    .functions;
});

after(() => rmSync(bundleDir, { recursive: true, force: true }));

describe('netlify/functions, as Netlify bundles them', () => {
  it('deploys exactly the five functions, each rate limited like the rule that leads to it in netlify.toml (the MCP ones like /mcp), with Netlify’s own 429 over it', () => {
    assert.deepEqual(
      manifest.map((fn) => fn.name).sort(),
      readdirSync(netlify.functions!.directory!)
        .map((file) => parsePath(file).name)
        .sort(),
    );
    assert.deepEqual(manifest.map((fn) => fn.name).sort(), [
      'mcp',
      'mcp-too-many-requests',
      'other-methods',
      'server-icon',
      'too-many-requests',
    ]);
    for (const fn of manifest) {
      assert.deepEqual(
        bundledRateLimit(fn),
        fn.name.startsWith('mcp') ? mcpRateLimit : rateLimit,
        `${fn.name}: its config.rateLimit and netlify.toml disagree`,
      );
      assert.equal(fn.trafficRules?.action.type, 'rate_limit', fn.name);
      // Netlify's only algorithm, which the docs and the README describe.
      assert.equal(fn.trafficRules?.action.config.rateLimitConfig.algorithm, 'sliding_window', fn.name);
    }
  });

  it('the 429 functions keep their default paths, the ones the rate-limit rules rewrite to: /mcp to the JSON-RPC one, the API to the other', () => {
    assert.equal(deployed('too-many-requests').routes, undefined);
    assert.equal(deployed('mcp-too-many-requests').routes, undefined);
    const targets = netlify.redirects!.flatMap((rule) => (rule.rate_limit ? [[rule.from, rule.rate_limit.to]] : []));
    for (const [from, to] of targets)
      assert.equal(
        to,
        from === MCP_ENDPOINT_PATH
          ? '/.netlify/functions/mcp-too-many-requests'
          : '/.netlify/functions/too-many-requests',
        from,
      );
  });

  it('other-methods runs for every public JSON resource that netlify.toml gives CORS, and never for GET or HEAD', () => {
    const corsPaths = (netlify.headers ?? [])
      .filter((rule) => rule.values['Access-Control-Allow-Origin'])
      .map((rule) => rule.for);
    const routes = deployed('other-methods').routes ?? [];
    assert.deepEqual(routes.map((route) => route.pattern).sort(), [...corsPaths].sort());
    for (const route of routes)
      assert.deepEqual(route.methods, ['OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'], route.pattern);
  });

  it('the code reads the same config the bundler does', () => {
    for (const [config, limit] of [
      [tooManyRequestsConfig, rateLimit],
      [otherMethodsConfig, rateLimit],
      [mcpConfig, mcpRateLimit],
      [mcpTooManyRequestsConfig, mcpRateLimit],
    ] as const) {
      const { windowLimit, windowSize, aggregateBy } = config.rateLimit;
      assert.deepEqual({ windowLimit, windowSize, aggregateBy }, limit);
    }
    assert.deepEqual(
      otherMethodsConfig.path,
      deployed('other-methods').routes!.map((route) => route.pattern),
    );
    assert.deepEqual(serverIconConfig.rateLimit.windowLimit, rateLimit.windowLimit);
    assert.deepEqual(serverIconConfig.rateLimit.windowSize, rateLimit.windowSize);
  });

  it('server-icon answers GET and HEAD at the path the MCP server names for its icon, and nothing else', () => {
    assert.deepEqual(deployed('server-icon').routes, [
      { pattern: SERVER_ICON_PATH, literal: SERVER_ICON_PATH, methods: ['GET', 'HEAD'] },
    ]);
  });
});

describe('the too-many-requests function, where the rate limit rewrites', () => {
  it('answers 429 with the JSON Error body', async () => {
    const response = tooManyRequests(new Request('https://earshot.dev/api/v1/platforms'));
    assert.equal(response.status, 429);
    assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
    const body = await response.json();
    assert.deepEqual(body, TOO_MANY_REQUESTS);
    assert.equal(validateError(body), true, JSON.stringify(validateError.errors));
  });

  it('answers a CORS preflight over the limit like any other, so that the browser sends the request and its script reads the 429', async () => {
    const options = new Request('https://earshot.dev/api/v1/platforms', {
      method: 'OPTIONS',
      headers: { Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': 'GET' },
    });
    const [overLimit, usual] = [tooManyRequests(options), otherMethods(options)];
    assert.equal(overLimit.status, 204);
    assert.deepEqual(Object.fromEntries(overLimit.headers), Object.fromEntries(usual.headers));
  });

  it("sends Retry-After equal to the rate limit's window in netlify.toml", () => {
    assert.equal(RETRY_AFTER_SECONDS, rateLimit.windowSize);
    assert.equal(
      tooManyRequests(new Request('https://earshot.dev/api/v1/platforms')).headers.get('retry-after'),
      String(RETRY_AFTER_SECONDS),
    );
  });

  it('carries both IETF fields: the policy of netlify.toml, and no request left until Retry-After', () => {
    const headers = tooManyRequests(new Request('https://earshot.dev/api/v1/platforms')).headers;
    assert.deepEqual(parseRateLimitItem(headers.get('ratelimit-policy')), {
      name: RATE_LIMIT_POLICY_NAME,
      parameters: { q: rateLimit.windowLimit, w: rateLimit.windowSize },
    });
    assert.deepEqual(parseRateLimitItem(headers.get('ratelimit')), {
      name: RATE_LIMIT_POLICY_NAME,
      parameters: { r: 0, t: Number(headers.get('retry-after')) },
    });
    assert.equal(
      headers.get('ratelimit-policy'),
      apiHeaders['ratelimit-policy'],
      'the same policy as every other API answer',
    );
  });

  it('carries the CORS, link and nosniff headers of every API answer, and is never cached', () => {
    const headers = tooManyRequests(new Request('https://earshot.dev/api/v1/platforms')).headers;
    for (const name of [
      'content-type',
      'access-control-allow-origin',
      'access-control-expose-headers',
      'link',
      'x-content-type-options',
    ]) {
      assert.equal(headers.get(name), apiHeaders[name], name);
    }
    assert.equal(headers.get('cache-control'), 'no-store');
    assert.equal(headers.has('set-cookie'), false);
  });
});

describe('the mcp-too-many-requests function, where the /mcp rule rewrites', () => {
  const post = (body: string) =>
    mcpTooManyRequests(
      new Request('https://earshot.dev/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body,
      }),
    );
  const cases: [string, { body: string; id: string | number | null }][] = [
    ['a request with a number id', { body: '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{}}', id: 7 }],
    ['a request with a string id', { body: '{"jsonrpc":"2.0","id":"a-1","method":"initialize"}', id: 'a-1' }],
    ['a notification', { body: '{"jsonrpc":"2.0","method":"notifications/initialized"}', id: null }],
    ['a body that is not JSON', { body: 'not json', id: null }],
    ['a batch', { body: '[{"jsonrpc":"2.0","id":1,"method":"ping"}]', id: null }],
  ];
  for (const [name, { body, id }] of cases) {
    it(`${name}: 429, a JSON-RPC error with ${id === null ? 'a null id' : 'its id'} saying when to retry, and the wait as data`, async () => {
      const response = await post(body);
      assert.equal(response.status, 429);
      assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
      assert.deepEqual(await response.json(), {
        jsonrpc: '2.0',
        id,
        error: {
          code: RATE_LIMITED,
          message: `Too Many Requests: this MCP endpoint allows ${mcpRateLimit.windowLimit} requests per ${mcpRateLimit.windowSize} seconds from one address; retry after ${mcpRateLimit.windowSize} seconds`,
          data: { statusCode: 429, retryAfterSeconds: mcpRateLimit.windowSize },
        },
      });
    });
  }

  it("states the /mcp rule's numbers as the API's 429 states its own: Retry-After of one window, the policy, nothing left; never cached", async () => {
    const headers = (await post('{"jsonrpc":"2.0","id":1,"method":"ping"}')).headers;
    assert.equal(headers.get('retry-after'), String(mcpRateLimit.windowSize));
    assert.deepEqual(parseRateLimitItem(headers.get('ratelimit-policy')), {
      name: RATE_LIMIT_POLICY_NAME,
      parameters: { q: mcpRateLimit.windowLimit, w: mcpRateLimit.windowSize },
    });
    assert.deepEqual(parseRateLimitItem(headers.get('ratelimit')), {
      name: RATE_LIMIT_POLICY_NAME,
      parameters: { r: 0, t: mcpRateLimit.windowSize },
    });
    assert.equal(headers.get('cache-control'), 'no-store');
    assert.equal(headers.get('x-content-type-options'), 'nosniff');
  });
});

describe('the other-methods function', () => {
  const preflight = (path: string) =>
    otherMethods(
      new Request(`https://earshot.dev${path}`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://elsewhere.example',
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'x-trace-id',
        },
      }),
    );

  it('answers a CORS preflight 204: any origin, GET, HEAD and OPTIONS, any request header, a day', async () => {
    const response = preflight('/api/v1/platforms');
    assert.equal(response.status, 204);
    assert.equal(await response.text(), '');
    const headers = Object.fromEntries(response.headers);
    assert.deepEqual(
      {
        origin: headers['access-control-allow-origin'],
        methods: headers['access-control-allow-methods'],
        headers: headers['access-control-allow-headers'],
        maxAge: headers['access-control-max-age'],
        allow: headers.allow,
      },
      { origin: '*', methods: 'GET, HEAD, OPTIONS', headers: '*', maxAge: '86400', allow: 'GET, HEAD, OPTIONS' },
    );
    assert.equal(headers['access-control-expose-headers'], apiHeaders['access-control-expose-headers']);
  });

  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
    it(`answers ${method} 405 with the JSON Error body, Allow, and the headers of every API answer`, async () => {
      const response = otherMethods(new Request('https://earshot.dev/api/v1/platforms', { method, body: '{}' }));
      assert.equal(response.status, 405);
      assert.equal(response.headers.get('allow'), 'GET, HEAD, OPTIONS');
      for (const name of [
        'content-type',
        'access-control-allow-origin',
        'access-control-expose-headers',
        'link',
        'ratelimit-policy',
        'x-content-type-options',
      ]) {
        assert.equal(response.headers.get(name), apiHeaders[name], name);
      }
      assert.equal(response.headers.get('cache-control'), 'no-store');
      const body = await response.json();
      assert.deepEqual(body, METHOD_NOT_ALLOWED);
      assert.equal(validateError(body), true);
    });
  }
});

describe('the error bodies', () => {
  for (const body of apiErrors) {
    it(`${JSON.stringify(body)} is a valid Error`, () =>
      assert.equal(validateError(body), true, JSON.stringify(validateError.errors)));
  }

  it('say the reason phrase of their status (RFC 9110, section 15)', () => {
    assert.deepEqual(
      apiErrors.map((body) => [body.statusCode, body.error]),
      [
        [404, 'Not Found'],
        [405, 'Method Not Allowed'],
        [429, 'Too Many Requests'],
      ],
    );
  });
});
