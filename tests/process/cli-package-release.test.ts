import { Spec, Validation } from '@cyclonedx/cyclonedx-library';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import semver from 'semver';
import type { ReleaseManifest } from '../../contract/schemas/index.ts';
import { unzipSync } from 'fflate';
import { readTarballFiles } from '../../site/lib/cli-package/read-tarball-files.ts';
import { describeRelease, planServedReleases } from '../../site/lib/cli-package/releases.ts';
import { COULD_NOT_CHECK, readBundledPackages } from '../../tooling/audit-bundled.ts';
import type { BundledPackage } from '../../tooling/bundled-packages.ts';
import { CYCLONEDX_SPEC_VERSION, NOTICES_FILE, packageUrl, SBOM_FILE } from '../../tooling/render-package-notices.ts';
import { copyProject, runProjectScript } from '../support/project-copy.ts';

/**
 * The package as a stranger would rebuild it: the project copied into two folders of different
 * names and depths, each with its own copy of the bundled packages, built side by side. Then, in
 * one of them, a release as the README describes it: bump the version, `npm run release`.
 */
/** The scripts run here talk to no registry: the release's audit meets a port that does not answer. */
process.env.npm_config_registry = 'http://127.0.0.1:9/';
const work = mkdtempSync(join(tmpdir(), 'earshot-release-'));
const folders = [join(work, 'one'), join(work, 'a', 'second', 'clone')];
const [first, second] = folders as [string, string];
const version = (JSON.parse(readFileSync('client/package.json', 'utf8')) as { version: string }).version;
const tarballIn = (folder: string, v = version) => join(folder, 'build', 'cli', `earshot-${v}.tgz`);
const bundleIn = (folder: string, v = version) => join(folder, 'build', 'cli', `earshot-${v}.mcpb`);
let bundled: BundledPackage[] = [];

before(async () => {
  bundled = await readBundledPackages();
  for (const folder of folders)
    copyProject(
      folder,
      bundled.map((pkg) => pkg.path),
    );
  const builds = await Promise.all(folders.map((folder) => runProjectScript(folder, 'tooling/build-cli.ts')));
  for (const build of builds) assert.equal(build.code, 0, build.stderr);
});
after(() => rmSync(work, { recursive: true, force: true }));

