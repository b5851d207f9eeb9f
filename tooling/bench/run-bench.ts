/**
 * `npm run bench [-- --only <id>[,<id>…]] [--quick] [--no-build]`: runs the benchmark sections,
 * prints a table per section, and writes the figures to `bench-results/latest.json` (with
 * `--only`, the other sections' earlier figures are kept) and the build-scale chart beside it.
 * No time is asserted: these are measurements for the README. A section that fails, or finds a
 * wrong answer, makes the run exit 1. `--quick` (which `npm test` runs) runs each section once at
 * its smallest size and writes nothing; `--no-build` reads the `dist/` and client already built.
 * To add a section, write a module exporting a `BenchSection` and list it below.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { findFreePort, startLocalServer, type LocalServer } from '../local-server.ts';
import { buildCliPackage, CLI_OUTFILE } from '../build-cli.ts';
import type { BenchContext, BenchResult, BenchRow, BenchSection } from './bench-section.ts';
import { buildScale } from './build-scale.ts';
import { writeBuildScaleChart } from './write-chart.ts';
import { clientSpeed } from './client-speed.ts';
import { lighthouse } from './lighthouse.ts';
import { load } from './load.ts';
import { mcpStartup } from './mcp-startup.ts';
import { pageWeight } from './page-weight.ts';
import { payload } from './payload.ts';
import { rebuild } from './rebuild.ts';
import { testSuite } from './test-suite.ts';

/** In running order: the sections that read the built site first, the ones that build last. */
const sections: BenchSection[] = [
  payload,
  pageWeight,
  clientSpeed,
  mcpStartup,
  load,
  lighthouse,
  buildScale,
  rebuild,
  testSuite,
];

const RESULTS_DIR = 'bench-results';
const RESULTS_FILE = join(RESULTS_DIR, 'latest.json');
const SITE_DIR = 'dist';

function renderTable(rows: BenchRow[]): string {
  const all = [{ measure: 'Measure', value: 'Value', detail: 'Detail' }, ...rows];
  const widths = (['measure', 'value'] as const).map((key) => Math.max(...all.map((row) => row[key].length)));
  return all
    .map((row) => `  ${row.measure.padEnd(widths[0]!)}  ${row.value.padStart(widths[1]!)}  ${row.detail}`.trimEnd())
    .join('\n');
}

/** The machine a figure was measured on: without it a figure means little. */
function describeMachine() {
  return {
    cores: availableParallelism(),
    cpu: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAverageAtStart: loadavg().map((value) => Number(value.toFixed(2))),
  };
}

interface BenchOptions {
  ids: string[];
  quick: boolean;
  /** False with `--no-build`: the sections read the `dist/` and client already built (as `npm test` leaves them). */
  build: boolean;
}

const USAGE = 'usage: npm run bench [-- --only <id>[,…]] [--quick] [--no-build]';

function parseOptions(argv: string[]): BenchOptions | { error: string } {
  const known = sections.map((section) => section.id);
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        only: { type: 'string' },
        quick: { type: 'boolean', default: false },
        'no-build': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    return { error: (error as Error).message };
  }
  if (parsed.help) return { error: USAGE };
  const options = { quick: parsed.quick, build: !parsed['no-build'] };
  if (parsed.only === undefined)
    return { ids: sections.filter((section) => !section.onlyWhenAsked).map((section) => section.id), ...options };
  const ids = parsed.only.split(',').filter(Boolean);
  const unknown = ids.filter((id) => !known.includes(id));
  if (ids.length === 0 || unknown.length > 0)
    return {
      error: `--only takes section ids among ${known.join(', ')}${unknown.length ? ` (got ${unknown.join(', ')})` : ''}`,
    };
  return { ids, ...options };
}

type MeasuredSection = BenchResult & { title: string; measuredAt: string; machine: ReturnType<typeof describeMachine> };

const log = (message: string) => console.error(`· ${message}`);

/** Builds what the chosen sections need: the client, and the site for the port its server will use. */
async function prepare(
  needs: Set<string>,
  options: BenchOptions,
): Promise<{ port: number | undefined; status: number }> {
  const port = needs.has('site') || needs.has('server') ? await findFreePort() : undefined;
  if (!options.build) return { port, status: 0 };
  if (needs.has('cli') || needs.has('server')) await buildCliPackage();
  if (port === undefined) return { port, status: 0 };
  log(`building the site into ${SITE_DIR}/ with the shipped data`);
  // Like `npm start`: the build links to the server that serves it.
  const build = spawnSync(process.execPath, ['tooling/build.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      SITE_URL: `http://localhost:${port}`,
      EARSHOT_BUILD_LOG: 'silent',
      EARSHOT_OUT_DIR: SITE_DIR,
    },
  });
  return { port, status: build.status ?? 1 };
}

