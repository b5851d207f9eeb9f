import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { endpointFile, endpoints, findEndpoint } from '../../contract/endpoints.ts';
import { renderEndpointBody } from '../../site/lib/api/endpoint-body.ts';
import { buildPublishedAnswers } from '../../site/lib/mcp/write-published-answers.ts';
import { buildOpenApiDocument, headOperationId } from '../../site/lib/openapi/build-openapi-document.ts';
import { loadSiteContext } from '../../site/lib/site-context.ts';

/**
 * The endpoint registry (contract/endpoints.ts) and what derives from it in-process: each endpoint
 * once, its body what the specification says it holds, read from the data files themselves, the
 * same body in the MCP published answers, and its OpenAPI operations (whose examples are
 * tests/unit/openapi-document.test.ts's). The files a build writes are tests/artifacts/site-build.test.ts's;
 * the netlify.toml rule each endpoint needs, tests/unit/netlify-config.test.ts's.
 */
const baseUrl = 'https://preview.example';
const context = loadSiteContext({ SITE_URL: baseUrl });
const readData = (file: string): unknown => JSON.parse(readFileSync(`data/${file}`, 'utf8'));
const platforms = readData('platforms.json');
const product = readData('product.json') as { name: string; description: string; resources: Record<string, string> };

/** Each body as the specification describes it (PlatformsResponse, CapabilitiesResponse), from the raw data files. */
const specifiedBodies: Record<string, unknown> = {
  '/api/v1/platforms': { data: platforms },
  '/api/v1/capabilities': {
    data: {
      product: product.name,
      description: product.description,
      platforms,
      resources: Object.fromEntries(
        Object.entries(product.resources).map(([name, path]) => [name, new URL(path, baseUrl).href]),
      ),
    },
  },
};

/** The specification's operation names; HEAD is the same operation without a body. */
const specifiedOperations: Record<string, { get: string; head: string; summary: string }> = {
  '/api/v1/platforms': {
    get: 'listServicePlatforms',
    head: 'headServicePlatforms',
    summary: 'List the supported platforms',
  },
  '/api/v1/capabilities': {
    get: 'getServiceCapabilities',
    head: 'headServiceCapabilities',
    summary: 'Get the product capabilities',
  },
};

describe('the endpoint registry', () => {
  it('declares each path, file and operation id once', () => {
    for (const key of [
      (endpoint: (typeof endpoints)[number]) => endpoint.path,
      endpointFile,
      (endpoint: (typeof endpoints)[number]) => endpoint.operation.id,
    ]) {
      const values = endpoints.map(key);
      assert.deepEqual(values, [...new Set(values)]);
    }
  });

  it('finds an endpoint by operation id, and names the id it cannot find', () => {
    for (const endpoint of endpoints) assert.equal(findEndpoint(endpoint.operation.id), endpoint);
    assert.throws(() => findEndpoint('listMonitors' as never), /no endpoint has the operation id "listMonitors"/);
  });

  for (const endpoint of endpoints) {
    describe(`${endpoint.operation.id} (GET ${endpoint.path})`, () => {
      const served = renderEndpointBody(endpoint, context);

      it(`serves the ${endpoint.schema} the specification describes, from data/ and the base URL`, () => {
        assert.deepEqual(JSON.parse(served), specifiedBodies[endpoint.path]);
      });

      it('is the MCP published answer of its operation id, byte for byte', () => {
        assert.equal(buildPublishedAnswers(context).bodies[endpoint.operation.id], served);
      });

      it('is its OpenAPI GET and HEAD operations: ids, tag and summaries', () => {
        const { get, head } = buildOpenApiDocument(context).paths[endpoint.path]!;
        const want = specifiedOperations[endpoint.path]!;
        assert.deepEqual(
          [get, head].map(({ operationId, tags, summary }) => ({ operationId, tags, summary })),
          [
            { operationId: want.get, tags: ['Discovery'], summary: want.summary },
            { operationId: want.head, tags: ['Discovery'], summary: `${want.summary}, headers only` },
          ],
        );
      });
    });
  }

  it('names a HEAD operation after its GET one, the leading verb replaced by head', () => {
    assert.deepEqual(['listServicePlatforms', 'getServiceCapabilities', 'searchX'].map(headOperationId), [
      'headServicePlatforms',
      'headServiceCapabilities',
      'headX',
    ]);
  });

  it('the OpenAPI document has exactly the two endpoints’ paths, in the registry’s order, and no other', () => {
    assert.deepEqual(Object.keys(buildOpenApiDocument(context).paths), ['/api/v1/capabilities', '/api/v1/platforms']);
  });
});
