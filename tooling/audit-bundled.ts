/**
 * `npm run audit`: checks exactly the npm packages bundled into the client (the ones its tarball
 * ships, from esbuild's metafile: tooling/bundled-packages.ts) against the registry's security
 * advisories. `npm audit` cannot: the client declares no dependency (everything is bundled) and
 * the project's own are development tools.
 *
 * It asks the registry the question npm audit asks (the bulk advisories endpoint) and:
 * - exits 1, listing each advisory, when a bundled version is affected;
 * - says in one line which packages it checked when none is;
 * - says in one line that it could not check, and exits 3 (COULD_NOT_CHECK), when the registry
 *   refuses or cannot be reached: some registries and mirrors do not serve advisories, which is no
 *   clean result, nor a vulnerable one. `npm run release` runs this audit first and stops on 1, and
 *   on 3 unless it is given `--accept-unaudited` (tooling/release.ts).
 * @see https://github.com/npm/cli/blob/latest/workspaces/arborist/lib/audit-report.js
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { type BundledPackage, listBundledPackages } from './bundled-packages.ts';
import { bundleClient, readPackageManifest } from './build-cli.ts';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const ADVISORIES_PATH = '-/npm/v1/security/advisories/bulk';

interface Advisory {
  id?: number;
  title?: string;
  url?: string;
  severity?: string;
  vulnerable_versions?: string;
}

/** The exit code of an audit that could not ask the registry: no result, neither clean nor vulnerable. */
export const COULD_NOT_CHECK = 3 as const;

export interface AuditOutcome {
  /** 0: no known vulnerability; 1: at least one; COULD_NOT_CHECK: the registry did not say. */
  code: 0 | 1 | typeof COULD_NOT_CHECK;
  lines: string[];
}

/** The packages the client bundles, from a bundle built in memory. */
export async function readBundledPackages(): Promise<BundledPackage[]> {
  return listBundledPackages(await bundleClient({ write: false }), ROOT);
}

export async function auditBundledPackages(
  packages: readonly Pick<BundledPackage, 'name' | 'version'>[],
  registry: string,
  fetch: typeof globalThis.fetch = globalThis.fetch,
): Promise<AuditOutcome> {
  const what = `the ${packages.length} packages bundled into earshot ${readPackageManifest().version}`;
  const list = packages.map((pkg) => `${pkg.name}@${pkg.version}`).join(', ');
  const url = new URL(ADVISORIES_PATH, registry.endsWith('/') ? registry : `${registry}/`).href;
  const couldNot = (reason: string): AuditOutcome => ({
    code: COULD_NOT_CHECK,
    lines: [`audit: could not check ${what}: ${reason}; no result, neither clean nor vulnerable`],
  });
  let body: Record<string, Advisory[]>;
  try {
    const query: Record<string, string[]> = {};
    for (const pkg of packages) (query[pkg.name] ??= []).push(pkg.version);
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(query),
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok)
      return couldNot(
        `${url} answered ${response.status} ${response.statusText || 'to the advisories request'}`.trim(),
      );
    body = (await response.json()) as Record<string, Advisory[]>;
  } catch (error) {
    return couldNot(`${url} did not answer (${error instanceof Error ? error.message : String(error)})`);
  }
  const found = packages.flatMap((pkg) =>
    (body[pkg.name] ?? [])
      .filter((advisory) => affects(advisory, pkg.version))
      .map((advisory) =>
        `${pkg.name}@${pkg.version}: ${advisory.severity ?? 'unknown severity'}: ${advisory.title ?? 'advisory'} (${advisory.vulnerable_versions ?? 'all versions'}) ${advisory.url ?? ''}`.trimEnd(),
      ),
  );
  if (found.length === 0) return { code: 0, lines: [`audit: no known vulnerability in ${what}: ${list}`] };
  return {
    code: 1,
    lines: [
      ...found,
      `error: ${found.length} known vulnerabilit${found.length === 1 ? 'y' : 'ies'} in ${what}`,
      'hint: update the package (npm install -D <name>@<fixed version>), rebuild, and release a new client version',
    ],
  };
}

/** The registry may answer with every advisory of a package; only those whose range holds the version count. */
function affects(advisory: Advisory, version: string): boolean {
  const range = advisory.vulnerable_versions;
  return range === undefined || semver.satisfies(version, range, { includePrerelease: true });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const registry = process.env.npm_config_registry || 'https://registry.npmjs.org/';
  const outcome = await auditBundledPackages(await readBundledPackages(), registry);
  for (const line of outcome.lines) console.error(line);
  process.exitCode = outcome.code;
}
