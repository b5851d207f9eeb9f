import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { loadSiteDataOrThrow } from '../../site/lib/data/load-site-data.ts';
import { readRateLimit } from '../../contract/rate-limit.ts';
import { parseRateLimitItem } from '../../contract/rate-limit-fields.ts';
import { buildOpenApiDocument, EXAMPLE_PLATFORM_COUNT } from '../../site/lib/openapi/build-openapi-document.ts';
import { METHOD_NOT_ALLOWED, NOT_FOUND } from '../../contract/api-errors.ts';
import { lintWithRedocly, lintWithSpectral } from '../support/openapi-linters.ts';
import { createSchemaValidator } from '../../contract/create-schema-validator.ts';
import { apiSchemas } from '../../contract/schemas/index.ts';
import { endpoints } from '../../contract/endpoints.ts';

const rateLimit = readRateLimit();
const data = loadSiteDataOrThrow({ dataDir: 'data' });
const baseUrl = 'https://preview.example';
const document = buildOpenApiDocument({ data, baseUrl, rateLimit });
// The GET operation of each endpoint, and every operation of the document.
const operations = endpoints.map(({ path }) => ({ path, ...document.paths[path]!.get }));
const allOperations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ path, method, ...operation })),
);

describe('the OpenAPI document', () => {
  // The documents a production build and a deploy preview serve. The local server's, whose server
  // URL is http://localhost, is linted as served in tests/e2e/openapi-tools.spec.ts.
  const served = [
    ['production', buildOpenApiDocument({ data, baseUrl: data.product.baseUrl, rateLimit })],
    ['a deploy preview', document],
  ] as const;

  for (const [name, built] of served) {
    // recommended-strict includes `struct`: the document validates against the OpenAPI 3.1 schema.
    it(`${name}: passes Redocly recommended-strict, with no rule switched off (redocly.yaml)`, () => {
      assert.deepEqual(lintWithRedocly(built), { status: 0, problems: [] });
    });

    it(`${name}: passes Spectral's OpenAPI and OWASP rules, with only the exceptions documented in .spectral.yaml`, () => {
      assert.deepEqual(lintWithSpectral(built), []);
    });
  }

  it('.spectral.yaml has no exception for a path: a GET without a success answer or a 429 is found', () => {
    const broken = structuredClone(document);
    broken.paths['/api/v1/platforms']!.get.responses = {
      default: { $ref: '#/components/responses/OtherError' },
    } as never;
    const found = lintWithSpectral(broken)
      .filter(({ path }) => path === 'paths./api/v1/platforms.get.responses')
      .map(({ code }) => code);
    assert.deepEqual([...new Set(found)].sort(), [
      'operation-success-response',
      'owasp:api4:2023-rate-limit-responses-429',
    ]);
  });

  it('is OpenAPI 3.1.0 describing version 1.0.0', () => {
    assert.equal(document.openapi, '3.1.0');
    assert.equal(document.info.version, '1.0.0');
  });

  it('declares its public access: an empty list of security requirements, and no security scheme', () => {
    assert.deepEqual(document.security, []);
    assert.equal('securitySchemes' in document.components, false);
    for (const operation of allOperations) assert.equal('security' in operation, false, operation.operationId);
  });

  it("states the licence of the repository that generates it, package.json's", () => {
    const { license } = JSON.parse(readFileSync('package.json', 'utf8')) as { license: string };
    assert.deepEqual(document.info.license, { name: license, identifier: license });
  });

  it('types the capabilities product as a string with its constant, so that generated clients do too', () => {
    const capabilities = document.components.schemas.CapabilitiesResponse as typeof apiSchemas.CapabilitiesResponse;
    assert.deepEqual(capabilities.properties.data.properties.product, {
      type: 'string',
      const: data.product.name,
      description: "Always the product's own name.",
    });
  });

  it('names the environment of its server, and that it is public', () => {
    assert.deepEqual(document.servers, [
      {
        url: 'https://preview.example',
        description: 'Preview: a deploy preview or branch deploy of this site, not production',
        'x-internal': false,
      },
    ]);
    assert.equal(
      buildOpenApiDocument({ data, baseUrl: data.product.baseUrl, rateLimit }).servers[0]!.description,
      'Production',
    );
    assert.match(
      buildOpenApiDocument({ data, baseUrl: 'http://localhost:8888', rateLimit }).servers[0]!.description,
      /^Local server/,
    );
  });

  it("has the spec's two discovery operations, tagged Discovery, among the registry's", () => {
    const described = operations.map(({ path, operationId, tags }) => ({ path, operationId, tags }));
    for (const operation of [
      { path: '/api/v1/capabilities', operationId: 'getServiceCapabilities', tags: ['Discovery'] },
      { path: '/api/v1/platforms', operationId: 'listServicePlatforms', tags: ['Discovery'] },
    ])
      assert.deepEqual(
        described.find(({ path }) => path === operation.path),
        operation,
      );
  });

  it('describes only the operations that exist, GET and HEAD of each endpoint, each with a success answer', () => {
    assert.deepEqual(
      allOperations.map(
        ({ method, path, operationId, tags }) => `${method.toUpperCase()} ${path} ${operationId} ${tags}`,
      ),
      [
        'GET /api/v1/capabilities getServiceCapabilities Discovery',
        'HEAD /api/v1/capabilities headServiceCapabilities Discovery',
        'GET /api/v1/platforms listServicePlatforms Discovery',
        'HEAD /api/v1/platforms headServicePlatforms Discovery',
      ],
    );
    for (const { operationId, responses } of allOperations) assert.ok('200' in responses, operationId);
  });

  it('describes the 404 of any other path and the 405 of a write once, as the default answer: the Error body, in JSON only', () => {
    const other = document.components.responses.OtherError;
    assert.deepEqual(Object.keys(other.content), ['application/json']);
    assert.equal(other.content['application/json'].schema.$ref, '#/components/schemas/Error');
    assert.deepEqual(
      Object.values(other.content['application/json'].examples).map(({ value }) => value),
      [NOT_FOUND, METHOD_NOT_ALLOWED],
    );
    assert.match(
      other.description,
      /404 on any other path under `\/api\/`, and 405 on any method but GET, HEAD, OPTIONS/,
    );
  });

  it('answers GET with 200, 304, 429 and any other status, and HEAD with the same headers and no body', () => {
    const responsesOf = (method: 'get' | 'head') =>
      endpoints.map(({ path }) => {
        const { responses } = document.paths[path]![method];
        return Object.fromEntries(
          Object.entries(responses).map(([status, response]) => [
            status,
            '$ref' in response
              ? response.$ref
              : {
                  headers: Object.keys(response.headers),
                  content: 'content' in response ? Object.keys(response.content as object) : [],
                },
          ]),
        );
      });
    // Deprecation and Sunset only while a breaking change is announced (site/lib/edge/change-notice-headers.ts).
    const headers = [
      'ETag',
      'Cache-Control',
      'Link',
      'RateLimit-Policy',
      'Access-Control-Allow-Origin',
      'Deprecation',
      'Sunset',
    ];
    assert.deepEqual(
      responsesOf('get'),
      endpoints.map(() => ({
        '200': { headers, content: ['application/json'] },
        '304': '#/components/responses/NotModified',
        '429': '#/components/responses/TooManyRequests',
        default: '#/components/responses/OtherError',
      })),
    );
    assert.deepEqual(
      responsesOf('head'),
      endpoints.map(() => ({
        '200': { headers, content: [] },
        '304': '#/components/responses/NotModified',
        '429': '#/components/responses/TooManyRequestsHeaders',
        default: '#/components/responses/OtherErrorHeaders',
      })),
    );
    for (const { schema, path } of endpoints)
      assert.equal(
        document.paths[path]!.get.responses['200'].content['application/json'].schema.$ref,
        `#/components/schemas/${schema}`,
      );
    assert.deepEqual(Object.keys(document.components.responses.TooManyRequestsHeaders), ['description', 'headers']);
    assert.deepEqual(Object.keys(document.components.responses.OtherErrorHeaders), ['description']);
    const tooMany = document.components.responses.TooManyRequests;
    assert.equal(tooMany.content['application/json'].schema.$ref, '#/components/schemas/Error');
    assert.match(
      tooMany.description,
      new RegExp(`more than ${rateLimit.windowLimit} requests per ${rateLimit.windowSize} seconds per client IP`),
    );
    assert.match(tooMany.description, /sliding window/);
  });

  it('declares the headers of a 200 by reference: ETag, Cache-Control, Link, RateLimit-Policy and CORS', () => {
    for (const { responses } of operations)
      for (const [name, header] of Object.entries(responses['200'].headers))
        assert.equal(header.$ref, `#/components/headers/${name}`);
    const policy = parseRateLimitItem(document.components.headers['RateLimit-Policy'].example);
    assert.deepEqual(policy?.parameters, { q: rateLimit.windowLimit, w: rateLimit.windowSize });
  });

  it('declares the headers of a 429: Retry-After, both RateLimit fields and CORS, the remaining quota 0 until Retry-After', () => {
    const { headers } = document.components.responses.TooManyRequests;
    assert.deepEqual(Object.keys(headers), [
      'Retry-After',
      'RateLimit',
      'RateLimit-Policy',
      'Access-Control-Allow-Origin',
    ]);
    const { example: retryAfter } = document.components.headers['Retry-After'];
    assert.deepEqual(parseRateLimitItem(document.components.headers.RateLimit.example)?.parameters, {
      r: 0,
      t: retryAfter,
    });
    assert.equal(retryAfter, rateLimit.windowSize);
  });

  it('describes the recommended Accept and User-Agent request headers', () => {
    for (const operation of operations) {
      assert.match(operation.description, /Accept: application\/json/);
      assert.deepEqual(operation.parameters, [{ $ref: '#/components/parameters/UserAgent' }]);
    }
    assert.equal(document.components.parameters.UserAgent.name, 'User-Agent');
    assert.equal(document.components.parameters.UserAgent.in, 'header');
  });

  it('takes its component schemas from the JSON Schemas, with $id dropped and $ref rewritten', () => {
    assert.deepEqual(Object.keys(document.components.schemas), Object.keys(apiSchemas));
    const { $id, ...platform } = apiSchemas.Platform;
    assert.deepEqual(document.components.schemas.Platform, platform);
    const platforms = document.components.schemas.PlatformsResponse as typeof apiSchemas.PlatformsResponse;
    assert.deepEqual(platforms.properties.data.items, { $ref: '#/components/schemas/Platform' });
    assert.ok($id);
  });

  it('shows the first few platforms of the data in each 200 example, valid against its schema, so that its size does not grow with the data', () => {
    const validator = createSchemaValidator();
    const firstPlatforms = data.platforms.slice(0, EXAMPLE_PLATFORM_COUNT);
    assert.ok(
      data.platforms.length > EXAMPLE_PLATFORM_COUNT,
      'the shipped data should have more platforms than the example shows',
    );
    for (const { operationId, responses } of operations) {
      const { schema, example } = responses['200'].content['application/json'];
      const validate = validator.getSchema(apiSchemas[schema.$ref.split('/').at(-1) as keyof typeof apiSchemas].$id)!;
      assert.equal(validate(example), true, `${operationId}: ${JSON.stringify(validate.errors)}`);
      const endpoint = endpoints.find(({ operation }) => operation.id === operationId)!;
      assert.deepEqual(example, endpoint.buildBody({ ...data, platforms: firstPlatforms }, baseUrl), operationId);
    }
  });
});
