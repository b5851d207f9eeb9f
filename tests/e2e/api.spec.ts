import { expect, test, type APIRequestContext } from '@playwright/test';
import { productionTooManyRequests } from '../support/production-429.ts';
import { endpoints, findEndpoint } from '../../contract/endpoints.ts';
import { loadSiteDataOrThrow } from '../../site/lib/data/load-site-data.ts';

const data = loadSiteDataOrThrow({ dataDir: 'data' });

test.describe('the local server, serving the build like production', () => {
  for (const route of endpoints) {
    test(`GET ${route.path} answers 200 with application/json`, async ({ request }) => {
      const response = await request.get(route.path, { headers: { Accept: 'application/json' } });
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(/^application\/json\b/);
    });
  }

  test('GET /api/v1/platforms answers with exactly the platforms in data/platforms.json', async ({ request }) => {
    const response = await request.get('/api/v1/platforms');
    expect(await response.json()).toEqual({ data: data.platforms });
  });

  test('GET /api/v1/capabilities answers with the product data and links to the server itself', async ({
    request,
    baseURL,
  }) => {
    const response = await request.get('/api/v1/capabilities');
    expect(await response.json()).toEqual(findEndpoint('getServiceCapabilities').buildBody(data, baseURL!));
  });

  // Its validity against the OpenAPI 3.1 schema is Redocly's `struct` rule (tests/e2e/openapi-tools.spec.ts).
  test('GET /openapi.json serves the OpenAPI 3.1.0 document as JSON', async ({ request }) => {
    const response = await request.get('/openapi.json');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/json\b/);
    const document = await response.json();
    expect(document.openapi).toBe('3.1.0');
  });
});

test.describe('every header the OpenAPI document marks as required is on the served answer', () => {
  type Header = { required?: boolean };
  const describeHeaders = async (request: APIRequestContext) => {
    const document = await (await request.get('/openapi.json')).json();
    const resolve = (header: Header & { $ref?: string }): Header =>
      header.$ref ? document.components.headers[header.$ref.split('/').pop()!] : header;
    const required = (headers: Record<string, Header>) =>
      Object.entries(headers)
        .filter(([, header]) => resolve(header).required)
        .map(([name]) => name.toLowerCase());
    return { document, required };
  };

  for (const route of endpoints) {
    test(`GET ${route.path}: the 200's`, async ({ request }) => {
      const { document, required } = await describeHeaders(request);
      const names = required(document.paths[route.path].get.responses['200'].headers);
      expect(names).toEqual(expect.arrayContaining(['etag', 'ratelimit-policy']));
      const served = (await request.get(route.path, { headers: { Accept: 'application/json' } })).headers();
      expect(names.filter((name) => !(name in served))).toEqual([]);
    });
  }

  test("the 429's, on the answer the rate-limit function gives", async ({ request }) => {
    const { document, required } = await describeHeaders(request);
    const names = required(document.components.responses.TooManyRequests.headers);
    expect(names).toEqual(expect.arrayContaining(['retry-after', 'ratelimit-policy', 'ratelimit']));
    const served = Object.fromEntries((await productionTooManyRequests()).headers);
    expect(names.filter((name) => !(name in served))).toEqual([]);
  });
});
