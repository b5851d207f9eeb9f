import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import otherMethods from '../../netlify/functions/other-methods.ts';
import { METHOD_NOT_ALLOWED, NOT_FOUND, TOO_MANY_REQUESTS } from '../../contract/api-errors.ts';
import { endpoints, OPENAPI_PATH } from '../../contract/endpoints.ts';
import { loadSiteDataOrThrow } from '../../site/lib/data/load-site-data.ts';
import { API_CATALOG_PATH } from '../../site/lib/discovery/build-api-catalog.ts';
import { CHANGELOG_FEED_PATH } from '../../site/lib/changelog/build-changelog-feed.ts';
import { publishedSchemas } from '../../site/lib/discovery/published-schemas.ts';
import { findRedirectRule, readNetlifyConfig, resolveHeaders } from '../../site/lib/edge/netlify-config.ts';
import { burstUntilLimited, rateLimitedUrl } from '../support/rate-limited-host.ts';
import { readRateLimit } from '../../contract/rate-limit.ts';
import { parseRateLimitItem, RATE_LIMIT_POLICY_NAME } from '../../contract/rate-limit-fields.ts';
import { createSchemaValidator } from '../../contract/create-schema-validator.ts';
import {
  agentSkillsIndexSchema,
  apiSchemas,
  errorSchema,
  mcpConfigurationSchema,
  mcpServerCardSchema,
  releaseManifestSchema,
} from '../../contract/schemas/index.ts';

const config = readNetlifyConfig();
const { product } = loadSiteDataOrThrow({ dataDir: 'data' });
const rateLimit = readRateLimit();

/** Every public JSON resource: the API, the OpenAPI document, the MCP configuration, the catalog, the schemas, the changelog feed. */
function publicJsonPaths(baseUrl: string): string[] {
  return [
    ...endpoints.map((route) => route.path),
    OPENAPI_PATH,
    product.resources.mcp,
    API_CATALOG_PATH,
    ...publishedSchemas(baseUrl).map(({ path }) => path),
    CHANGELOG_FEED_PATH,
  ];
}

/** The preflight answer, as the function that answers it builds it. */
const preflightHeaders = Object.fromEntries(
  otherMethods(new Request('https://earshot.dev/openapi.json', { method: 'OPTIONS' })).headers,
);
const validateError = createSchemaValidator().getSchema(errorSchema.$id)!;

/** The headers `netlify.toml` sets on a static answer at `path`, but the one the CDN's cache keeps for itself. */
function expectedHeaders(path: string): Record<string, string> {
  const { 'netlify-cdn-cache-control': _cdnOnly, ...sent } = resolveHeaders(config, path);
  return sent;
}

