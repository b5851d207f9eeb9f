/**
 * `npm test`: every check, with the site built once.
 *
 *   - the one build of `dist/`, made for the test address (http://localhost:8888, or
 *     `EARSHOT_TEST_PORT`) unless `dist/` already holds it and nothing it depends on changed
 *     (tooling/local-build.ts), then a local server there and the browser and HTTP tests
 *     (Playwright) against it;
 *   - beside them, from the start, the unit tests (in-process, in one process) and the static
 *     checks (format, lint, import rules, unused code), then, once the build is done, the type
 *     check and the docs linter (on what readers get);
 *   - once the build is done, three more lanes beside these: the artifact tests (they read the
 *     build), the process tests (real builds, packs, shells, terminals, bundlers; two files at a
 *     time) and the benchmark in its quick mode (`npm run bench -- --quick --no-build`: every
 *     section once at its smallest size, on the same build: a section that no longer runs fails).
 *
 * `--only static,unit,process,artifacts,e2e,bench` runs some of the layers, and files named after the options
 * narrow the layer they are in; the build and the server come only when a chosen layer needs them.
 * Each step's output is printed as a block when it ends, with its time; the run goes on after a
 * failing step where it can and exits 1 if any failed.
 * `EARSHOT_TEST_TIMINGS=<file>` writes each step's seconds as JSON (the benchmark reads it).
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { COULD_NOT_CHECK } from '../tooling/audit-bundled.ts';
import { localBuildEnv, localBuildKey, readStamp, removeStamp, writeStamp } from '../tooling/local-build.ts';
import { startLocalServer, type LocalServer } from '../tooling/local-server.ts';
import { rateLimitedHost } from './support/rate-limited-host.ts';
import { ensureSystemPackages } from './support/system-packages.ts';
import { localTestUrl } from './support/test-build.ts';

const LAYERS = ['static', 'unit', 'process', 'artifacts', 'e2e', 'bench'] as const;
type Layer = (typeof LAYERS)[number];

interface StepResult {
  name: string;
  ok: boolean;
  seconds: number;
}

const { values, positionals } = parseArgs({ options: { only: { type: 'string' } }, allowPositionals: true });
/** Files named on the command line narrow the layer they belong to. */
const filesOf = (folder: string) => positionals.filter((file) => file.startsWith(`tests/${folder}/`));
const chosen = new Set<Layer>(
  values.only === undefined
    ? LAYERS
    : values.only.split(',').map((layer) => {
        if (!(LAYERS as readonly string[]).includes(layer)) {
          console.error(`error: unknown test layer "${layer}"\nhint: --only takes ${LAYERS.join(', ')}`);
          process.exit(2);
        }
        return layer as Layer;
      }),
);

const started = performance.now();
const results: StepResult[] = [];

/** Runs one command to its end; its output is printed in one block (or live, with `live`). */
function step(
  name: string,
  command: string,
  args: string[],
  options: {
    env?: NodeJS.ProcessEnv;
    live?: boolean;
    quietOnSuccess?: boolean;
    /** Exit codes other than 0 that are no failure, with what each means (printed beside "passed"). */
    noVerdict?: Record<number, string>;
  } = {},
) {
  const begin = performance.now();
  return new Promise<boolean>((resolve) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...options.env },
      stdio: ['ignore', options.live ? 'inherit' : 'pipe', options.live ? 'inherit' : 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const finish = (ok: boolean, why = '') => {
      const seconds = (performance.now() - begin) / 1000;
      results.push({ name, ok, seconds });
      if (!options.live && !(ok && options.quietOnSuccess)) process.stdout.write(`\n── ${name} ──\n${output}`);
      console.log(`── ${name}: ${ok ? `passed${why}` : `FAILED${why}`} in ${seconds.toFixed(1)} s ──`);
      resolve(ok);
    };
    child.once('error', (error) => finish(false, ` (${error.message})`));
    child.once('close', (code, signal) => {
      const noVerdict = code === null ? undefined : options.noVerdict?.[code];
      if (noVerdict) finish(true, ` with no verdict (exit ${code}: ${noVerdict})`);
      else finish(code === 0, code === 0 ? '' : ` (${signal ?? `exit ${code}`})`);
    });
  });
}

/**
 * Unit tests share nothing but the CPU, so they run in one process (`--test-isolation=none`):
 * modules load once, and the layer takes half the CPU time of a process per file, which matters
 * on two cores shared with the build and the browser tests. The other layers start processes and
 * servers of their own, one file at a time.
 */
const nodeTests = (folder: string) => {
  const files = filesOf(folder);
  return [
    '--test',
    folder === 'unit' ? '--test-isolation=none' : `--test-concurrency=${folder === 'process' ? 2 : 1}`,
    ...(files.length > 0 ? files : [`tests/${folder}/**/*.test.ts`]),
  ];
};

