/**
 * The build of `dist/` for a local address, shared by `npm start`, `npm test`, each test layer
 * and a test file run alone: the same build for the same address, made once and reused while
 * nothing it depends on changed. A stamp in `dist/.earshot-build` holds the key of what it was
 * built from (every file git tracks or would track, as in the working tree, but `tests/`, which
 * the build never reads; and the base URL). The local server serves the stamp like any file, so
 * a test can tell whether a server answering on its port serves this very build. `npm run build`
 * removes it: a production build has none.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface LocalBuild {
  /** The folder the build writes (`dist/`). */
  dir: string;
  /** The base URL it links to: the local server's address. */
  baseUrl: string;
}

/** The stamp's name in the build folder; served at `/.earshot-build` by the local server only. */
export const STAMP_FILE = '.earshot-build';

/**
 * Values planted in every local build's environment, as a CI's secrets would be: the public-surface
 * test checks that none of them is published. They are probes, not secrets.
 */
export const PLANTED_SECRETS = {
  EARSHOT_SECRET_PROBE: 'probe-9c1e7f42-secret',
  PUBLIC_EARSHOT_SECRET_PROBE: 'probe-public-5d83b0aa',
} as const;

/** The environment of a local build: the base URL it links to, the folder, and the planted probes. */
export function localBuildEnv(build: LocalBuild): NodeJS.ProcessEnv {
  return { SITE_URL: build.baseUrl, EARSHOT_OUT_DIR: build.dir, ...PLANTED_SECRETS };
}

/** What the build depends on, by content, and the base URL: equal keys, equal builds. */
export function localBuildKey(baseUrl: string, root = '.'): string {
  const git = (args: string[], input?: string) =>
    spawnSync('git', args, { cwd: root, encoding: 'utf8', input, maxBuffer: 1 << 28 }).stdout;
  const hashes = new Map(
    git(['ls-files', '--stage'])
      .split('\n')
      .filter(Boolean)
      .map((line) => [line.slice(line.indexOf('\t') + 1), line.split(' ')[1]!] as const),
  );
  const changed = git(['ls-files', '--modified', '--others', '--exclude-standard'])
    .split('\n')
    .filter((file) => file && existsSync(join(root, file)));
  const changedHashes = git(['hash-object', '--stdin-paths'], changed.join('\n')).split('\n');
  changed.forEach((file, index) => hashes.set(file, changedHashes[index]!));
  for (const file of git(['ls-files', '--deleted']).split('\n')) hashes.delete(file);
  const inputs = [...hashes].filter(([file]) => !file.startsWith('tests/')).sort();
  return createHash('sha256')
    .update([baseUrl, ...inputs.map(([file, hash]) => `${hash} ${file}`)].join('\n'))
    .digest('hex');
}

/** The stamp of the build in `dir`, or undefined when it has none (a production build, a failed one). */
export function readStamp(dir: string): string | undefined {
  try {
    return readFileSync(join(dir, STAMP_FILE), 'utf8');
  } catch {
    return undefined;
  }
}

export function removeStamp(dir: string): void {
  rmSync(join(dir, STAMP_FILE), { force: true });
}

export function writeStamp(dir: string, key: string): void {
  writeFileSync(join(dir, STAMP_FILE), key);
}

const LOCK = 'build/local-build.lock';
const STALE_LOCK_MS = 20 * 60_000;

/**
 * Builds unless `dir` already holds the build of this key; concurrent processes wait for the one
 * that builds (a lock folder), then read its result. Returns whether it built. Throws when the
 * build fails (its output went to `stdio`).
 */
export function ensureLocalBuild(
  build: LocalBuild,
  options: { log?: 'info' | 'warn' | 'silent'; say?: (line: string) => void } = {},
): boolean {
  const key = localBuildKey(build.baseUrl);
  const say = options.say ?? ((line: string) => process.stderr.write(`${line}\n`));
  for (;;) {
    if (readStamp(build.dir) === key) return false;
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
      if (readStamp(build.dir) === key) return false;
      say(`building ${build.dir}/ for ${build.baseUrl} (reused until something it depends on changes)`);
      const result = spawnSync(process.execPath, ['tooling/build.ts'], {
        env: { ...process.env, ...localBuildEnv(build), EARSHOT_BUILD_LOG: options.log ?? 'silent' },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      if (result.status !== 0) throw new Error(`the build failed (exit ${result.status}); its output is above`);
      writeStamp(build.dir, key);
      return true;
    } finally {
      rmSync(LOCK, { recursive: true, force: true });
    }
  }
}
