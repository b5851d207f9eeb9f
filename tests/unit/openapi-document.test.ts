import { Validator } from '@seriousme/openapi-schema-validator';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadSiteDataOrThrow } from '../../src/lib/data/load-site-data.ts';
import { readRateLimit } from '../../src/lib/edge/rate-limit.ts';
import { buildOpenApiDocument, EXAMPLE_PLATFORM_COUNT } from '../../src/lib/openapi/build-openapi-document.ts';
import { createSchemaValidator } from '../../src/shared/create-schema-validator.ts';
import { apiSchemas } from '../../src/shared/schemas/index.ts';

const rateLimit = readRateLimit();
const data = loadSiteDataOrThrow({ dataDir: 'data' });
const document = buildOpenApiDocument({ data, baseUrl: 'https://preview.example', rateLimit });
const operations = Object.entries(document.paths).map(([path, item]) => ({ path, ...item.get }));

describe('the OpenAPI document', () => {
  it('validates against the official OpenAPI 3.1 schema', async () => {
    const result = await new Validator().validate(structuredClone(document));
    assert.deepEqual(result.errors ?? [], []);
    assert.equal(result.valid, true);
  });

  it('passes the Redocly linter (recommended-strict, see redocly.yaml)', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'earshot-openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const lint = spawnSync('node_modules/.bin/redocly', ['lint', file, '--config', 'redocly.yaml', '--format', 'stylish'], {
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    assert.equal(lint.status, 0, lint.stdout + lint.stderr);
  });

  it('is OpenAPI 3.1.0 describing version 1.0.0, served from the base URL', () => {
    assert.equal(document.openapi, '3.1.0');
    assert.equal(document.info.version, '1.0.0');
    assert.deepEqual(document.servers.map((server) => server.url), ['https://preview.example']);
  });

  it('declares no security requirement and no security scheme', () => {
    assert.equal('security' in document, false);
    assert.equal('securitySchemes' in document.components, false);
    for (const operation of operations) assert.equal('security' in operation, false, operation.operationId);
  });

  it('has exactly the two discovery operations, tagged Discovery', () => {
    assert.deepEqual(
      operations.map(({ path, operationId, tags }) => ({ path, operationId, tags })),
      [
        { path: '/api/v1/capabilities', operationId: 'getServiceCapabilities', tags: ['Discovery'] },
        { path: '/api/v1/platforms', operationId: 'listServicePlatforms', tags: ['Discovery'] },
      ],
    );
  });

  it('answers 200 and 429 with application/json bodies that $ref the component schemas', () => {
    const refs = operations.map(({ operationId, responses }) => ({
      operationId,
      ok: responses['200'].content['application/json'].schema.$ref,
      tooMany: responses['429'].$ref,
    }));
    assert.deepEqual(refs, [
      { operationId: 'getServiceCapabilities', ok: '#/components/schemas/CapabilitiesResponse', tooMany: '#/components/responses/TooManyRequests' },
      { operationId: 'listServicePlatforms', ok: '#/components/schemas/PlatformsResponse', tooMany: '#/components/responses/TooManyRequests' },
    ]);
    const tooMany = document.components.responses.TooManyRequests;
    assert.equal(tooMany.content['application/json'].schema.$ref, '#/components/schemas/Error');
    assert.ok(tooMany.headers['Retry-After']);
    assert.match(tooMany.description, new RegExp(`more than ${rateLimit.windowLimit} requests per ${rateLimit.windowSize} seconds per client IP`));
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
    assert.ok(data.platforms.length > EXAMPLE_PLATFORM_COUNT, 'the shipped data should have more platforms than the example shows');
    for (const { operationId, responses } of operations) {
      const { schema, example } = responses['200'].content['application/json'];
      const validate = validator.getSchema(apiSchemas[schema.$ref.split('/').at(-1) as keyof typeof apiSchemas].$id)!;
      assert.equal(validate(example), true, `${operationId}: ${JSON.stringify(validate.errors)}`);
      const platforms = 'platforms' in example.data ? example.data.platforms : example.data;
      assert.deepEqual(platforms, firstPlatforms, operationId);
    }
  });
});