describe('the client package', () => {
  it('is the same bytes whichever folder builds it, the tarball and the MCP Bundle', () => {
    for (const fileIn of [tarballIn, bundleIn]) {
      const [a, b] = folders.map((folder) => readFileSync(fileIn(folder)));
      assert.ok(a!.equals(b!), `${fileIn(first)} and ${fileIn(second)} differ`);
    }
  });

  it('packs the MCP Bundle from the same build as the tarball: the same package files, a manifest and its icon', () => {
    const packageFiles = readTarballFiles(readFileSync(tarballIn(first)));
    const bundle = unzipSync(readFileSync(bundleIn(first)));
    // mcpb leaves declaration files out: a server needs none.
    const fromPackage = [...packageFiles.keys()]
      .map((name) => name.replace(/^package\//, ''))
      .filter((name) => !name.endsWith('.d.ts'))
      .sort();
    assert.deepEqual(Object.keys(bundle).sort(), [...fromPackage, 'icon.png', 'manifest.json'].sort());
    for (const name of fromPackage)
      assert.ok(Buffer.from(bundle[name]!).equals(packageFiles.get(`package/${name}`)!), name);
    // Every entry dated the same and sorted by name: no trace of when or where it was packed.
    const listing = spawnSync('unzip', ['-Z', '-T', bundleIn(first)], { encoding: 'utf8' });
    assert.equal(listing.status, 0, listing.stderr);
    const entries = listing.stdout.split('\n').filter((line) => /^-/.test(line));
    assert.equal(entries.length, Object.keys(bundle).length);
    assert.deepEqual(new Set(entries.map((line) => line.split(/\s+/).at(-2))), new Set(['19800101.000000']));
    const names = entries.map((line) => line.split(/\s+/).at(-1)!);
    assert.deepEqual(names, [...names].sort());
  });

  it('carries the notices of every package it bundles: name, version, licence and licence texts', () => {
    const notices = readTarballFiles(readFileSync(tarballIn(first)))
      .get(`package/${NOTICES_FILE}`)
      ?.toString('utf8');
    assert.ok(notices, `${NOTICES_FILE} is not in the tarball`);
    assert.ok(bundled.length > 0);
    for (const pkg of bundled) {
      assert.ok(notices.includes(`## ${pkg.name} ${pkg.version}\n\nLicence: ${pkg.license}\n`), pkg.name);
      assert.ok(pkg.licenseFiles.length > 0, `${pkg.name} ships no licence file: its notice needs one`);
      for (const file of pkg.licenseFiles) assert.ok(notices.includes(file.text), `${pkg.name}: ${file.name}`);
    }
  });

  it('carries a valid CycloneDX SBOM that lists every bundled package, with its licence and hash', async () => {
    const text = readTarballFiles(readFileSync(tarballIn(first)))
      .get(`package/${SBOM_FILE}`)
      ?.toString('utf8');
    assert.ok(text, `${SBOM_FILE} is not in the tarball`);
    const validator = new Validation.JsonStrictValidator(Spec.Version.v1dot6);
    assert.equal(CYCLONEDX_SPEC_VERSION, '1.6');
    assert.equal(await validator.validate(text), null);
    const sbom = JSON.parse(text) as {
      metadata: { component: { name: string; version: string } };
      components: { purl: string; licenses: { expression: string }[]; hashes?: { alg: string }[] }[];
    };
    assert.deepEqual(sbom.metadata.component, { ...sbom.metadata.component, name: 'earshot', version });
    assert.deepEqual(
      sbom.components.map((component) => [
        component.purl,
        component.licenses[0]?.expression,
        component.hashes?.[0]?.alg,
      ]),
      bundled.map((pkg) => [packageUrl(pkg.name, pkg.version), pkg.license, 'SHA-512']),
    );
  });

  it('a release keeps the previous version byte for byte: both listed, both in SHA256SUMS, served at their URLs', async () => {
    // Record the current version first when this checkout has not released it yet.
    // The release audits first; a registry that does not answer (NO_REGISTRY) makes it a question,
    // which --accept-unaudited answers.
    const recordCurrent = await runProjectScript(second, 'tooling/release.ts', [
      '--date',
      '2026-11-01',
      '--accept-unaudited',
    ]);
    assert.equal(recordCurrent.code, 0, recordCurrent.stderr);
    const manifestFile = join(second, 'releases', 'manifest.json');
    const readManifest = () => JSON.parse(readFileSync(manifestFile, 'utf8')) as ReleaseManifest;
    const previous = readManifest().releases.find((record) => record.version === version)!;
    const previousBytes = readFileSync(join(second, 'releases', previous.fileName));
    // Released before: the repository's bytes, whatever this checkout builds (a change of the
    // contract alone keeps the released client). Recorded just now: the bytes built.
    if (existsSync(join('releases', previous.fileName)))
      assert.ok(
        previousBytes.equals(readFileSync(join('releases', previous.fileName))),
        'the repository keeps these bytes',
      );
    else assert.ok(previousBytes.equals(readFileSync(tarballIn(second))), 'the release records the bytes built');

    const next = semver.inc(version, 'patch')!;
    const manifestPath = join(second, 'client', 'package.json');
    writeFileSync(
      manifestPath,
      readFileSync(manifestPath, 'utf8').replace(`"version": "${version}"`, `"version": "${next}"`),
    );
    const refused = await runProjectScript(second, 'tooling/release.ts', ['--date', '2026-12-01']);
    assert.equal(refused.code, COULD_NOT_CHECK, refused.stderr);
    assert.match(refused.stderr, /\nerror: the audit could not check the bundled packages, so nothing was released\n/);
    const release = await runProjectScript(second, 'tooling/release.ts', [
      '--date',
      '2026-12-01',
      '--accept-unaudited',
    ]);
    assert.equal(release.code, 0, release.stderr);
    assert.match(release.stderr, /\nnote: released unaudited/);
    assert.match(
      release.stderr,
      new RegExp(
        `recorded earshot ${next.replace(/\./g, '\\.')}: releases/\\S+\\.tgz and its MCP Bundle releases/\\S+\\.mcpb`,
      ),
    );

    const records = readManifest().releases;
    assert.deepEqual(
      records.slice(-2).map((record) => [record.version, record.date]),
      [
        [version, previous.date],
        [next, '2026-12-01'],
      ],
    );
    const nextBytes = readFileSync(tarballIn(second, next));
    const nextBundle = readFileSync(bundleIn(second, next));
    const nextRecord = describeRelease(next, nextBytes, '2026-12-01', nextBundle);
    const served = planServedReleases({
      current: {
        version: next,
        fileName: nextRecord.fileName,
        bytes: nextBytes,
        bundle: { fileName: nextRecord.bundle!.fileName, bytes: nextBundle },
      },
      dir: join(second, 'releases'),
      context: 'production',
    });
    const kept = served.tarballs.find((file) => file.fileName === previous.fileName)!;
    assert.ok(Buffer.from(kept.bytes).equals(previousBytes));
    // The previous bundle too, byte for byte as the repository keeps it.
    assert.ok(previous.bundle, `earshot ${version} has a bundle`);
    assert.equal(kept.bundle?.fileName, previous.bundle.fileName);
    assert.ok(Buffer.from(kept.bundle.bytes).equals(readFileSync(join(second, 'releases', previous.bundle.fileName))));
    if (existsSync(join('releases', previous.bundle.fileName)))
      assert.ok(Buffer.from(kept.bundle.bytes).equals(readFileSync(join('releases', previous.bundle.fileName))));
    assert.deepEqual(
      served.tarballs.map((file) => [file.version, file.released]),
      records.map((record) => [record.version, true]),
    );
    assert.equal(served.manifestText, readFileSync(manifestFile, 'utf8'));

    // sha256sum itself checks every tarball the site serves against SHA256SUMS.
    const downloads = join(work, 'downloads');
    mkdirSync(downloads);
    for (const file of served.tarballs.flatMap((release) => [release, ...(release.bundle ? [release.bundle] : [])]))
      writeFileSync(join(downloads, file.fileName), file.bytes);
    writeFileSync(join(downloads, 'SHA256SUMS'), served.sha256sums);
    const check = spawnSync('sha256sum', ['--check', '--strict', 'SHA256SUMS'], { cwd: downloads, encoding: 'utf8' });
    assert.equal(check.status, 0, check.stdout + check.stderr);
    for (const record of records) assert.ok(check.stdout.includes(`${record.fileName}: OK`), check.stdout);
    for (const bundle of records.flatMap((record) => (record.bundle ? [record.bundle] : [])))
      assert.ok(check.stdout.includes(`${bundle.fileName}: OK`), check.stdout);
    assert.ok(records.at(-1)!.bundle, 'the new release records its bundle');
  });

  it('a changed client under a released version stops the build and the release, naming the changed files', async () => {
    const definitions = join(second, 'client', 'src', 'definitions.ts');
    const source = readFileSync(definitions, 'utf8');
    const changed = source.replace("Query Earshot's public discovery API", 'Query the public discovery API of Earshot');
    assert.ok(changed !== source, 'the test edits a string that ships');
    writeFileSync(definitions, changed);
    const scripts = ['tooling/build.ts', 'tooling/release.ts'];
    // One after the other: both pack the client into the same build/cli/, and two packs at once
    // race on removing it (ENOTEMPTY).
    const results = [];
    for (const script of scripts) results.push(await runProjectScript(second, script));
    for (const [index, result] of results.entries()) {
      const script = scripts[index]!;
      assert.equal(result.code, 1, `${script}:\n${result.stderr}`);
      assert.match(result.stderr, /is released and never changes, but the client built now differs in package\/dist\//);
      assert.match(result.stderr, /hint: bump "version" in client\/package\.json, then run `npm run release`/);
    }
    assert.equal(existsSync(join(second, 'dist')), false, 'nothing was built');
  });
});
