import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort, stopProcessGroup } from '../local-server.ts';
import type { BenchSection } from './bench-section.ts';
import { formatMs, formatSpread, roundSummary, summarize } from './bench-stats.ts';
import { recordAsPublished } from '../published-contract/record-as-published.ts';

const DEV_RUNS = 7;
const BUILD_RUNS = 3;
const POLL_MS = 10;

/**
 * From saving `platforms.json` to the new answer: on `astro dev` (what an editor previewing sees)
 * and as a finished production build. The shipped data is copied to a temporary folder
 * (`EARSHOT_DATA_DIR`) and edited there; `data/` is never written.
 */
export const rebuild: BenchSection = {
  id: 'rebuild',
  title: 'Rebuild on data change (shipped data + one platform, edited in a temporary copy)',
  needs: [],
  async run({ node, log, quick }) {
    // `--quick`: one edit on astro dev (no warm-up edit) and one production build.
    const devRuns = quick ? 1 : DEV_RUNS;
    const buildRuns = quick ? 1 : BUILD_RUNS;
    const dataDir = mkdtempSync(join(tmpdir(), 'earshot-bench-edit-'));
    cpSync('data', dataDir, { recursive: true });
    const original = JSON.parse(readFileSync(join(dataDir, 'platforms.json'), 'utf8')) as unknown[];
    let edits = 0;
    // Each edit adds a platform never seen before, so that its id in an answer proves the answer is new.
    const edit = () => {
      const id = `bench-edit-${++edits}`;
      writeFileSync(
        join(dataDir, 'platforms.json'),
        `${JSON.stringify([...original, { id, name: `Bench edit ${edits}`, targetTypes: ['keyword'] }], null, 2)}\n`,
      );
      // What an editor runs before publishing (npm run changes -- --record): the build refuses unrecorded changes.
      recordAsPublished(dataDir);
      return id;
    };
    try {
      log('rebuild: starting astro dev');
      const dev = await measureDevServer(node, dataDir, edit, { runs: devRuns, warmUp: !quick });
      const builds: number[] = [];
      for (let run = 1; run <= buildRuns; run++) {
        log(`rebuild: production build ${run} of ${buildRuns}`);
        builds.push(timeBuildAfterEdit(node, dataDir, edit));
      }
      const build = summarize(builds);
      return {
        rows: [
          {
            measure: 'astro dev: edit → new /api/v1/platforms',
            value: formatMs(dev.summary.median),
            detail: `${formatSpread(dev.summary)}; polled every ${POLL_MS} ms; server ready in ${formatMs(dev.readyMs)}`,
          },
          {
            measure: 'production build: edit → build done',
            value: formatMs(build.median),
            detail: formatSpread(build),
          },
        ],
        figures: {
          devServerMs: roundSummary(dev.summary),
          devServerReadyMs: Math.round(dev.readyMs),
          pollMs: POLL_MS,
          productionBuildMs: roundSummary(build),
        },
      };
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

async function measureDevServer(
  node: string,
  dataDir: string,
  edit: () => string,
  { runs, warmUp }: { runs: number; warmUp: boolean },
) {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}/api/v1/platforms`;
  const started = performance.now();
  const child = spawn(node, ['tooling/astro.ts', 'dev', '--port', String(port), '--host', '127.0.0.1'], {
    env: { ...process.env, EARSHOT_DATA_DIR: dataDir, ASTRO_TELEMETRY_DISABLED: '1', BROWSER: 'none' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await waitFor(
      url,
      () => true,
      90_000,
      () => (child.exitCode === null ? undefined : `astro dev exited with ${child.exitCode}:\n${output}`),
    );
    const readyMs = performance.now() - started;
    // One unmeasured edit: the first answer after a change may compile modules for the first time.
    if (warmUp) {
      const warm = edit();
      await waitFor(url, (text) => text.includes(`"${warm}"`), 30_000);
    }
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const start = performance.now();
      const id = edit();
      await waitFor(url, (text) => text.includes(`"${id}"`), 30_000);
      times.push(performance.now() - start);
    }
    return { summary: summarize(times), readyMs };
  } finally {
    await stopProcessGroup(child);
  }
}

/** Polls `url` until its body satisfies `done`; fails after `timeoutMs` or when `failed` says why. */
async function waitFor(
  url: string,
  done: (text: string) => boolean,
  timeoutMs: number,
  failed: () => string | undefined = () => undefined,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const reason = failed();
    if (reason) throw new Error(reason);
    try {
      const response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(5000) });
      if (response.ok && done(await response.text())) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`${url} did not answer as expected within ${timeoutMs} ms`);
}

function timeBuildAfterEdit(node: string, dataDir: string, edit: () => string): number {
  const outDir = join(mkdtempSync(join(tmpdir(), 'earshot-bench-dist-')), 'dist');
  try {
    const start = performance.now();
    const id = edit();
    const result = spawnSync(node, ['tooling/build.ts'], {
      encoding: 'utf8',
      env: { ...process.env, EARSHOT_DATA_DIR: dataDir, EARSHOT_OUT_DIR: outDir, EARSHOT_BUILD_LOG: 'silent' },
    });
    const elapsed = performance.now() - start;
    if (result.status !== 0) throw new Error(`the build failed (${result.status}):\n${result.stderr}`);
    if (!readFileSync(join(outDir, 'api/v1/platforms.json'), 'utf8').includes(`"${id}"`))
      throw new Error('the build did not pick up the edit');
    return elapsed;
  } finally {
    rmSync(join(outDir, '..'), { recursive: true, force: true });
  }
}
