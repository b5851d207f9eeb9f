import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findEndpoint } from '../../contract/endpoints.ts';
import { renderEndpointBody } from '../../site/lib/api/endpoint-body.ts';
import { loadSiteData, type SiteData } from '../../site/lib/data/load-site-data.ts';
import { readRateLimit } from '../../contract/rate-limit.ts';
import { buildOpenApiDocument } from '../../site/lib/openapi/build-openapi-document.ts';
import type { BenchRow, BenchSection } from './bench-section.ts';
import { formatBytes, formatMs, formatSpread, roundSummary, summarize, type Summary } from './bench-stats.ts';
import { parseBuildLog } from './parse-build-log.ts';
import { measureFolder, measurePageWeights, type FolderSize, type PageWeights } from './site-files.ts';
import { writeSyntheticDataDir } from './synthetic-data.ts';

/** Built end to end through `tooling/build.ts`. */
const BUILD_SIZES = [10, 1_000, 10_000] as const;
/** Checked and emitted in-process only: an Astro build of this size is not the question. */
const IN_PROCESS_SIZES = [...BUILD_SIZES, 100_000] as const;
const BUILD_RUNS = 3;
/** Pages whose weight once grew with the data (their samples printed every platform). */
const TRACKED_PAGES = ['docs/index.html', 'docs/rate-limits/index.html', 'docs/platforms/index.html', 'llms-full.txt'];
const IN_PROCESS_RUNS = 5;
/** `--quick`: the smallest size, built once without a warm-up, checked once in-process. */
const QUICK = { buildSizes: [BUILD_SIZES[0]], inProcessSizes: [BUILD_SIZES[0]], buildRuns: 1, inProcessRuns: 1 };
const FULL = {
  buildSizes: BUILD_SIZES,
  inProcessSizes: IN_PROCESS_SIZES,
  buildRuns: BUILD_RUNS,
  inProcessRuns: IN_PROCESS_RUNS,
};
type Plan = typeof QUICK | typeof FULL;

interface BuildScalePoint {
  platforms: number;
  buildMs: Summary;
  outputBytes: number;
  outputFiles: number;
  largestFile: { file: string; bytes: number };
  /** What a reader downloads: the heaviest page, twin or llms file, and the tracked pages. */
  pageWeights: PageWeights;
  /** Medians over the runs of Astro's own per-stage figures. */
  stages: { pagesMs: number; slowestRoute: { route: string; ms: number }; pagefindMs: number | undefined };
}

interface InProcessPoint {
  platforms: number;
  validationMs: Summary;
  emissionMs: Summary;
  openApiMs: Summary;
  platformsJsonBytes: number;
  capabilitiesJsonBytes: number;
  openApiJsonBytes: number;
}

/**
 * How build cost grows with the number of platforms: real builds of 10, 1,000 and 10,000
 * synthetic platforms, and data validation plus endpoint emission alone up to 100,000.
 */
