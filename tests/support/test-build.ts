import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The site as the test run built it. `npm test` (tests/run-tests.ts) builds it once into `dist/`,
 * for the base URL the local server then serves it on, and hands both to every test process
 * through the environment. A test file run alone (`node --test tests/artifacts/x.test.ts`,
 * `npx playwright test tests/e2e/y.spec.ts`) gets the same build, made here on first use for
 * http://localhost:8888 (`EARSHOT_TEST_PORT` overrides) and reused while the sources are unchanged.
 * Tests read that build; none builds the site again.
 */
export interface TestSite {
  /** The folder the build wrote (`dist/`). */
  dir: string;
  /** The base URL it was built for, where the local server serves it during the run. */
  baseUrl: string;
}

/**
 * Values planted in the test build's environment, as a CI's secrets would be: the public-surface
 * test checks that none of them is published.
 */
export const PLANTED_SECRETS = {
  EARSHOT_SECRET_PROBE: 'probe-9c1e7f42-secret',
  PUBLIC_EARSHOT_SECRET_PROBE: 'probe-public-5d83b0aa',
} as const;

/** The environment of the test build: the base URL it links to, the folder, and the planted secrets. */
export function testBuildEnv(site: TestSite): NodeJS.ProcessEnv {
  return { SITE_URL: site.baseUrl, EARSHOT_OUT_DIR: site.dir, ...PLANTED_SECRETS };
}

/** Where a test file run alone finds the site: the test build's base URL, served by Playwright's webServer. */
export const localTestUrl = `http://localhost:${process.env.EARSHOT_TEST_PORT ?? 8888}`;

export function testSite(): TestSite {
  const dir = process.env.EARSHOT_TEST_SITE_DIR;
  const baseUrl = process.env.EARSHOT_TEST_SITE_URL;
  if (dir && baseUrl) return { dir, baseUrl };
  const site = { dir: 'dist', baseUrl: localTestUrl };
  ensureBuilt(site);
  process.env.EARSHOT_TEST_SITE_DIR = site.dir;
  process.env.EARSHOT_TEST_SITE_URL = site.baseUrl;
  return site;
}

const LOCK = 'build/test-build.lock';
const STALE_LOCK_MS = 20 * 60_000;

/**
 * What the build depends on, by content: every file git tracks or would track, as it is in the
 * working tree (a commit that changes no content keeps the key), and the base URL.
 */
function sourcesKey(baseUrl: string): string {
  const git = (args: string[], input?: string) =>
    spawnSync('git', args, { encoding: 'utf8', input, maxBuffer: 1 << 28 }).stdout;
  const hashes = new Map(
    git(['ls-files', '--stage'])
      .split('\n')
      .filter(Boolean)
      .map((line) => [line.slice(line.indexOf('\t') + 1), line.split(' ')[1]!] as const),
  );
  const changed = git(['ls-files', '--modified', '--others', '--exclude-standard'])
    .split('\n')
    .filter((file) => file && existsSync(file));
  const changedHashes = git(['hash-object', '--stdin-paths'], changed.join('\n')).split('\n');
  changed.forEach((file, index) => hashes.set(file, changedHashes[index]!));
  for (const file of git(['ls-files', '--deleted']).split('\n')) hashes.delete(file);
  return createHash('sha256')
    .update([baseUrl, ...[...hashes].sort().map(([file, hash]) => `${hash} ${file}`)].join('\n'))
    .digest('hex');
}

/**
 * Builds the site unless the last test build was made from these very sources; concurrent test
 * processes wait for the one that builds (a lock folder), then read its result.
 */
function ensureBuilt(site: TestSite): void {
  const key = sourcesKey(site.baseUrl);
  const marker = join(site.dir, '.earshot-test-build');
  const readMarker = () => {
    try {
      return readFileSync(marker, 'utf8');
    } catch {
      return undefined;
    }
  };
  for (;;) {
    if (readMarker() === key) return;
    mkdirSync('build', { recursive: true });
    try {
      mkdirSync(LOCK);
    } catch {
      const age = Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(LOCK, { recursive: true, force: true });
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
      continue;
    }
    try {
      if (readMarker() === key) return;
      process.stderr.write(
        `building the site for ${site.baseUrl} into ${site.dir}/ (reused until the sources change)\n`,
      );
      const build = spawnSync(process.execPath, ['tooling/build.ts'], {
        env: { ...process.env, ...testBuildEnv(site), EARSHOT_BUILD_LOG: 'silent' },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      if (build.status !== 0) throw new Error(`the test build failed (exit ${build.status}); its output is above`);
      writeFileSync(marker, key);
      return;
    } finally {
      rmSync(LOCK, { recursive: true, force: true });
    }
  }
}
