import addFormatsModule from 'ajv-formats';
import { Ajv2020 } from 'ajv/dist/2020.js';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { endpointFile, endpoints, OPENAPI_PATH } from '../../contract/endpoints.ts';
import { loadSiteDataOrThrow } from '../../site/lib/data/load-site-data.ts';
import { readCliTarball } from '../../site/lib/cli-package/cli-tarball.ts';
import { readServedReleases, RELEASES_DIR, sbomFileName } from '../../site/lib/cli-package/releases.ts';
import { SECURITY_TXT_PATH } from '../../site/lib/discovery/build-security-txt.ts';
import { RELEASE_PATHS } from '../../contract/release-paths.ts';
import type { ReleaseManifest } from '../../contract/schemas/index.ts';
import { parseSecurityTxt } from '../support/security-txt.ts';
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

  it("publishes the MCP configuration at resources.mcp, valid, and pointed at the preview's own endpoint, tarball, bundle and API", () => {
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
      bundle: { url: `${baseUrl}${tarball.bundle.path}`, sha256: tarball.bundle.sha256 },
    });
  });

  it('serves the client package and MCP Bundle it names, byte for byte as packed, beside every recorded release, their SBOMs and bundles', () => {
    const tarball = readCliTarball();
    const served = readServedReleases(tarball);
    assert.ok(served.tarballs.some((release) => release.fileName === tarball.fileName));
    assert.deepEqual(
      readdirSync(join(outDir, 'cli')).sort(),
      served.tarballs
        .flatMap((release) => [
          release.fileName,
          sbomFileName(release.fileName),
          ...(release.bundle ? [release.bundle.fileName] : []),
        ])
        .sort(),
    );
    assert.deepEqual(new Uint8Array(readFileSync(join(outDir, tarball.path))), tarball.bytes);
    assert.deepEqual(new Uint8Array(readFileSync(join(outDir, tarball.bundle.path))), tarball.bundle.bytes);
    for (const release of served.tarballs) {
      assert.deepEqual(new Uint8Array(readFileSync(join(outDir, 'cli', release.fileName))), release.bytes);
      assert.deepEqual(readFileSync(join(outDir, 'cli', sbomFileName(release.fileName))), release.sbom);
      if (release.bundle)
        assert.deepEqual(
          new Uint8Array(readFileSync(join(outDir, 'cli', release.bundle.fileName))),
          release.bundle.bytes,
        );
    }
  });

  it("serves the release manifest as the repository's file, and SHA256SUMS with one line per released file", () => {
    const manifestText = readFileSync(join(RELEASES_DIR, 'manifest.json'), 'utf8');
    assert.equal(readFileSync(join(outDir, RELEASE_PATHS.manifest), 'utf8'), manifestText);
    const { releases } = JSON.parse(manifestText) as ReleaseManifest;
    assert.equal(
      readFileSync(join(outDir, RELEASE_PATHS.sha256sums), 'utf8'),
      releases
        .flatMap((record) => [record, ...(record.bundle ? [record.bundle] : [])])
        .map((file) => `${file.sha256}  ${file.fileName}\n`)
        .join(''),
    );
  });

  it('serves security.txt whose Expires is later than the build and less than a year ahead', () => {
    const { fields, bad } = parseSecurityTxt(readFileSync(join(outDir, SECURITY_TXT_PATH), 'utf8'));
    assert.deepEqual(bad, []);
    const names = fields.map(([name]) => name);
    for (const required of ['Contact', 'Expires', 'Policy', 'Canonical', 'Preferred-Languages'])
      assert.ok(names.includes(required), required);
    const expires = Date.parse(fields.find(([name]) => name === 'Expires')![1]);
    const built = statSync(join(outDir, SECURITY_TXT_PATH)).mtimeMs;
    assert.ok(expires > built && expires < built + 365 * 24 * 60 * 60 * 1000, new Date(expires).toISOString());
  });
});
