import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { commandDefinitions, commandName, exitCodeDefinitions } from '../../client/src/definitions.ts';
import { readCliTarball } from '../../site/lib/cli-package/cli-tarball.ts';
import { packCliPackage, stageCliPackage } from '../../tooling/build-cli.ts';
import { testSite } from '../support/test-build.ts';

/**
 * The `earshot` package as the site serves it: what a user who installs it expects to find in it,
 * read from the tarball in the test run's build.
 */
const product = JSON.parse(readFileSync('data/product.json', 'utf8')) as {
  baseUrl: string;
  supportEmail: string;
  resources: { cli: string };
};
const source = JSON.parse(readFileSync('client/package.json', 'utf8')) as Record<string, unknown>;

describe('the earshot package the site serves', () => {
  const root = mkdtempSync(join(tmpdir(), 'earshot-package-'));
  const dir = join(root, 'package');
  // The current version's, which every page names; earlier releases are served beside it as they were.
  const tarball = join(testSite().dir, readCliTarball().path);
  let manifest: Record<string, any>;
  before(() => {
    const unpack = spawnSync('tar', ['-xzf', tarball, '-C', root], { encoding: 'utf8' });
    assert.equal(unpack.status, 0, unpack.stderr);
    manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('has the metadata a registry user expects: exports with types, bin, engines, license, repository, homepage, keywords', () => {
    assert.equal(manifest.name, 'earshot');
    assert.equal(manifest.version, source.version);
    assert.equal(manifest.type, 'module');
    assert.deepEqual(manifest.exports['.'], { types: './dist/index.d.ts', import: './dist/index.mjs' });
    assert.deepEqual(manifest.bin, { earshot: 'dist/earshot.mjs' });
    assert.match(manifest.engines.node, /^>=20/);
    assert.equal(manifest.license, 'MIT');
    assert.match(manifest.repository.url, /^git\+https:\/\//);
    assert.equal(manifest.homepage, new URL(product.resources.cli, product.baseUrl).href);
    assert.deepEqual(manifest.bugs, { email: product.supportEmail });
    assert.ok(manifest.keywords.includes('mcp') && manifest.keywords.includes('cli'));
    for (const file of [
      manifest.bin.earshot,
      manifest.exports['.'].import,
      manifest.exports['.'].types,
      'LICENSE',
      'README.md',
    ]) {
      assert.ok(existsSync(join(dir, file)), `${file} is in the package`);
    }
  });

  it('has no dependency of any kind: the client is bundled', () => {
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies', 'bundleDependencies'])
      assert.equal(manifest[field], undefined, field);
  });

  it('has a README for its users: install from the site, every command, the library, every exit code, no placeholder left', () => {
    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    assert.doesNotMatch(readme, /\{\{\w+\}\}/);
    assert.ok(readme.includes(`${new URL(product.resources.cli, product.baseUrl).href}#install`));
    assert.match(readme, /not published on the public npm registry yet/);
    for (const command of commandDefinitions)
      assert.ok(readme.includes(`| \`${commandName(command.path)}\` |`), commandName(command.path));
    for (const { code } of exitCodeDefinitions) assert.match(readme, new RegExp(`^\\| ${code} \\| `, 'm'));
    assert.ok(readme.includes("import { createClient, EarshotError } from 'earshot';"));
  });

  it('declares its types in one self-contained file: the schemas as interfaces, then the library', () => {
    const types = readFileSync(join(dir, 'dist/index.d.ts'), 'utf8');
    for (const name of ['Platform', 'PlatformsResponse', 'CapabilitiesResponse', 'ApiError', 'McpConfiguration'])
      assert.match(types, new RegExp(`^export interface ${name} \\{`, 'm'), name);
    assert.match(types, /^export declare function createClient\(options\?: ClientOptions\): EarshotClient;$/m);
    assert.match(types, /^export declare class EarshotError extends Error \{$/m);
    // Open sets: the known values, or any other string a compatible server may add (tolerant reading).
    assert.match(types, /targetTypes: \(\("keyword" \| "subreddit"\) \| \(string & \{\}\)\)\[\];/);
    assert.match(types, /product: "Earshot" \| \(string & \{\}\);/);
    assert.doesNotMatch(
      types,
      /^(?:import|export)\b[^\n]*\bfrom '/m,
      'imports nothing: a consumer has neither our sources nor json-schema-to-ts',
    );
  });

  it('packs to the same bytes again, so that one URL can name one content for good', async () => {
    const again = join(root, 'again');
    await stageCliPackage(again);
    const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    assert.equal(packCliPackage(again, mkdtempSync(join(root, 'packed-'))).integrity, integrity);
  });
});
