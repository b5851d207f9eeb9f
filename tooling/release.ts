/**
 * `npm run release`: records the client's current version as released. It packs the package
 * (tooling/build-cli.ts), copies the tarball and the MCP Bundle into `releases/` under their pinned
 * names and appends their record (version, file names, date, sizes, SHA-256, SHA-512, integrity)
 * to `releases/manifest.json`. Commit them; the site then serves both for good.
 *
 * A version is recorded once: run again with the same bytes, it says so and changes nothing; with
 * other bytes, it refuses and asks for a new version. `--date YYYY-MM-DD` sets the release date
 * (UTC today by default).
 *
 * Before it records anything it runs `npm run audit` (tooling/audit-bundled.ts) and stops when a
 * bundled package has a known vulnerability (exit 1), or when the audit could not check (exit 3:
 * the registry does not serve advisories) unless `--accept-unaudited` says to go on regardless.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readCliTarball } from '../site/lib/cli-package/cli-tarball.ts';
import {
  describeRelease,
  planServedReleases,
  RELEASE_MANIFEST_NAME,
  RELEASES_DIR,
  readReleaseStore,
  ReleaseProblems,
} from '../site/lib/cli-package/releases.ts';
import { type AuditOutcome, auditBundledPackages, COULD_NOT_CHECK, readBundledPackages } from './audit-bundled.ts';
import { buildCliPackage } from './build-cli.ts';

export interface ReleaseOutcome {
  version: string;
  fileName: string;
  /** The MCP Bundle recorded with it, when the release has one. */
  bundleFileName?: string;
  /** False when the version was already recorded with these very bytes. */
  recorded: boolean;
}

/** Records the tarball `build/cli/` holds now; throws `ReleaseProblems` when the version is taken by other bytes. */
export function recordRelease(date: string, dir = RELEASES_DIR): ReleaseOutcome {
  const current = readCliTarball();
  // Refuses other bytes under a recorded version, and checks every earlier record on the way.
  planServedReleases({ current, dir });
  const store = readReleaseStore(dir);
  const existing = store.manifest.releases.find((record) => record.version === current.version);
  if (existing) return { version: current.version, fileName: existing.fileName, recorded: false };
  const record = describeRelease(current.version, current.bytes, date, current.bundle.bytes);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, record.fileName), current.bytes);
  writeFileSync(join(dir, record.bundle!.fileName), current.bundle.bytes);
  const manifest = {
    $schema: 'https://earshot.dev/schemas/v1/release-manifest.json',
    ...store.manifest,
    releases: [...store.manifest.releases, record],
  };
  writeFileSync(join(dir, RELEASE_MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
  return {
    version: current.version,
    fileName: record.fileName,
    bundleFileName: record.bundle!.fileName,
    recorded: true,
  };
}

/** Whether the audit lets a release go on, and what to print: `code` is the exit code when it does not. */
export function judgeAudit(
  outcome: AuditOutcome,
  acceptUnaudited: boolean,
): { go: true; lines: string[] } | { go: false; code: number; lines: string[] } {
  if (outcome.code === 0) return { go: true, lines: outcome.lines };
  if (outcome.code === 1) return { go: false, code: 1, lines: outcome.lines };
  if (acceptUnaudited)
    return {
      go: true,
      lines: [...outcome.lines, 'note: released unaudited, as --accept-unaudited asks; say so in the release commit'],
    };
  return {
    go: false,
    code: COULD_NOT_CHECK,
    lines: [
      ...outcome.lines,
      'error: the audit could not check the bundled packages, so nothing was released',
      'hint: run npm run release where the registry serves advisories, or run npm run release -- --accept-unaudited and say so in the release commit',
    ],
  };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { date: { type: 'string' }, 'accept-unaudited': { type: 'boolean', default: false } },
  });
  const date = values.date ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
    console.error(`error: --date must be YYYY-MM-DD (got ${JSON.stringify(date)})`);
    return 2;
  }
  await buildCliPackage();
  try {
    // Other bytes under a recorded version stop here, before the audit asks the registry anything.
    const current = readCliTarball();
    planServedReleases({ current });
    const released = readReleaseStore().manifest.releases.some(({ version }) => version === current.version);
    if (!released) {
      const registry = process.env.npm_config_registry || 'https://registry.npmjs.org/';
      const verdict = judgeAudit(
        await auditBundledPackages(await readBundledPackages(), registry),
        values['accept-unaudited'],
      );
      for (const line of verdict.lines) console.error(line);
      if (!verdict.go) return verdict.code;
    }
    const outcome = recordRelease(date);
    const where = relative(process.cwd(), RELEASES_DIR) || '.';
    if (!outcome.recorded) {
      console.error(`earshot ${outcome.version} is already released as ${where}/${outcome.fileName}, with these bytes`);
      console.error('hint: to release a change, bump "version" in client/package.json first');
      return 0;
    }
    const bundle = outcome.bundleFileName ? ` and its MCP Bundle ${where}/${outcome.bundleFileName}` : '';
    console.error(`recorded earshot ${outcome.version}: ${where}/${outcome.fileName}${bundle}`);
    console.error(
      `next: git add ${where} client/package.json && git commit -m "earshot ${outcome.version}" && git tag earshot-v${outcome.version}`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof ReleaseProblems)) throw error;
    console.error(error.message);
    return 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = await main();
