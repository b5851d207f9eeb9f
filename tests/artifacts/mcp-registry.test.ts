import addFormatsModule from 'ajv-formats';
import { Ajv } from 'ajv';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { McpConfiguration } from '../../contract/schemas/index.ts';
import {
  buildRegistryServerJson,
  REGISTRY_SERVER_JSON_PATH,
  REGISTRY_SERVER_SCHEMA,
} from '../../site/lib/mcp/build-registry-server-json.ts';
import { testSite } from '../support/test-build.ts';

// ajv-formats is CommonJS: under Node's ESM loader its default export is the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/**
 * `server.json` as the build publishes it, checked against the MCP Registry's current schema, the
 * registry's own file (`internal/validators/schemas/2025-12-11.json` in modelcontextprotocol/registry,
 * kept in tests/fixtures/mcp-registry/ with its licence; the publisher refuses a deprecated one), and against the registry's rules the schema
 * cannot state: the publisher's namespace is the production domain, the remote endpoint is on it,
 * and no package names a host the official registry refuses.
 */
const FIXTURE = 'tests/fixtures/mcp-registry';
const { dir } = testSite();
const readJson = <T>(path: string) => JSON.parse(readFileSync(join(dir, path), 'utf8')) as T;
const registrySchema = JSON.parse(readFileSync(join(FIXTURE, '2025-12-11.json'), 'utf8')) as { $id: string };

function validateServerJson(value: unknown) {
  // The registry's schema is draft-07 and carries OpenAPI's `example` and `discriminator`: not strict.
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const validate = ajv.compile(registrySchema);
  return validate(value) ? [] : (validate.errors ?? []);
}

describe('server.json for the MCP Registry', () => {
  const served = readJson<Record<string, unknown> & { remotes: { url: string }[] }>(REGISTRY_SERVER_JSON_PATH);

  it("validates against the registry's schema, kept with its licence", () => {
    assert.ok(existsSync(join(FIXTURE, 'LICENSE')), 'the schema is kept with the licence it is published under');
    assert.equal(served.$schema, registrySchema.$id);
    assert.equal(REGISTRY_SERVER_SCHEMA, registrySchema.$id);
    assert.deepEqual(validateServerJson(served), []);
  });

  it('names the endpoint and the bundle that /mcp.json names, and lists no package', () => {
    const configuration = readJson<McpConfiguration>('mcp.json');
    assert.deepEqual(served.remotes, [{ type: 'streamable-http', url: configuration.mcpServers.earshot.url }]);
    assert.equal('packages' in served, false);
    assert.deepEqual(served._meta, {
      'io.modelcontextprotocol.registry/publisher-provided': { bundle: configuration.bundle },
    });
  });

  it('in production: the namespace is the production domain reversed, and the endpoint is on that domain', () => {
    const production = 'https://earshot.dev';
    const configuration = readJson<McpConfiguration>('mcp.json');
    const entry = buildRegistryServerJson({
      baseUrl: production,
      productionBaseUrl: production,
      configuration: {
        ...configuration,
        mcpServers: { ...configuration.mcpServers, earshot: { type: 'http', url: `${production}/mcp` } },
      },
      version: '1.1.0',
      docsUrl: `${production}/docs/mcp/`,
    });
    assert.deepEqual(validateServerJson(entry), []);
    const namespace = entry.name.split('/')[0]!;
    assert.equal(namespace.split('.').reverse().join('.'), new URL(entry.remotes[0]!.url).hostname);
  });

  it('refuses what the registry refuses: a description over 100 characters, a name without its slash', () => {
    const too = { ...served, description: 'x'.repeat(101), name: 'earshot' };
    assert.deepEqual(
      validateServerJson(too)
        .map((error) => error.instancePath)
        .sort(),
      ['/description', '/name'],
    );
  });
});