export const buildScale: BenchSection = {
  id: 'build',
  title: 'Build scale (synthetic platforms; build = tooling/build.ts end to end)',
  needs: [],
  async run({ node, log, quick }) {
    const plan: Plan = quick ? QUICK : FULL;
    const dataDirs = new Map(plan.inProcessSizes.map((count) => [count, writeSyntheticDataDir(count)]));
    try {
      const inProcess: InProcessPoint[] = [];
      for (const count of plan.inProcessSizes) {
        log(`build: validating and emitting ${count} platforms in-process`);
        inProcess.push(await measureInProcess(count, dataDirs.get(count)!, plan.inProcessRuns));
      }
      const builds = measureBuilds(node, dataDirs, log, plan);
      const rows: BenchRow[] = [];
      for (const point of builds) {
        const { stages } = point;
        rows.push({
          measure: `build, ${point.platforms.toLocaleString('en')} platforms`,
          value: formatMs(point.buildMs.median),
          detail: `${formatSpread(point.buildMs)}; pages ${formatMs(stages.pagesMs)} (slowest ${stages.slowestRoute.route} ${formatMs(stages.slowestRoute.ms)}), Pagefind ${stages.pagefindMs === undefined ? '?' : formatMs(stages.pagefindMs)}`,
        });
        rows.push({
          measure: `  output, ${point.platforms.toLocaleString('en')} platforms`,
          value: formatBytes(point.outputBytes),
          detail: `${point.outputFiles} files; largest ${point.largestFile.file} ${formatBytes(point.largestFile.bytes)}`,
        });
        rows.push({
          measure: `  heaviest page, ${point.platforms.toLocaleString('en')} platforms`,
          value: formatBytes(point.pageWeights.largest.bytes),
          detail: `${point.pageWeights.largest.file}; ${Object.entries(point.pageWeights.pages)
            .map(([file, bytes]) => `${file} ${formatBytes(bytes)}`)
            .join(', ')}`,
        });
      }
      for (const point of inProcess) {
        rows.push({
          measure: `validate data, ${point.platforms.toLocaleString('en')} platforms`,
          value: formatMs(point.validationMs.median),
          detail: `${formatSpread(point.validationMs)}; loadSiteData: read, parse, schema, rules`,
        });
        rows.push({
          measure: `  emit endpoints, ${point.platforms.toLocaleString('en')}`,
          value: formatMs(point.emissionMs.median),
          detail: `${formatSpread(point.emissionMs)}; both answers schema-checked + stringified: ${formatBytes(point.platformsJsonBytes + point.capabilitiesJsonBytes)}; OpenAPI ${formatMs(point.openApiMs.median)}, ${formatBytes(point.openApiJsonBytes)}`,
        });
      }
      return {
        rows,
        figures: {
          builds: builds.map((point) => ({ ...point, buildMs: roundSummary(point.buildMs) })),
          inProcess: inProcess.map((point) => ({
            ...point,
            validationMs: roundSummary(point.validationMs, 2),
            emissionMs: roundSummary(point.emissionMs, 2),
            openApiMs: roundSummary(point.openApiMs, 2),
          })),
        },
      };
    } finally {
      for (const dir of dataDirs.values()) rmSync(dir, { recursive: true, force: true });
    }
  },
};

/**
 * Builds one after another, never side by side: every build shares the project's `.astro/`
 * cache and `.cache/openapi/`. The sizes take turns run by run, so that a burst of load from
 * other work on the machine lands on all sizes alike. One unmeasured build first warms the caches.
 */
function measureBuilds(
  node: string,
  dataDirs: Map<number, string>,
  log: (message: string) => void,
  { buildSizes, buildRuns }: Plan,
): BuildScalePoint[] {
  const samples = new Map<
    number,
    {
      ms: number;
      size: FolderSize;
      pageWeights: PageWeights;
      pagesMs: number;
      slowest: { route: string; ms: number };
      pagefindMs: number | undefined;
    }[]
  >(buildSizes.map((count) => [count, []]));
  if (buildRuns > 1) {
    log('build: warm-up build');
    runBuild(node, dataDirs.get(buildSizes[0]!)!);
  }
  for (let run = 1; run <= buildRuns; run++) {
    for (const count of buildSizes) {
      log(`build: ${count} platforms, run ${run} of ${buildRuns}`);
      const result = runBuild(node, dataDirs.get(count)!);
      const pagesMs = result.timings.routes.reduce((sum, route) => sum + route.ms, 0);
      const slowest = result.timings.routes.reduce((a, b) => (b.ms > a.ms ? b : a), { route: '-', ms: 0 });
      samples.get(count)!.push({
        ms: result.ms,
        size: result.size,
        pageWeights: result.pageWeights,
        pagesMs,
        slowest,
        pagefindMs: result.timings.pagefindMs,
      });
    }
  }
  return buildSizes.map((count) => {
    const list = samples.get(count)!;
    const last = list.at(-1)!;
    const medianRun = [...list].sort((a, b) => a.ms - b.ms)[Math.floor(list.length / 2)]!;
    const pagefind = list.flatMap((sample) => (sample.pagefindMs === undefined ? [] : [sample.pagefindMs]));
    return {
      platforms: count,
      buildMs: summarize(list.map((sample) => sample.ms)),
      outputBytes: last.size.bytes,
      outputFiles: last.size.files,
      largestFile: last.size.largest,
      pageWeights: last.pageWeights,
      stages: {
        pagesMs: Math.round(summarize(list.map((sample) => sample.pagesMs)).median),
        slowestRoute: medianRun.slowest,
        pagefindMs: pagefind.length > 0 ? Math.round(summarize(pagefind).median) : undefined,
      },
    };
  });
}

