import fc from 'fast-check';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSchemaValidator } from '../../contract/create-schema-validator.ts';
import { buildResourceLinks } from '../../contract/resource-links.ts';
import { productDataSchema } from '../../contract/schemas/product-data.ts';
import { resolveSitePath } from '../../contract/site-path.ts';

/**
 * A site path in the data, and a request's path in the edge function, become addresses of this
 * site and of no other: the schema refuses what would leave it, and `resolveSitePath` checks the
 * origin of what it resolved, whatever reaches it.
 */
const BASE = 'https://earshot.dev';
const validateProduct = createSchemaValidator().compile(productDataSchema);
const product = (path: string) => ({
  name: 'Earshot',
  description: 'Earshot listens.',
  baseUrl: BASE,
  supportEmail: 'support@earshot.dev',
  resources: {
    documentation: path,
    authentication: '/docs/authentication/',
    webhooks: '/docs/webhooks/',
    openapi: '/openapi.json',
    mcp: '/mcp.json',
    cli: '/docs/cli/',
  },
});

describe('resolveSitePath', () => {
  const cases: [string, string | undefined][] = [
    ['/docs/', `${BASE}/docs/`],
    ['/', `${BASE}/`],
    ['/openapi.json', `${BASE}/openapi.json`],
    ['/docs/../mcp.json', `${BASE}/mcp.json`],
    ['/%2F%2Fother.example/x', `${BASE}/%2F%2Fother.example/x`],
    // Network-path references: another site's address in a path's clothes.
    ['//other.example/x', undefined],
    ['//index.md', undefined],
    ['/\\other.example/x', undefined],
    ['/docs\\..\\..\\x', undefined],
    ['docs/', undefined],
    ['https://other.example/', undefined],
    ['', undefined],
    ['/a b', undefined],
  ];
  for (const [path, want] of cases)
    it(`${JSON.stringify(path)} → ${want ?? 'refused'}`, () => {
      assert.equal(resolveSitePath(path, BASE)?.href, want);
    });

  it('never resolves to another origin, whatever the path (property-based)', () => {
    const paths = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc
        .tuple(fc.constantFrom('/', '//', '/\\', '\\\\', '/./', '/../'), fc.webPath())
        .map(([start, path]) => start + path),
    );
    fc.assert(
      fc.property(paths, (path) => {
        const url = resolveSitePath(path, `${BASE}/docs/page`);
        assert.ok(url === undefined || url.origin === BASE, `${JSON.stringify(path)} resolved to ${url?.href}`);
      }),
      { numRuns: 2000, seed: 36 },
    );
  });

  it('every path the data schema accepts is published on this site (property-based)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.webPath(),
          fc.string({ unit: 'binary', maxLength: 30 }).map((text) => `/${text}`),
        ),
        (path) => {
          if (!validateProduct(product(path))) return;
          const links = buildResourceLinks(product(path).resources, BASE);
          assert.equal(new URL(links.documentation).origin, BASE, `${JSON.stringify(path)} → ${links.documentation}`);
        },
      ),
      { numRuns: 2000, seed: 36 },
    );
  });
});
