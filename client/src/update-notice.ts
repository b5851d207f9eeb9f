/**
 * The update notice, the way GitHub's CLI does it: at most once a day, on an interactive terminal
 * only, `earshot` reads the site's release manifest while the command runs and, when a newer
 * version is released, says so on stderr after the command's own output, with the command that
 * installs it. Never in CI, never with `--json`, never when piped, never for `earshot mcp` (its
 * streams speak the protocol), and never with EARSHOT_NO_UPDATE_NOTIFIER set. A failed check says
 * nothing and waits a day like a successful one.
 * @see https://github.com/cli/cli/blob/trunk/internal/update/update.go
 */
import { join } from 'node:path';
import { RELEASE_PATHS } from '../../contract/release-paths.ts';
import { createFetch } from './api/create-fetch.ts';
import type { FetchLike } from './api/fetch-like.ts';
import { createStyle, type OutputStream } from './output/style.ts';
import { readStateFile } from './read-state-file.ts';
import { stateDirectory } from './state-directory.ts';
import { writeStateFile } from './write-state-file.ts';

export const UPDATE_NOTIFIER_OPT_OUT = 'EARSHOT_NO_UPDATE_NOTIFIER';
/** How often the manifest is read at most. */
export const UPDATE_CHECK_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** How long the check may take: a slow site never holds the command up for longer. */
const UPDATE_CHECK_TIMEOUT_MS = 2000;
/** The variables CI services set (the ones gh checks). */
const CI_VARIABLES = ['CI', 'BUILD_NUMBER', 'RUN_ID'];
/** Commands whose streams are not for people: the MCP server speaks JSON-RPC over stdio. */
const QUIET_COMMANDS = new Set(['mcp', 'completion']);

export interface UpdateCheckIo {
  stdout: OutputStream;
  stderr: OutputStream;
  env: Record<string, string | undefined>;
  /** The installed version and the site that publishes the releases. */
  version: string;
  siteUrl: string;
  fetch?: FetchLike | undefined;
  now?: () => number;
  signal?: AbortSignal | undefined;
}

export interface UpdateCheck {
  /** Waits for the check (bounded by its timeout) and prints the notice when there is one. */
  finish(): Promise<void>;
}

const noCheck: UpdateCheck = { finish: async () => {} };

/** Starts the check when one is due; call `finish()` once the command is done. */
export function startUpdateCheck(argv: readonly string[], io: UpdateCheckIo): UpdateCheck {
  if (!isWanted(argv, io)) return noCheck;
  const stateFile = updateStateFile(io.env);
  if (!stateFile) return noCheck;
  const now = (io.now ?? Date.now)();
  const state = readState(stateFile);
  if (state.checkedAt !== undefined && now - state.checkedAt < UPDATE_CHECK_INTERVAL_MS && now >= state.checkedAt)
    return noCheck;
  // Recorded before the request: a check that fails waits a day too, instead of slowing every run.
  if (!writeState(stateFile, { checkedAt: now })) return noCheck;
  const newer = findNewerRelease(io).catch(() => undefined);
  return {
    async finish() {
      const release = await newer;
      if (release) io.stderr.write(renderUpdateNotice(io, release));
    },
  };
}

function isWanted(argv: readonly string[], io: UpdateCheckIo): boolean {
  if ((io.env[UPDATE_NOTIFIER_OPT_OUT] ?? '') !== '') return false;
  if (CI_VARIABLES.some((name) => (io.env[name] ?? '') !== '')) return false;
  if (io.stdout.isTTY !== true || io.stderr.isTTY !== true) return false;
  if (argv.some((arg) => arg === '--json' || arg.startsWith('--json='))) return false;
  const command = argv.find((arg) => !arg.startsWith('-'));
  return command === undefined || !QUIET_COMMANDS.has(command);
}

/** `state.json` in the state directory (client/src/state-directory.ts). */
function updateStateFile(env: Record<string, string | undefined>): string | undefined {
  const directory = stateDirectory(env);
  return directory ? join(directory, 'state.json') : undefined;
}

function readState(file: string): { checkedAt?: number } {
  try {
    const value = (JSON.parse(readStateFile(file) ?? '{}') as { updateCheckedAt?: unknown }).updateCheckedAt;
    return typeof value === 'number' ? { checkedAt: value } : {};
  } catch {
    return {};
  }
}

/** False when the state cannot be kept (a read-only home): then no check, rather than one per run. */
function writeState(file: string, state: { checkedAt: number }): boolean {
  try {
    writeStateFile(file, `${JSON.stringify({ updateCheckedAt: state.checkedAt })}\n`);
    return true;
  } catch {
    return false;
  }
}

interface Release {
  version: string;
  url: string;
}

async function findNewerRelease(io: UpdateCheckIo): Promise<Release | undefined> {
  const fetch = await createFetch(io.env, io.fetch);
  const signals = [AbortSignal.timeout(UPDATE_CHECK_TIMEOUT_MS), ...(io.signal ? [io.signal] : [])];
  const response = await fetch(new URL(RELEASE_PATHS.manifest, io.siteUrl).href, {
    headers: { Accept: 'application/json' },
    signal: AbortSignal.any(signals),
  });
  if (!response.ok) return undefined;
  const newest = readReleases(await response.json())
    // Pre-releases are for those who ask for them by URL.
    .filter((release) => !release.version.includes('-') && compareVersions(release.version, io.version) > 0)
    .sort((a, b) => compareVersions(b.version, a.version))[0];
  return (
    newest && {
      version: newest.version,
      url: new URL(`${RELEASE_PATHS.tarballDirectory}${newest.fileName}`, io.siteUrl).href,
    }
  );
}

/** The manifest read tolerantly: records it cannot use are skipped, never an error. */
function readReleases(manifest: unknown): { version: string; fileName: string }[] {
  const releases = (manifest as { releases?: unknown } | null)?.releases;
  if (!Array.isArray(releases)) return [];
  return releases.filter(
    (release): release is { version: string; fileName: string } =>
      typeof release?.version === 'string' &&
      parseVersion(release.version) !== undefined &&
      typeof release.fileName === 'string' &&
      /^[\w.-]+\.tgz$/.test(release.fileName),
  );
}

/** `1.2.3` and `1.2.3-beta.1` as numbers; a pre-release sorts before its release. */
function parseVersion(version: string): [number, number, number, number] | undefined {
  // Semantic Versioning's own characters only: a version is printed in the notice.
  const match = /^(\d+)\.(\d+)\.(\d+)(-[0-9A-Za-z.-]+)?$/.exec(version);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3]), match[4] ? 0 : 1] : undefined;
}

/** Semantic-version order of the numbers; pre-releases of one version compare equal to each other. */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [parseVersion(a), parseVersion(b)];
  if (!x || !y) return 0;
  for (let i = 0; i < 4; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
}

function renderUpdateNotice(io: UpdateCheckIo, release: Release): string {
  const style = createStyle(io.stderr, io.env);
  return [
    '',
    style.yellow(`A new release of earshot is available: ${io.version} → ${release.version}`),
    `To upgrade: npm install --global ${release.url}`,
    `To stop these notices: set ${UPDATE_NOTIFIER_OPT_OUT}=1`,
    '',
  ].join('\n');
}