function runBuild(node: string, dataDir: string) {
  const outDir = join(mkdtempSync(join(tmpdir(), 'earshot-bench-dist-')), 'dist');
  try {
    const start = performance.now();
    // `info` logging, not `silent`: its per-page and Pagefind timings say where the time goes.
    const result = spawnSync(node, ['tooling/build.ts'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: {
        ...process.env,
        EARSHOT_DATA_DIR: dataDir,
        EARSHOT_OUT_DIR: outDir,
        EARSHOT_BUILD_LOG: 'info',
        FORCE_COLOR: '0',
      },
    });
    const ms = performance.now() - start;
    if (result.status !== 0) throw new Error(`the build of ${dataDir} failed (${result.status}):\n${result.stderr}`);
    return {
      ms,
      size: measureFolder(outDir),
      pageWeights: measurePageWeights(outDir, TRACKED_PAGES),
      timings: parseBuildLog(result.stdout + result.stderr),
    };
  } finally {
    rmSync(join(outDir, '..'), { recursive: true, force: true });
  }
}

/**
 * What the build does with the data before Astro renders anything, timed in this process:
 * `loadSiteData` (read, parse, schema and rules), then both endpoints the way the endpoint file
 * renders them (`renderEndpointBody`: builder, schema check and JSON), and the OpenAPI document.
 */
async function measureInProcess(count: number, dataDir: string, runs: number): Promise<InProcessPoint> {
  const platformsFile = join(dataDir, 'platforms.json');
  const rateLimit = readRateLimit();
  const baseUrl = 'https://earshot.dev';
  const validation: number[] = [];
  const emission: number[] = [];
  const openApi: number[] = [];
  let bytes = { platforms: 0, capabilities: 0, openApi: 0 };
  // Run 0 is a warm-up: it compiles the schema validators, which a build does once too.
  for (let run = 0; run <= runs; run++) {
    // loadSiteData caches by modification time; a new time makes it read and check the file again,
    // as after an edit.
    const stamp = new Date(Date.UTC(2026, 0, 1, 0, 0, run));
    utimesSync(platformsFile, stamp, stamp);
    const start = performance.now();
    const result = loadSiteData({ dataDir });
    const validated = performance.now();
    if (!result.ok)
      throw new Error(
        `the synthetic data of ${count} platforms is invalid: ${JSON.stringify(result.problems.slice(0, 3))}`,
      );
    const data: SiteData = result.data;
    const platformsJson = renderEndpointBody(findEndpoint('listServicePlatforms'), { data, baseUrl });
    const capabilitiesJson = renderEndpointBody(findEndpoint('getServiceCapabilities'), { data, baseUrl });
    const emitted = performance.now();
    const openApiJson = JSON.stringify(buildOpenApiDocument({ data, baseUrl, rateLimit }));
    const openApiDone = performance.now();
    if (run === 0) continue;
    validation.push(validated - start);
    emission.push(emitted - validated);
    openApi.push(openApiDone - emitted);
    bytes = {
      platforms: Buffer.byteLength(platformsJson),
      capabilities: Buffer.byteLength(capabilitiesJson),
      openApi: Buffer.byteLength(openApiJson),
    };
  }
  return {
    platforms: count,
    validationMs: summarize(validation),
    emissionMs: summarize(emission),
    openApiMs: summarize(openApi),
    platformsJsonBytes: bytes.platforms,
    capabilitiesJsonBytes: bytes.capabilities,
    openApiJsonBytes: bytes.openApi,
  };
}
