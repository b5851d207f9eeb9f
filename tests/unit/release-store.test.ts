import assert from 'node:assert/strict';
import semver from 'semver';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { gunzipSync, gzipSync } from 'node:zlib';
import { formatDataProblem } from '../../contract/data-problem.ts';
import type { ReleaseManifest } from '../../contract/schemas/index.ts';
import {
  describeRelease,
  findKeptRelease,
  formatKeptRelease,
  planServedReleases,
  RELEASES_DIR,
  ReleaseProblems,
  sbomFileName,
} from '../../site/lib/cli-package/releases.ts';

/**
 * The releases of the repository (`releases/`), copied and then broken one way per case: the
 * checks that stop a build before it serves anything it should not.
 */
const committed = JSON.parse(readFileSync(join(RELEASES_DIR, 'manifest.json'), 'utf8')) as ReleaseManifest;
const latest = committed.releases.at(-1)!;
const latestBytes = new Uint8Array(readFileSync(join(RELEASES_DIR, latest.fileName)));
const latestBundle = latest.bundle!;
const latestBundleBytes = new Uint8Array(readFileSync(join(RELEASES_DIR, latestBundle.fileName)));
const folders: string[] = [];
after(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function copyReleases(change?: (dir: string, manifest: ReleaseManifest) => ReleaseManifest | void): string {
  const dir = mkdtempSync(join(tmpdir(), 'earshot-releases-'));
  folders.push(dir);
  cpSync(RELEASES_DIR, dir, { recursive: true });
  const manifest = structuredClone(committed);
  const changed = change?.(dir, manifest) ?? manifest;
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(changed, null, 2)}\n`);
  return dir;
}

/** The tarball with one byte of one file changed, packed again. */
function alteredTarball(bytes: Uint8Array): Uint8Array {
  const tar = gunzipSync(bytes);
  // The first file's content starts after its 512-byte header.
  tar[512] = tar[512] === 0x41 ? 0x42 : 0x41;
  return new Uint8Array(gzipSync(tar));
}

const current = {
  version: latest.version,
  fileName: latest.fileName,
  bytes: latestBytes,
  bundle: { fileName: latestBundle.fileName, bytes: latestBundleBytes },
};

/** The bundle with one byte changed: another file under the recorded name. */
function alteredBundle(bytes: Uint8Array): Uint8Array {
  const copy = new Uint8Array(bytes);
  copy[copy.length - 1] = copy.at(-1)! ^ 1;
  return copy;
}

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ReleaseProblems) return error.problems.map(formatDataProblem);
    throw error;
  }
  assert.fail('expected the build to stop');
}

describe('the recorded releases', () => {
  it('are served byte for byte, bundles too, with the manifest as committed and one SHA256SUMS line per file', () => {
    const served = planServedReleases({ current, context: 'production' });
    assert.deepEqual(
      served.tarballs.map((release) => [release.fileName, release.bundle?.fileName, release.released]),
      committed.releases.map((record) => [record.fileName, record.bundle?.fileName, true]),
    );
    for (const release of served.tarballs) {
      assert.deepEqual(release.bytes, new Uint8Array(readFileSync(join(RELEASES_DIR, release.fileName))));
      if (release.bundle)
        assert.deepEqual(
          release.bundle.bytes,
          new Uint8Array(readFileSync(join(RELEASES_DIR, release.bundle.fileName))),
        );
    }
    assert.equal(served.manifestText, readFileSync(join(RELEASES_DIR, 'manifest.json'), 'utf8'));
    assert.equal(
      served.sha256sums,
      committed.releases
        .flatMap((record) => [record, ...(record.bundle ? [record.bundle] : [])])
        .map((file) => `${file.sha256}  ${file.fileName}\n`)
        .join(''),
    );
    // The MCP Bundle came with 1.1.0: every release from then on has one, none before.
    const withBundle = committed.releases.filter(({ version }) => semver.gte(version, '1.1.0')).length;
    assert.ok(withBundle >= 1);
    assert.equal(served.sha256sums.match(/\.mcpb\n/g)?.length, withBundle, 'a bundle for each release from 1.1.0 on');
    assert.ok(
      served.tarballs.at(-1)!.sbom,
      `the latest release carries its SBOM, served as ${sbomFileName(latest.fileName)}`,
    );
  });

  it('serve an unreleased version beside them on a preview, but not in production', () => {
    const next = { version: '99.0.0', fileName: 'earshot-99.0.0-0000000000.tgz', bytes: latestBytes };
    const served = planServedReleases({ current: next, context: 'deploy-preview' });
    assert.deepEqual(served.tarballs.at(-1), { ...next, sbom: served.tarballs.at(-1)!.sbom, released: false });
    assert.equal(served.tarballs.at(-1)!.bundle, undefined, 'a build without a bundle serves none');
    assert.equal(served.sha256sums.includes(next.fileName), false, 'SHA256SUMS lists releases only');
    assert.deepEqual(
      problemsOf(() => planServedReleases({ current: next, context: 'production' })),
      [
        'releases/manifest.json#/releases: must record earshot 99.0.0: a production deploy serves released versions only',
      ],
    );
  });

  const broken: [string, () => Parameters<typeof planServedReleases>[0], RegExp[]][] = [
    [
      'a released version built again with other bytes',
      () => ({ current: { ...current, bytes: alteredTarball(latestBytes) } }),
      [
        /^releases\/manifest\.json#\/releases\/\d+: earshot .+ is released and never changes, but the client built now differs in package\/\S+$/,
      ],
    ],
    [
      'a kept tarball whose bytes changed',
      () => ({
        current,
        dir: copyReleases((dir) => writeFileSync(join(dir, latest.fileName), alteredTarball(latestBytes))),
      }),
      [
        /#\/releases\/\d+\/fileName: must match releases\/earshot-.+\.tgz, whose fileName is/,
        /#\/releases\/\d+\/integrity: must match/,
        /#\/releases\/\d+\/sha256: must match/,
        /#\/releases\/\d+\/sha512: must match/,
        /#\/releases\/\d+\/size: must match/,
      ],
    ],
    [
      'a released bundle built again with other bytes',
      () => ({ current: { ...current, bundle: { ...current.bundle, bytes: alteredBundle(latestBundleBytes) } } }),
      [
        /^releases\/manifest\.json#\/releases\/\d+\/bundle: the MCP Bundle of earshot .+ is released and never changes, but the bundle built now differs$/,
      ],
    ],
    [
      'a kept bundle whose bytes changed',
      () => ({
        current,
        dir: copyReleases((dir) => writeFileSync(join(dir, latestBundle.fileName), alteredBundle(latestBundleBytes))),
      }),
      [
        /#\/releases\/\d+\/bundle\/fileName: must match releases\/earshot-.+\.mcpb, whose fileName is/,
        /#\/releases\/\d+\/bundle\/sha256: must match/,
        /#\/releases\/\d+\/bundle\/sha512: must match/,
      ],
    ],
    [
      'a record without its bundle',
      () => ({ current, dir: copyReleases((dir) => rmSync(join(dir, latestBundle.fileName))) }),
      [/#\/releases\/\d+\/bundle\/fileName: must name a file in releases\/ \(got "earshot-.+\.mcpb"\)$/],
    ],
    [
      'a record whose digest was edited',
      () => ({
        current,
        dir: copyReleases((_dir, manifest) => {
          manifest.releases.at(-1)!.sha256 = '0'.repeat(64);
        }),
      }),
      [
        /^releases\/manifest\.json#\/releases\/\d+\/sha256: must match releases\/.+, whose sha256 is "[0-9a-f]{64}" \(got "0+…\)$/,
      ],
    ],
    [
      'a record without its tarball',
      () => ({ current, dir: copyReleases((dir) => rmSync(join(dir, latest.fileName))) }),
      [/#\/releases\/\d+\/fileName: must name a file in releases\/ \(got "earshot-.+\.tgz"\)$/],
    ],
    [
      'a version recorded twice',
      () => ({
        current,
        dir: copyReleases((_dir, manifest) => ({ ...manifest, releases: [...manifest.releases, latest] })),
      }),
      [/#\/releases\/\d+\/version: must be recorded once \(got ".+"\)$/],
    ],
    [
      'a record that claims another version than its tarball holds',
      () => {
        const bytes = latestBytes;
        const record = describeRelease('9.9.9', bytes, latest.date);
        return {
          current,
          dir: copyReleases((dir, manifest) => {
            writeFileSync(join(dir, record.fileName), bytes);
            return { ...manifest, releases: [...manifest.releases, record] };
          }),
        };
      },
      [/#\/releases\/\d+\/version: must be the version inside releases\/earshot-9\.9\.9-.+\.tgz \(got "9\.9\.9"\)$/],
    ],
    [
      'a manifest that breaks its schema',
      () => ({
        current,
        dir: copyReleases((_dir, manifest) => ({ ...manifest, releases: [{ ...latest, date: 'yesterday' }] })),
      }),
      [/^releases\/manifest\.json#\/releases\/0\/date: must be/],
    ],
  ];
  for (const [name, options, expected] of broken)
    it(`stop the build on ${name}, naming the record and what was expected`, () => {
      const problems = problemsOf(() => planServedReleases(options()));
      assert.equal(problems.length, expected.length, problems.join('\n'));
      for (const [index, pattern] of expected.entries()) assert.match(problems.sort()[index]!, pattern);
    });
});

/** The tarball with one byte of the file at `path` changed (ustar: the body follows its 512-byte header). */
function alteredFile(bytes: Uint8Array, path: string): Uint8Array {
  const tar = gunzipSync(bytes);
  for (let offset = 0; offset + 512 <= tar.length && tar[offset] !== 0;) {
    const name = tar.toString('utf8', offset, offset + 100).replace(/\0.*$/s, '');
    const prefix = tar.toString('utf8', offset + 345, offset + 500).replace(/\0.*$/s, '');
    const size = Number.parseInt(
      tar
        .toString('utf8', offset + 124, offset + 136)
        .replace(/\0.*$/s, '')
        .trim(),
      8,
    );
    if ((prefix ? `${prefix}/${name}` : name) === path) {
      tar[offset + 512] = tar[offset + 512] === 0x41 ? 0x42 : 0x41;
      return new Uint8Array(gzipSync(tar));
    }
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  throw new Error(`${path} is not in the tarball`);
}

describe('a client that differs from its released version', () => {
  it('only in what the contract decides is not built again: the released tarball and bundle are kept', () => {
    const kept = findKeptRelease(latest.version, alteredFile(latestBytes, 'package/dist/index.d.ts'));
    assert.deepEqual(kept?.changed, ['package/dist/index.d.ts']);
    assert.equal(kept.record.fileName, latest.fileName);
    assert.deepEqual(kept.bytes, latestBytes);
    assert.deepEqual(kept.bundle, latestBundleBytes);
    assert.match(formatKeptRelease(kept), /^note: .* keeps serving the released client\nhint: .*npm run release/);
  });

  it('in its own code asks for a release', () => {
    assert.equal(findKeptRelease(latest.version, alteredFile(latestBytes, 'package/dist/earshot.mjs')), undefined);
    assert.equal(findKeptRelease(latest.version, latestBytes), undefined, 'the same bytes need nothing kept');
    assert.equal(findKeptRelease('99.0.0', latestBytes), undefined, 'an unreleased version has nothing to keep');
  });
});
