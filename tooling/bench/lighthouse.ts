import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { runProcess, type BenchRow, type BenchSection } from './bench-section.ts';
import { startHttp2Proxy } from './http2-proxy.ts';
import { formatMs } from './bench-stats.ts';
import { fullChromiumPath } from './full-chromium.ts';

/** The form factors Lighthouse scores: its default simulated phone, and its desktop preset. */
const FORM_FACTORS = {
  mobile: [],
  desktop: ['--preset=desktop'],
} as const;

type FormFactor = keyof typeof FORM_FACTORS;

/** `--quick`: the home page on the phone only. */
const QUICK_PAGES = ['/'];
const QUICK_FORM_FACTORS: FormFactor[] = ['mobile'];

/**
 * Runs of each page: Lighthouse's advice for its own variance is several runs
 * (https://github.com/GoogleChrome/lighthouse/blob/main/docs/variability.md). The simulated phone
 * slows the CPU four times, so a stall of the machine moves its blocking time by hundreds of
 * milliseconds. The section reports the run with the median score, with every run's score beside
 * it. `--quick`: one run.
 */
const RUNS = 3;

/** A first mobile run on Debian's Chromium sometimes fails with this; the next one passes. */
const RETRIED_ERRORS = new Set(['NO_NAVSTART', 'NO_FCP']);
const ATTEMPTS = 3;

interface LighthouseScore {
  performance: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  /** The performance score of every run, in order; the other figures are the median run's. */
  runScores: number[];
}

/**
 * Lighthouse's performance score and its main metrics, for every page of the sitemap, simulated
 * mobile (its default: a mid-range phone on a slow 4G network, CPU slowed 4×) and desktop, against
 * the local server (which compresses as the CDN does) behind a proxy that adds HTTP/2 over TLS. Lighthouse
 * from npm drives the full Chromium (`full-chromium.ts`). The goal is 100 on every page, both ways.
 */
export const lighthouse: BenchSection = {
  id: 'lighthouse',
  title:
    'Lighthouse performance (simulated mobile and desktop; local server, compressed by it, over HTTP/2 as the CDN sends it)',
  needs: ['server'],
  async run({ baseUrl, siteDir, node, log, quick }) {
    const pages = quick ? QUICK_PAGES : sitemapPaths(siteDir);
    const formFactors = quick ? QUICK_FORM_FACTORS : (Object.keys(FORM_FACTORS) as FormFactor[]);
    const rows: BenchRow[] = [];
    const figures: Record<string, Record<string, LighthouseScore>> = {};
    const proxy = await startHttp2Proxy(baseUrl);
    try {
      for (const formFactor of formFactors) {
        figures[formFactor] = {};
        for (const path of pages) {
          const reports: LighthouseReport[] = [];
          const runs = quick ? 1 : RUNS;
          for (let run = 1; run <= runs; run++) {
            log(`lighthouse: ${formFactor} ${path}${runs > 1 ? `, run ${run} of ${runs}` : ''}`);
            reports.push(await runLighthouse(node, `${proxy.url}${path}`, formFactor));
          }
          const score = readScore(medianByScore(reports), reports);
          figures[formFactor][path] = score;
          rows.push({
            measure: `${formFactor} ${path}`,
            value: String(score.performance),
            detail: `FCP ${formatMs(score.firstContentfulPaintMs)}, LCP ${formatMs(score.largestContentfulPaintMs)}, TBT ${formatMs(score.totalBlockingTimeMs)}, CLS ${score.cumulativeLayoutShift.toFixed(3)}${runs > 1 ? `; runs ${score.runScores.join(', ')}` : ''}`,
          });
        }
      }
    } finally {
      await proxy.stop();
    }
    return {
      rows,
      figures: {
        chromium: fullChromiumPath(),
        protocol: 'HTTP/2 over TLS',
        compression: "the local CDN's: brotli quality 5 or gzip level 6, by Accept-Encoding",
        ...figures,
      },
    };
  },
};

/** The page paths of the built sitemap (`/`, `/docs/`, …). */
function sitemapPaths(siteDir: string): string[] {
  const locs = (file: string) =>
    [...readFileSync(join(siteDir, file), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => new URL(match[1]!).pathname,
    );
  return locs('sitemap-index.xml')
    .flatMap((sitemap) => locs(sitemap.slice(1)))
    .filter((path) => !/\.[A-Za-z0-9]+$/.test(path))
    .sort();
}

/** Runs Lighthouse's CLI on one URL (again when Chromium gave it no navigation to measure). */
async function runLighthouse(node: string, url: string, formFactor: FormFactor): Promise<LighthouseReport> {
  const cli = createRequire(import.meta.url).resolve('lighthouse/cli/index.js');
  const args = [
    cli,
    url,
    '--only-categories=performance',
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--chrome-path=${fullChromiumPath()}`,
    // The proxy's certificate is made for the run (http2-proxy.ts).
    '--chrome-flags=--headless=new --no-sandbox --ignore-certificate-errors',
    ...FORM_FACTORS[formFactor],
  ];
  let lastError = '';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const { status, stdout, stderr } = await runProcess(node, args);
    const report = status === 0 ? (JSON.parse(stdout) as LighthouseReport) : undefined;
    const code = report?.runtimeError?.code;
    if (report && !code) return report;
    lastError = code
      ? `${code}: ${report?.runtimeError?.message}`
      : `exit ${status}: ${stderr.trim().split('\n').at(-1)}`;
    if (code && !RETRIED_ERRORS.has(code)) break;
  }
  throw new Error(`lighthouse ${formFactor} ${url}: ${lastError}`);
}

interface LighthouseReport {
  runtimeError?: { code: string; message: string };
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number }>;
}

/** The run whose score is the median of the runs' (the middle one, by score). */
function medianByScore(runs: LighthouseReport[]): LighthouseReport {
  const sorted = [...runs].sort((a, b) => performanceScore(a) - performanceScore(b));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

const performanceScore = (report: LighthouseReport) => Math.round((report.categories.performance.score ?? 0) * 100);

/** The median run's figures, and every run's score. */
function readScore(median: LighthouseReport, runs: LighthouseReport[]): LighthouseScore {
  const metric = (id: string) => Math.round((median.audits[id]?.numericValue ?? Number.NaN) * 1000) / 1000;
  return {
    performance: performanceScore(median),
    firstContentfulPaintMs: metric('first-contentful-paint'),
    largestContentfulPaintMs: metric('largest-contentful-paint'),
    totalBlockingTimeMs: metric('total-blocking-time'),
    cumulativeLayoutShift: metric('cumulative-layout-shift'),
    runScores: runs.map(performanceScore),
  };
}
