import { expect, test } from '@playwright/test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { lintWithRedocly, lintWithSpectral } from '../support/openapi-linters.ts';
import { DROP_HEADER, OVER_LIMIT_HEADER, startPrismProxy, startUpstream, type Server } from '../support/prism-proxy.ts';
import { burstUntilLimited, rateLimitedUrl } from '../support/rate-limited-host.ts';
import { readRateLimit } from '../../contract/rate-limit.ts';

/** Fills the rate limit's window of `path` on the name whose limits count, so that the next request there gets the 429. */
async function fillWindow(baseUrl: string, path: string): Promise<void> {
  const { response } = await burstUntilLimited(`${rateLimitedUrl(baseUrl)}${path}`, readRateLimit().windowLimit);
  await response.body?.cancel();
}

/**
 * The served /openapi.json, through tools nobody on this project wrote, as they ship from npm:
 * the linters with the project's configuration. The clients generated from it are
 * tests/e2e/generated-clients.spec.ts's.
 */
test.describe('the served OpenAPI document, through third-party tools', () => {
  test('Redocly recommended-strict and Spectral (oas + OWASP): the only findings are about the local server’s own address', async ({
    request,
    baseURL,
  }) => {
    const document = await (await request.get('/openapi.json')).json();
    // This build links to the local server, http://localhost:<port>: both linters rightly refuse a
    // server on localhost or plain HTTP, and nothing else. A deploy's document (https, not
    // localhost) passes both with no finding at all: tests/unit/openapi-document.test.ts.
    expect(document.servers).toEqual([
      { url: baseURL, description: 'Local server: this build, not production', 'x-internal': false },
    ]);
    expect(lintWithRedocly(document).problems).toEqual([
      expect.stringMatching(
        /\berror\s+no-server-example\.com\s+Server `url` should not point to example\.com or localhost\./,
      ),
    ]);
    expect(lintWithSpectral(document).map(({ code, path }) => ({ code, path }))).toEqual([
      { code: 'owasp:api8:2023-no-server-http', path: 'servers.0.url' },
    ]);
  });
});

/**
 * Every answer of the API's operations, checked against the served document by Prism in proxy mode
 * (see tests/support/prism-proxy.ts): each passes through unchanged, with no violation, only because
 * the document describes it, required headers included. A request for another path or method has
 * no operation, so Prism refuses the request itself: those answers are checked below, against the
 * schema of the operations' `default` answer. Over the limit: the test fills the window with a
 * burst first, then asks through Prism, and the local server answers its own 429.
 */
test.describe('Prism, validating every answer against the served document', () => {
  let upstream: Server;
  let prism: Server;
  test.beforeAll(async ({ baseURL }) => {
    upstream = await startUpstream(baseURL!);
    prism = await startPrismProxy({ document: `${baseURL}/openapi.json`, upstream: upstream.url });
  });
  test.afterAll(async () => {
    await prism?.stop();
    await upstream?.stop();
  });

  const answers: { request: string; status: number; overLimit?: boolean; revalidate?: boolean }[] = [
    { request: 'GET /api/v1/platforms', status: 200 },
    { request: 'GET /api/v1/capabilities', status: 200 },
    { request: 'HEAD /api/v1/platforms', status: 200 },
    { request: 'HEAD /api/v1/capabilities', status: 200 },
    { request: 'GET /api/v1/platforms', revalidate: true, status: 304 },
    { request: 'HEAD /api/v1/capabilities', revalidate: true, status: 304 },
    { request: 'GET /api/v1/platforms', overLimit: true, status: 429 },
    { request: 'HEAD /api/v1/capabilities', overLimit: true, status: 429 },
  ];
  for (const { request, overLimit, revalidate, status } of answers) {
    const condition = overLimit ? ', over the rate limit' : revalidate ? ', with If-None-Match: <its ETag>' : '';
    test(`${request}${condition}: ${status}, as the server answers it, with no violation`, async ({ baseURL }) => {
      const [method, path] = request.split(' ') as [string, string];
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (overLimit) {
        await fillWindow(baseURL!, path);
        headers[OVER_LIMIT_HEADER] = '1';
      }
      if (revalidate)
        headers['If-None-Match'] = (await fetch(`${upstream.url}${path}`, { method })).headers.get('etag')!;
      const direct = await fetch(`${upstream.url}${path}`, { method, headers });
      const validated = await fetch(`${prism.url}${path}`, { method, headers });
      expect(direct.status).toBe(status);
      expect({ status: validated.status, violations: validated.headers.get('sl-violations') }).toEqual({
        status,
        violations: null,
      });
      expect(await validated.text()).toBe(await direct.text());
    });
  }

  const broken = [
    { request: 'GET /api/v1/platforms', drop: 'etag', overLimit: false },
    { request: 'GET /api/v1/capabilities', drop: 'ratelimit-policy', overLimit: false },
    { request: 'GET /api/v1/platforms', drop: 'retry-after', overLimit: true },
  ];
  for (const { request, drop, overLimit } of broken) {
    test(`${request}${overLimit ? ', over the rate limit' : ''}, from a deploy that drops ${drop}: Prism refuses it, naming the header`, async ({
      baseURL,
    }) => {
      const [method, path] = request.split(' ') as [string, string];
      if (overLimit) await fillWindow(baseURL!, path);
      const answer = await fetch(`${prism.url}${path}`, {
        method,
        headers: { [DROP_HEADER]: drop, ...(overLimit ? { [OVER_LIMIT_HEADER]: '1' } : {}) },
      });
      expect(answer.status).toBe(500);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(JSON.stringify(await answer.json()).toLowerCase()).toContain(drop);
    });
  }
});

/**
 * The answers of other paths (404) and of writes (405) belong to no operation: the document
 * describes them as every operation's `default` answer. Each body is checked against that answer's
 * schema as the served document resolves it, with a JSON Schema validator of its own.
 */
test.describe("the 404 and 405, against the served document's default answer", () => {
  const answers = [
    { request: 'GET /api/v1/monitors', status: 404 },
    { request: 'GET /api/v2/platforms', status: 404 },
    { request: 'POST /api/v1/platforms', status: 405 },
    { request: 'DELETE /api/v1/capabilities', status: 405 },
  ];
  for (const { request, status } of answers)
    test(`${request}: ${status}, a JSON body valid against the default answer's schema`, async ({ request: http }) => {
      const document: unknown = await (await http.get('/openapi.json')).json();
      const at = (ref: string): unknown =>
        ref
          .slice(2)
          .split('/')
          .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], document);
      type Ref = { $ref: string };
      const paths = (document as { paths: Record<string, { get: { responses: { default: Ref } } }> }).paths;
      const defaults = new Set(Object.values(paths).map(({ get }) => get.responses.default.$ref));
      expect(defaults.size, 'every operation has the same default answer').toBe(1);
      const answerRef = [...defaults][0]!;
      const { content } = at(answerRef) as { content: Record<string, { schema: Ref }> };
      expect(Object.keys(content), 'the default answer is JSON only').toEqual(['application/json']);
      const validate = new Ajv2020({ strict: false }).compile(at(content['application/json']!.schema.$ref) as object);

      const [method, path] = request.split(' ') as [string, string];
      const answer = await http.fetch(path, { method, headers: { Accept: 'application/json' } });
      expect(answer.status()).toBe(status);
      expect(answer.headers()['content-type']).toMatch(/^application\/json/);
      const body = await answer.json();
      expect({ valid: validate(body), errors: validate.errors ?? null, statusCode: body.statusCode }).toEqual({
        valid: true,
        errors: null,
        statusCode: status,
      });
    });
});
