import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import semver from 'semver';
import {
  buildGeneratedClientSamples,
  generateCommand,
  renderGeneratedClientSample,
  runSampleCommand,
} from '../../site/lib/openapi/generated-client-samples.ts';

/**
 * The generators' samples pin what they need. A reader's `npx` resolves every range on the
 * registry today, not in package-lock.json: a peer without an upper bound becomes the registry's
 * `latest` (typescript 7.0.2 crashed @hey-api/openapi-ts 0.99.0), so the sample must name it.
 */
const samples = buildGeneratedClientSamples({
  baseUrl: 'https://earshot.dev',
  path: '/api/v1/platforms',
  operationId: 'listServicePlatforms',
});
const manifest = (name: string) =>
  JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')) as {
    version: string;
    peerDependencies?: Record<string, string>;
    peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  };

describe("the generated clients' samples", () => {
  for (const sample of samples)
    it(`${sample.package}: every required peer whose range has no upper bound is pinned to the exact version the tests run, which the range allows`, () => {
      const { peerDependencies = {}, peerDependenciesMeta = {} } = manifest(sample.package);
      const pinned = new Map((sample.peers ?? []).map((peer) => [peer.slice(0, peer.lastIndexOf('@')), peer]));
      for (const [name, range] of Object.entries(peerDependencies)) {
        if (peerDependenciesMeta[name]?.optional) continue;
        if (!semver.satisfies('999.0.0', range)) continue;
        const peer = pinned.get(name);
        assert.ok(peer, `${name} (${range}) is not pinned`);
        const version = peer.slice(peer.lastIndexOf('@') + 1);
        assert.equal(version, manifest(name).version, 'the exact version the tests run');
        assert.ok(semver.satisfies(version, range), `${peer} is within ${range}`);
      }
    });

  it('@hey-api/openapi-ts is run with its TypeScript beside it, as the page shows', () => {
    const heyApi = samples.find((sample) => sample.package === '@hey-api/openapi-ts')!;
    const typescript = manifest('typescript').version;
    assert.equal(
      generateCommand(heyApi),
      `npx -p typescript@${typescript} -p @hey-api/openapi-ts@${heyApi.version} openapi-ts ${heyApi.args.join(' ')}`,
    );
    assert.ok(renderGeneratedClientSample(heyApi).includes(`//   ${generateCommand(heyApi)}\n`));
  });

  for (const sample of samples)
    it(`${sample.label}: says how to run it, with the esbuild the tests run it with (tests/e2e/generated-clients.spec.ts)`, () => {
      const esbuild = manifest('esbuild').version;
      assert.equal(
        runSampleCommand(sample),
        `npx esbuild@${esbuild} ${sample.file} --bundle --platform=node --format=esm --log-level=warning --outfile=${sample.file.replace(/\.ts$/, '.mjs')} && node ${sample.file.replace(/\.ts$/, '.mjs')}`,
      );
      assert.ok(
        renderGeneratedClientSample(sample).includes(
          `// Save this as ${sample.file}, and run it:\n//   ${runSampleCommand(sample)}\n`,
        ),
      );
    });

  it('a generator without peers to pin runs as `npx <package>@<version>`', () => {
    const openapiTypescript = samples.find((sample) => sample.package === 'openapi-typescript')!;
    assert.equal(
      generateCommand(openapiTypescript),
      `npx openapi-typescript@${openapiTypescript.version} ${openapiTypescript.args.join(' ')}`,
    );
  });
});
