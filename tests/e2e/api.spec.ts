import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { endpoints } from '../../contract/endpoints.ts';

/** The data files as people edit them: the oracle of what the API answers. */
const platforms = JSON.parse(readFileSync('data/platforms.json', 'utf8')) as unknown;
const product = JSON.parse(readFileSync('data/product.json', 'utf8')) as {
  name: string;
  description: string;
  resources: Record<string, string>;
};

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
    expect(await response.json()).toEqual({ data: platforms });
  });

  test('GET /api/v1/capabilities answers with the product data and links to the server itself', async ({
    request,
    baseURL,
  }) => {
    const response = await request.get('/api/v1/capabilities');
    const resources = Object.entries(product.resources).map(([name, path]) => [name, new URL(path, baseURL).href]);
    expect(await response.json()).toEqual({
      data: {
        product: product.name,
        description: product.description,
        platforms,
        resources: Object.fromEntries(resources),
      },
    });
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
