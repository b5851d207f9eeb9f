import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { endpointFile, endpoints, findEndpoint } from '../../contract/endpoints.ts';
import { renderEndpointBody } from '../../site/lib/api/endpoint-body.ts';
import { buildPublishedAnswers } from '../../site/lib/mcp/write-published-answers.ts';
import { buildOpenApiDocument, headOperationId } from '../../site/lib/openapi/build-openapi-document.ts';
import { loadSiteContext } from '../../site/lib/site-context.ts';

/**
 * The endpoint registry (contract/endpoints.ts) and what derives from it in-process: each endpoint
 * once, its body valid against its schema and the same in the MCP published answers, and its
 * OpenAPI operation (whose example is tests/unit/openapi-document.test.ts's). The files a build
 * writes are tests/unit/build.test.ts's; the netlify.toml rule each endpoint needs,
 * tests/unit/netlify-config.test.ts's.
 */
const context = loadSiteContext({ SITE_URL: 'https://preview.example' });

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

      it(`builds a body from data/ that is a valid ${endpoint.schema} (the build fails otherwise)`, () => {
        assert.deepEqual(JSON.parse(served), endpoint.buildBody(context.data, context.baseUrl));
      });

      it('is the MCP published answer of its operation id, byte for byte', () => {
        assert.equal(buildPublishedAnswers(context).bodies[endpoint.operation.id], served);
      });

      it('is its OpenAPI GET and HEAD operations: ids, tag and summaries', () => {
        const { get, head } = buildOpenApiDocument(context).paths[endpoint.path]!;
        assert.deepEqual(
          [get, head].map(({ operationId, tags, summary }) => ({ operationId, tags, summary })),
          [
            { operationId: endpoint.operation.id, tags: [endpoint.operation.tag], summary: endpoint.operation.summary },
            {
              operationId: headOperationId(endpoint.operation.id),
              tags: [endpoint.operation.tag],
              summary: `${endpoint.operation.summary}, headers only`,
            },
          ],
        );
      });
    });
  }

  it('the OpenAPI document has exactly the registry’s paths, in its order', () => {
    assert.deepEqual(
      Object.keys(buildOpenApiDocument(context).paths),
      endpoints.map((endpoint) => endpoint.path),
    );
  });
});
