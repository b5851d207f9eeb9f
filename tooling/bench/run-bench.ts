/**
 * `npm run bench [-- --only <id>[,<id>…]]`: runs the benchmark sections, prints a table per
 * section, and writes the figures to `bench-results/latest.json` (with `--only`, the other
 * sections' earlier figures are kept) and the build-scale chart beside it.
 * Nothing is asserted: these are measurements for the README.
 * To add a section, write a module exporting a `BenchSection` and list it below.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { findFreePort, startLocalServer, type LocalServer } from '../local-server.ts';
import { buildCliPackage, CLI_OUTFILE } from '../build-cli.ts';
import type { BenchContext, BenchResult, BenchRow, BenchSection } from './bench-section.ts';
import { buildScale } from './build-scale.ts';
import { writeBuildScaleChart } from './write-chart.ts';
import { clientSpeed } from './client-speed.ts';
import { load } from './load.ts';
import { mcpStartup } from './mcp-startup.ts';
import { pageWeight } from './page-weight.ts';
import { payload } from './payload.ts';
import { rebuild } from './rebuild.ts';
import { testSuite } from './test-suite.ts';

/** In running order: the sections that read the built site first, the ones that build last. */
const sections: BenchSection[] = [payload, pageWeight, clientSpeed, mcpStartup, load, buildScale, rebuild, testSuite];

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

function parseOnly(argv: string[]): { ids: string[] } | { error: string } {
  const known = sections.map((section) => section.id);
  const index = argv.findIndex((arg) => arg === '--only' || arg.startsWith('--only='));
  if (argv.includes('--help')) return { error: `usage: npm run bench [-- --only <${known.join('|')}>[,…]]` };
  const unknownFlag = argv.find((arg, position) => arg.startsWith('--') && position !== index);
  if (unknownFlag) return { error: `unknown option ${unknownFlag}` };
  if (index === -1) return { ids: sections.filter((section) => !section.onlyWhenAsked).map((section) => section.id) };
  const value = argv[index]!.includes('=') ? argv[index]!.split('=')[1] : argv[index + 1];
  const ids = (value ?? '').split(',').filter(Boolean);
  const unknown = ids.filter((id) => !known.includes(id));
  if (ids.length === 0 || unknown.length > 0)
    return {
      error: `--only takes section ids among ${known.join(', ')}${unknown.length ? ` (got ${unknown.join(', ')})` : ''}`,
    };
  return { ids };
}

type MeasuredSection = BenchResult & { title: string; measuredAt: string; machine: ReturnType<typeof describeMachine> };

async function main(argv: string[]): Promise<number> {
  const only = parseOnly(argv);
  if ('error' in only) {
    console.error(`error: ${only.error}`);
    console.error(`hint: npm run bench -- --only ${sections[0]!.id}`);
    return 2;
  }
  const chosen = sections.filter((section) => only.ids.includes(section.id));
  const needs = new Set(chosen.flatMap((section) => section.needs));
  const log = (message: string) => console.error(`· ${message}`);
  const machine = describeMachine();
  const startedAt = new Date().toISOString();
  console.log(
    `${startedAt}; Node ${machine.node} on ${machine.platform}; ${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB; load average ${machine.loadAverageAtStart.join(' ')}\n`,
  );

  if (needs.has('cli') || needs.has('server')) await buildCliPackage();
  let port: number | undefined;
  if (needs.has('site') || needs.has('server')) {
    port = await findFreePort();
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
    if (build.status !== 0) return build.status ?? 1;
  }

  const results: Record<string, MeasuredSection> = {};
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
      };
      log(`section ${section.id}`);
      const measuredAt = new Date().toISOString();
      const result = await section.run(context);
      results[section.id] = { title: section.title, measuredAt, machine: describeMachine(), ...result };
      console.log(`${section.title}\n${renderTable(result.rows)}\n`);
    }
  } finally {
    await server?.stop();
  }

  await writeResults(results);
  return 0;
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
