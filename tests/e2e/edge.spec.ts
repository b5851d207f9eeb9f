import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { NOT_FOUND, TOO_MANY_REQUESTS } from '../../src/lib/api/api-errors.ts';
import { apiRoutes } from '../../src/shared/api-routes.ts';
import { readNetlifyConfig, resolveHeaders } from '../../src/lib/edge/netlify-config.ts';
import { readRateLimit } from '../../src/lib/edge/rate-limit.ts';
import { createSchemaValidator } from '../../src/shared/create-schema-validator.ts';
import { errorSchema } from '../../src/shared/schemas/index.ts';

const config = readNetlifyConfig();
const validateError = createSchemaValidator().getSchema(errorSchema.$id)!;

/** The headers `netlify.toml` sets, minus Content-Type and Cache-Control, which the local server replaces on static files (see ENVIRONMENT.md). */
function expectedHeaders(path: string): Record<string, string> {
  const { 'content-type': _type, 'cache-control': _cache, ...rest } = resolveHeaders(config, path);
  return rest;
}

test.describe('the edge, served by the local server', () => {
  for (const route of apiRoutes) {
    test(`GET ${route.path} carries the API and security headers of netlify.toml, and no cookie`, async ({ request }) => {
      const response = await request.get(route.path);
      expect(response.status()).toBe(200);
      expect(response.headers()).toMatchObject({ ...expectedHeaders(route.path), 'content-type': 'application/json; charset=utf-8' });
      expect(response.headers()['set-cookie']).toBeUndefined();
    });
  }

  for (const path of ['/api/nope', '/api/v2/platforms', '/api/', ...apiRoutes.map((route) => route.file)]) {
    test(`GET ${path} answers 404 with the JSON Error body`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(404);
      expect(response.headers()).toMatchObject({ ...expectedHeaders(path), 'content-type': 'application/json; charset=utf-8' });
      const body = await response.json();
      expect(body).toEqual(NOT_FOUND);
      expect(validateError(body)).toBe(true);
    });
  }

  test('a path outside /api/ is left to the site 404 page, not the JSON one, with the security headers', async ({ request }) => {
    const response = await request.get('/no-such-page/');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).not.toMatch(/json/);
    expect(response.headers()).toMatchObject(expectedHeaders('/no-such-page/'));
  });

  test('the 429 answer path answers 429, JSON, the Error body and Retry-After of the rate limit window', async ({ request }) => {
    const { rate_limit: rateLimit } = config.redirects!.find((rule) => rule.rate_limit)!;
    const response = await request.get(rateLimit!.to!);
    expect(response.status()).toBe(429);
    expect(response.headers()).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'retry-after': String(readRateLimit().windowSize),
      'cache-control': 'no-store',
      'access-control-allow-origin': '*',
      'x-content-type-options': 'nosniff',
    });
    const body = await response.json();
    expect(body).toEqual(TOO_MANY_REQUESTS);
    expect(validateError(body)).toBe(true);
  });

  test('npm run smoke passes every check against the local server', async ({ baseURL }) => {
    const smoke = spawnSync(process.execPath, ['src/scripts/smoke.ts', baseURL!], { encoding: 'utf8' });
    const lines = smoke.stdout.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(2 * apiRoutes.length + 8);
    expect(lines.filter((line) => !line.startsWith('ok   '))).toEqual([]);
    expect(smoke.status, smoke.stderr).toBe(0);
    expect(smoke.stderr).not.toMatch(/\n\s+at /);
  });
});
