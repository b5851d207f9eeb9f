import addFormatsModule from 'ajv-formats';
import { Ajv2020 } from 'ajv/dist/2020.js';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { endpointFile, endpoints, OPENAPI_PATH } from '../../contract/endpoints.ts';
import { loadSiteDataOrThrow } from '../../site/lib/data/load-site-data.ts';
import { readCliTarball } from '../../site/lib/cli-package/cli-tarball.ts';
import { createSchemaValidator } from '../../contract/create-schema-validator.ts';
import { apiSchemas, mcpConfigurationSchema } from '../../contract/schemas/index.ts';
import { runBuild, runBuildAsync } from '../support/build-site.ts';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const FIXTURES = 'tests/fixtures/bad-data';
const scratch = () => mkdtempSync(join(tmpdir(), 'earshot-build-'));
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

describe('a build with bad data never publishes', { concurrency: 4 }, () => {
  // Every bad-data fixture goes through the real build entry point, over an earlier build's output.
  for (const name of readdirSync(FIXTURES).sort()) {
    it(name, async () => {
      const outDir = join(scratch(), 'dist');
      mkdirSync(outDir);
      writeFileSync(join(outDir, 'index.html'), 'an earlier build');
      const fixture = join(FIXTURES, name);

      const build = await runBuildAsync({ dataDir: fixture, outDir });

      assert.equal(build.status, 1);
      const expected = readFileSync(join(fixture, 'expected.txt'), 'utf8').trimEnd().split('\n');
      const count = expected.length;
      assert.deepEqual(build.stderr.trimEnd().split('\n'), [
        ...expected,
        `error: ${count} problem${count === 1 ? '' : 's'} in the data; nothing was built`,
        'hint: fix each line above (file#JSON-pointer: what was expected), then run the build again',
      ]);
      for (const line of expected) assert.match(line, /^data\/(platforms|product)\.json#(\/[^:]*)?: /);
      assert.equal(existsSync(outDir), false, 'the output folder is still there');
    });
  }
});

describe('a build with a bad environment', () => {
  it('fails when the base URL given by the environment is not an absolute origin', () => {
    const outDir = join(scratch(), 'dist');
    const build = runBuild({ dataDir: 'data', outDir, env: { SITE_URL: 'earshot.dev' } });
    assert.notEqual(build.status, 0);
    assert.match(build.stderr, /SITE_URL must be an absolute http\(s\) origin/);
    assert.equal(existsSync(outDir), false);
  });
});

describe('a build with the shipped data', () => {
  const outDir = join(scratch(), 'dist');
  const baseUrl = 'https://deploy-preview-7--earshot.netlify.app';
  before(() => {
    const build = runBuild({
      dataDir: 'data',
      outDir,
      env: { CONTEXT: 'deploy-preview', DEPLOY_PRIME_URL: baseUrl, URL: 'https://earshot.dev', SITE_URL: '' },
    });
    assert.equal(build.status, 0, build.stderr);
  });

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

  it('makes every resource link absolute on the deploy being built, so a preview links to itself', () => {
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