/**
 * Runs the sections in order, each to its end: a section that throws or finds a problem is
 * reported and the next one runs. Resolves with the figures and whether every section passed.
 */
async function runSections(chosen: BenchSection[], port: number | undefined, quick: boolean) {
  const results: Record<string, MeasuredSection> = {};
  const failed: string[] = [];
  let server: LocalServer | undefined;
  try {
    for (const section of chosen) {
      // The server runs only while a section needs it, so that it never competes with the builds.
      if (section.needs.includes('server') && !server) {
        log('starting the local server');
        // The load sections measure the site, not the CDN's limit: only requests to 127.0.0.1 count.
        server = await startLocalServer({ port: port!, rateLimitedHost: `127.0.0.1:${port}` });
      }
      if (!section.needs.includes('server') && server) {
        await server.stop();
        server = undefined;
      }
      const context: BenchContext = {
        baseUrl: server?.url ?? '',
        cliPath: CLI_OUTFILE,
        siteDir: resolve(SITE_DIR),
        node: process.execPath,
        log,
        quick,
      };
      log(`section ${section.id}`);
      const measuredAt = new Date().toISOString();
      try {
        const result = await section.run(context);
        results[section.id] = { title: section.title, measuredAt, machine: describeMachine(), ...result };
        console.log(`${section.title}\n${renderTable(result.rows)}\n`);
        for (const problem of result.problems ?? []) console.error(`error: ${section.id}: ${problem}`);
        if (result.problems?.length) failed.push(section.id);
      } catch (error) {
        console.error(`error: section ${section.id} failed: ${error instanceof Error ? error.message : String(error)}`);
        failed.push(section.id);
      }
    }
  } finally {
    await server?.stop();
  }
  return { results, failed };
}

async function main(argv: string[]): Promise<number> {
  const options = parseOptions(argv);
  if ('error' in options) {
    console.error(options.error === USAGE ? USAGE : `error: ${options.error}`);
    if (options.error !== USAGE) console.error(`hint: npm run bench -- --only ${sections[0]!.id}`);
    return 2;
  }
  const chosen = sections.filter((section) => options.ids.includes(section.id));
  const needs = new Set<string>(chosen.flatMap((section) => section.needs));
  const machine = describeMachine();
  const startedAt = new Date().toISOString();
  console.log(
    `${startedAt}; Node ${machine.node} on ${machine.platform}; ${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB; load average ${machine.loadAverageAtStart.join(' ')}${options.quick ? '; quick mode: one run each, smallest sizes, nothing written' : ''}\n`,
  );
  const { port, status } = await prepare(needs, options);
  if (status !== 0) return status;
  const { results, failed } = await runSections(chosen, port, options.quick);
  // Quick figures mean nothing: they never replace measured ones.
  if (!options.quick) await writeResults(results);
  if (failed.length === 0) return 0;
  console.error(`error: ${failed.length} of ${chosen.length} sections failed: ${failed.join(', ')}`);
  return 1;
}

/** Merges the sections measured now into `bench-results/`, beside the ones measured before, and draws the chart. */
async function writeResults(results: Record<string, MeasuredSection>): Promise<void> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const previous = existsSync(RESULTS_FILE)
    ? (JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as { sections?: Record<string, unknown> })
    : {};
  const merged = {
    note: 'Written by `npm run bench`. Times in ms (median, min, max, quartiles over `runs`); sizes in bytes.',
    updatedAt: new Date().toISOString(),
    sections: { ...previous.sections, ...results },
  };
  writeFileSync(RESULTS_FILE, `${JSON.stringify(merged, null, 2)}\n`);
  console.log(`Figures: ${relative(process.cwd(), RESULTS_FILE)}`);
  if (results[buildScale.id]) {
    const charts = await writeBuildScaleChart(results[buildScale.id]!, RESULTS_DIR);
    console.log(`Chart: ${charts.map((file) => relative(process.cwd(), file)).join(', ')}`);
  }
}

process.exitCode = await main(process.argv.slice(2));