async function main(): Promise<void> {
  const lacking = ensureSystemPackages(chosen);
  if (lacking) {
    console.error(`error: ${lacking}`);
    process.exit(1);
  }
  const needsBuild = chosen.has('artifacts') || chosen.has('e2e') || chosen.has('bench');
  // One address for every entry point, so that each reuses the same build (tooling/local-build.ts).
  const baseUrl = localTestUrl;
  const port = Number(new URL(baseUrl).port);
  const siteEnv = { EARSHOT_TEST_SITE_DIR: 'dist', EARSHOT_TEST_SITE_URL: baseUrl };
  const site = { dir: 'dist', baseUrl };

  const buildOnce = async () => {
    const key = localBuildKey(baseUrl);
    if (readStamp(site.dir) === key) {
      console.log(`── build dist/: reused, the build for ${baseUrl} and nothing it depends on changed ──`);
      return true;
    }
    removeStamp(site.dir);
    const ok = await step('build dist/', process.execPath, ['tooling/build.ts'], {
      env: localBuildEnv(site),
      quietOnSuccess: true,
    });
    if (ok) writeStamp(site.dir, key);
    return ok;
  };
  const built = needsBuild ? buildOnce() : Promise.resolve(false);

  let server: LocalServer | undefined;
  // The build, then the server and the browser tests, as soon as the build is done.
  const browserLane = async () => {
    if (!chosen.has('e2e') || !(await built)) return;
    const begin = performance.now();
    try {
      server = await startLocalServer({ port, rateLimitedHost: rateLimitedHost(port) });
    } catch (error) {
      results.push({ name: 'local server', ok: false, seconds: (performance.now() - begin) / 1000 });
      const message = error instanceof Error ? error.message : String(error);
      console.error(`error: ${message}`);
      if (message.includes('in use')) console.error('hint: EARSHOT_TEST_PORT=<another port> runs the tests there');
      return;
    }
    const seconds = ((performance.now() - begin) / 1000).toFixed(1);
    console.log(`── local server: answered on ${server.url} after ${seconds} s ──`);
    await step('browser and HTTP tests (Playwright)', 'npx', ['playwright', 'test', ...filesOf('e2e')], {
      env: { ...siteEnv, EARSHOT_TEST_URL: server.url },
      live: true,
    });
  };
  // Beside it: the unit tests and lint (no build needed), then, once the build is done, the type
  // check (never beside the build: both write .astro/) and the docs linter.
  const staticLane = async () => {
    if (chosen.has('unit')) await step('unit tests', process.execPath, nodeTests('unit'));
    if (chosen.has('static')) await step('format, lint, import rules, unused code', 'npm', ['run', '--silent', 'lint']);
    // The packages bundled into the client against npm's advisories. A registry that serves no
    // advisories (as on these machines) gives no verdict: the run goes on, and `npm run release`
    // is where that counts (it stops unless told --accept-unaudited).
    if (chosen.has('static'))
      await step('bundled packages against advisories', 'npm', ['run', '--silent', 'audit'], {
        noVerdict: { [COULD_NOT_CHECK]: 'the registry would not say' },
      });
    const ok = await built;
    if (chosen.has('static')) await step('types (astro check)', 'npm', ['run', '--silent', 'check']);
    // What readers get, linted on the build itself: the pages' text, their twins, llms.txt, the skill.
    if (chosen.has('artifacts') && ok)
      await step('docs text (textlint, markdownlint)', process.execPath, ['tooling/lint-docs.ts', 'dist']);
  };
  // The artifact tests read the build; one of them makes a build of other data of its own.
  const artifactLane = async () => {
    if (chosen.has('artifacts') && (await built))
      await step('artifact tests', process.execPath, nodeTests('artifacts'), { env: siteEnv });
  };
  // Their own lane, once the build has written the answers netlify/functions/mcp.ts imports: they
  // need nothing else of it. Two files at a time: the shells and terminals wait while a build computes.
  const processLane = async () => {
    if (!chosen.has('process')) return;
    await built;
    await step('process tests', process.execPath, nodeTests('process'));
  };
  // Every section of `npm run bench` once, on this build: no time is asserted, a broken section fails.
  const benchLane = async () => {
    if (!chosen.has('bench') || !(await built)) return;
    await step('benchmark, quick mode', process.execPath, ['tooling/bench/run-bench.ts', '--quick', '--no-build'], {
      quietOnSuccess: true,
    });
  };
  try {
    await Promise.all([browserLane(), staticLane(), artifactLane(), processLane(), benchLane()]);
  } finally {
    await server?.stop();
  }
  if (needsBuild && !(await built))
    console.log('── the build failed: the artifact, process and browser tests did not run ──');
}

await main();
const total = (performance.now() - started) / 1000;
console.log('\n── summary ──');
for (const { name, ok, seconds } of results)
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${seconds.toFixed(1).padStart(6)} s  ${name}`);
console.log(`${total.toFixed(1).padStart(11)} s  in all`);
if (process.env.EARSHOT_TEST_TIMINGS) {
  const steps = Object.fromEntries(results.map(({ name, seconds }) => [name, Number(seconds.toFixed(1))]));
  writeFileSync(process.env.EARSHOT_TEST_TIMINGS, JSON.stringify({ total: Number(total.toFixed(1)), steps }, null, 2));
}
process.exitCode = results.every(({ ok }) => ok) ? 0 : 1;