test.describe('the edge, served by the local server', () => {
  // An unknown path, /api/errors/404.json and the endpoints' own files are the smoke run's (below).
  for (const path of ['/api/v2/platforms', '/api/', '/api/errors/not-found.json']) {
    test(`GET ${path} answers 404 with the JSON Error body`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(404);
      expect(response.headers()).toMatchObject({
        ...expectedHeaders(path),
        'content-type': 'application/json; charset=utf-8',
      });
      const body = await response.json();
      expect(body).toEqual(NOT_FOUND);
      expect(validateError(body)).toBe(true);
    });
  }

  test("HEAD on an unknown API path answers the GET's status and headers, and no body (/docs/rate-limits/)", async ({
    request,
  }) => {
    const get = await request.get('/api/v2/platforms');
    const head = await request.head('/api/v2/platforms');
    expect(head.status()).toBe(get.status());
    expect(head.headers()['content-type']).toBe(get.headers()['content-type']);
    expect((await head.body()).byteLength).toBe(0);
  });

  test('a path outside /api/ is left to the site 404 page, not the JSON one, with the security headers', async ({
    request,
  }) => {
    const response = await request.get('/no-such-page/');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).not.toMatch(/json/);
    expect(response.headers()).toMatchObject(expectedHeaders('/no-such-page/'));
  });

  for (const { path } of endpoints)
    test(`a burst to GET ${path} gets, over the limit, the 429 function's answer: JSON, the Error body, Retry-After of the window and both RateLimit fields`, async ({
      baseURL,
    }) => {
      const { rate_limit: rule } = findRedirectRule(config, path)!;
      const { response, admitted } = await burstUntilLimited(
        `${rateLimitedUrl(baseURL!)}${path}`,
        rule!.window_limit as number,
      );
      expect(admitted).toBeLessThanOrEqual(rule!.window_limit as number);
      expect(parseRateLimitItem(response.headers.get('ratelimit-policy') ?? undefined)).toEqual({
        name: RATE_LIMIT_POLICY_NAME,
        parameters: { q: rule!.window_limit, w: rule!.window_size },
      });
      expect(parseRateLimitItem(response.headers.get('ratelimit') ?? undefined)).toEqual({
        name: RATE_LIMIT_POLICY_NAME,
        parameters: { r: 0, t: Number(response.headers.get('retry-after')) },
      });
      expect(Object.fromEntries(response.headers)).toMatchObject({
        'content-type': 'application/json; charset=utf-8',
        'retry-after': String(rateLimit.windowSize),
        'cache-control': 'no-store',
        'access-control-allow-origin': '*',
        'x-content-type-options': 'nosniff',
      });
      const body = await response.json();
      expect(body).toEqual(TOO_MANY_REQUESTS);
      expect(validateError(body)).toBe(true);
    });

  test('every public JSON resource answers a CORS preflight 204 with the methods, any request header and a max-age', async ({
    request,
    baseURL,
  }) => {
    for (const path of publicJsonPaths(baseURL!)) {
      const response = await request.fetch(path, {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://elsewhere.example',
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'accept, x-trace-id',
        },
      });
      expect(response.status(), path).toBe(204);
      expect(response.headers(), path).toMatchObject({
        'access-control-allow-origin': preflightHeaders['access-control-allow-origin'],
        'access-control-allow-methods': preflightHeaders['access-control-allow-methods'],
        'access-control-allow-headers': preflightHeaders['access-control-allow-headers'],
        'access-control-max-age': preflightHeaders['access-control-max-age'],
      });
    }
  });

  test('every public JSON resource exposes ETag, Link and the rate-limit fields to scripts on any origin, and links to the API catalog', async ({
    request,
    baseURL,
  }) => {
    for (const path of publicJsonPaths(baseURL!)) {
      const response = await request.get(path, { headers: { Origin: 'http://elsewhere.example' } });
      expect(response.status(), path).toBe(200);
      const headers = response.headers();
      expect(headers['access-control-allow-origin'], path).toBe('*');
      expect(headers['access-control-expose-headers'], path).toBe(
        resolveHeaders(config, path)['access-control-expose-headers'],
      );
      expect(headers['access-control-expose-headers']?.split(', '), path).toEqual(
        expect.arrayContaining(['ETag', 'Link', 'Retry-After', 'RateLimit', 'RateLimit-Policy']),
      );
      expect(headers.etag, path).toBeTruthy();
      expect(headers.link, path).toContain(`<${API_CATALOG_PATH}>; rel="api-catalog"`);
    }
  });

  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
    test(`${method} on the API answers 405 with the JSON Error body and Allow, on every public JSON resource`, async ({
      request,
      baseURL,
    }) => {
      for (const path of [...publicJsonPaths(baseURL!), '/api/nope']) {
        const response = await request.fetch(path, {
          method,
          data: '{}',
          headers: { 'Content-Type': 'application/json' },
        });
        expect(response.status(), `${method} ${path}`).toBe(405);
        expect(response.headers().allow, path).toBe('GET, HEAD, OPTIONS');
        expect(response.headers()['content-type'], path).toBe('application/json; charset=utf-8');
        expect(await response.json(), path).toEqual(METHOD_NOT_ALLOWED);
      }
    });
  }

  test('each JSON Schema $id resolves to the schema it names, built from contract/schemas for this site', async ({
    request,
    baseURL,
  }) => {
    const schemas = publishedSchemas(baseURL!);
    // The public shapes, and only those: the API's, the MCP configuration's, the discovery files'
    // (the MCP Server Card, the Agent Skills index) and the release manifest's, never a data file's.
    expect(schemas.map(({ title }) => title).sort()).toEqual(
      [
        ...Object.values(apiSchemas),
        mcpConfigurationSchema,
        mcpServerCardSchema,
        agentSkillsIndexSchema,
        releaseManifestSchema,
      ]
        .map(({ title }) => title)
        .sort(),
    );
    for (const { schema } of schemas) {
      const id = schema.$id as string;
      expect(new URL(id).origin, id).toBe(baseURL);
      const response = await request.get(id);
      expect(response.status(), id).toBe(200);
      // A [[headers]] rule gives them the JSON Schema media type.
      expect(response.headers()['content-type'], id).toBe(resolveHeaders(config, new URL(id).pathname)['content-type']);
      const served = await response.json();
      expect(served, id).toEqual(schema);
      // Every reference of a served schema resolves on the same site, to a schema that names itself so.
      const refs = JSON.stringify(served).match(/"\$ref":"[^"]+"/g) ?? [];
      for (const ref of refs.map((match) => match.slice(8, -1)))
        expect((await (await request.get(ref)).json()).$id).toBe(ref);
    }
  });

  test('npm run smoke passes every check against the local server, with nothing skipped', async ({ baseURL }) => {
    const smoke = spawnSync(process.execPath, ['tooling/smoke.ts', baseURL!], { encoding: 'utf8' });
    const lines = smoke.stdout.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(2 * endpoints.length + 8);
    expect(lines.filter((line) => !line.startsWith('ok   '))).toEqual([]);
    expect(smoke.status, smoke.stderr).toBe(0);
    expect(smoke.stderr).not.toMatch(/\n\s+at /);
  });
});
