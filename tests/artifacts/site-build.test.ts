import addFormatsModule from 'ajv-formats';
import { Ajv2020 } from 'ajv/dist/2020.js';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { endpointFile, endpoints, OPENAPI_PATH } from '../../contract/endpoints.ts';
import { loadSiteDataOrThrow } from '../../site/lib/data/load-site-data.ts';
import { readCliTarball } from '../../site/lib/cli-package/cli-tarball.ts';
import { createSchemaValidator } from '../../contract/create-schema-validator.ts';
import { apiSchemas, mcpConfigurationSchema } from '../../contract/schemas/index.ts';
import { testSite } from '../support/test-build.ts';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

describe('a build with the shipped data', () => {
  const { dir: outDir, baseUrl } = testSite();

  it('emits each endpoint as JSON that validates against its schema', () => {
    const validator = createSchemaValidator();
    for (const route of endpoints) {
      const validate = validator.getSchema(apiSchemas[route.schema].$id)!;
      const body = readJson(join(outDir, endpointFile(route)));
      assert.equal(validate(body), true, `${endpointFile(route)}: ${JSON.stringify(validate.errors)}`);
    }
  });

  it("emits each endpoint as JSON that validates against the OpenAPI document's 200 schema", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(readJson(join(outDir, OPENAPI_PATH)) as object, 'openapi.json');
    for (const route of endpoints) {
      const pointer = `/paths/${route.path.replaceAll('/', '~1')}/get/responses/200/content/application~1json/schema`;
      const validate = ajv.compile({ $ref: `openapi.json#${pointer}` });
      assert.equal(
        validate(readJson(join(outDir, endpointFile(route)))),
        true,
        `${endpointFile(route)}: ${JSON.stringify(validate.errors)}`,
      );
    }
  });

  it('serves exactly what the data says', () => {
    const { product, platforms } = loadSiteDataOrThrow({ dataDir: 'data' });
    assert.deepEqual(readJson(join(outDir, '/api/v1/platforms.json')), { data: platforms });
    const capabilities = readJson(join(outDir, '/api/v1/capabilities.json')) as { data: Record<string, unknown> };
    assert.equal(capabilities.data.product, product.name);
    assert.equal(capabilities.data.description, product.description);
    assert.deepEqual(capabilities.data.platforms, platforms);
  });

  it('makes every resource link absolute on the deploy being built (here the local server), so a preview links to itself', () => {
    const { product } = loadSiteDataOrThrow({ dataDir: 'data' });
    const capabilities = readJson(join(outDir, '/api/v1/capabilities.json')) as {
      data: { resources: Record<string, string> };
    };
    const expected = Object.fromEntries(
      Object.entries(product.resources).map(([name, path]) => [name, `${baseUrl}${path}`]),
    );
    assert.deepEqual(capabilities.data.resources, expected);
    const openapi = readJson(join(outDir, OPENAPI_PATH)) as { servers: { url: string }[] };
    assert.deepEqual(
      openapi.servers.map((server) => server.url),
      [baseUrl],
    );
  });

  it("publishes the MCP configuration at resources.mcp, valid, and pointed at the preview's own endpoint, tarball and API", () => {
    const { product } = loadSiteDataOrThrow({ dataDir: 'data' });
    const configuration = readJson(join(outDir, product.resources.mcp));
    const validate = createSchemaValidator().getSchema(mcpConfigurationSchema.$id)!;
    assert.equal(validate(configuration), true, JSON.stringify(validate.errors));
    const tarball = readCliTarball();
    assert.deepEqual(configuration, {
      mcpServers: {
        earshot: { type: 'http', url: `${baseUrl}/mcp` },
        'earshot-stdio': {
          type: 'stdio',
          command: 'npx',
          args: ['-y', `${baseUrl}${tarball.path}`, 'mcp', '--base-url', baseUrl],
        },
      },
    });
  });

  it('serves the client package it names, byte for byte the tarball npm packed', () => {
    const tarball = readCliTarball();
    assert.deepEqual(readdirSync(join(outDir, 'cli')), [tarball.fileName]);
    assert.deepEqual(new Uint8Array(readFileSync(join(outDir, tarball.path))), tarball.bytes);
  });
});
