import { loadTest, type LoadTestResult } from 'loadtest';
import { endpoints } from '../../contract/endpoints.ts';
import type { BenchRow, BenchSection } from './bench-section.ts';
import { formatMs } from './bench-stats.ts';

/** Fixed, so that runs compare: each endpoint gets this many requests over this many connections. */
const LOAD_REQUESTS_PER_ENDPOINT = 2000;
const LOAD_CONCURRENCY = 10;
/** `--quick`: enough requests to prove that the run works, at the same concurrency. */
const QUICK_REQUESTS_PER_ENDPOINT = 20;
/** Per request; a slower answer counts as an error. */
const REQUEST_TIMEOUT_MS = 10_000;
/** Each run stops itself after this long even if requests are still missing, so it always ends. */
const MAX_RUN_SECONDS = 60;

interface LoadOutcome {
  result: LoadTestResult;
  /** No answer at all: connection errors and timeouts. */
  errors: number;
  non2xx: number;
  /** 2xx answers whose body is not the one the endpoint serves. */
  wrongBodies: number;
}

/**
 * A bounded load run against the local server on loopback, with loadtest: a fixed number of
 * requests at a fixed concurrency to each endpoint, with the throughput, the p50 and p99 latency,
 * and what went wrong (errors and timeouts, non-2xx answers, wrong bodies; the goal is zero).
 *
 * Why loadtest and not autocannon: the former local server (`netlify dev`) closed the connection
 * after every answer, and autocannon wrote its next request on the closing connection and paired
 * answers with the wrong requests. loadtest sends each request through Node's own HTTP client.
 * The bench's server counts rate limits only on 127.0.0.1 (run-bench.ts), and this run goes to
 * localhost: it measures the site, not the CDN's limit.
 */
export const load: BenchSection = {
  id: 'load',
  needs: ['server'],
  title: `Load (loadtest, ${LOAD_REQUESTS_PER_ENDPOINT} requests per endpoint, ${LOAD_CONCURRENCY} at a time, loopback)`,
  async run({ baseUrl, quick }) {
    const requests = quick ? QUICK_REQUESTS_PER_ENDPOINT : LOAD_REQUESTS_PER_ENDPOINT;
    const rows: BenchRow[] = [];
    const problems: string[] = [];
    const figures: Record<string, unknown> = {
      requestsPerEndpoint: requests,
      concurrency: LOAD_CONCURRENCY,
    };
    for (const route of endpoints) {
      const url = `${baseUrl}${route.path}`;
      const expected = await (await fetch(url, { headers: { accept: 'application/json' } })).text();
      const { result, errors, non2xx, wrongBodies } = await runLoad(url, expected, requests);
      if (non2xx + wrongBodies > 0)
        problems.push(
          `GET ${route.path}: ${non2xx} answers not 2xx, ${wrongBodies} with a body other than the endpoint's`,
        );
      const p = (percentile: number) => formatMs(result.percentiles[percentile] ?? Number.NaN);
      rows.push(
        {
          measure: `GET ${route.path}`,
          value: `${Math.round(result.rps)} req/s`,
          detail: `${result.totalRequests} answers in ${result.totalTimeSeconds.toFixed(1)} s`,
        },
        { measure: '  latency p50', value: p(50), detail: `p99 ${p(99)}, max ${formatMs(result.maxLatencyMs)}` },
        {
          measure: '  errors / non-2xx / wrong body',
          value: `${errors} / ${non2xx} / ${wrongBodies}`,
          detail: 'goal 0 / 0 / 0',
        },
      );
      figures[route.path] = {
        answers: result.totalRequests,
        seconds: result.totalTimeSeconds,
        requestsPerSecond: result.rps,
        p50Ms: result.percentiles[50],
        p99Ms: result.percentiles[99],
        maxMs: result.maxLatencyMs,
        errors,
        non2xx,
        wrongBodies,
      };
    }
    return { rows, figures, problems };
  },
};

function runLoad(url: string, expectedBody: string, requests: number): Promise<LoadOutcome> {
  let errors = 0;
  let non2xx = 0;
  let wrongBodies = 0;
  return new Promise((resolve, reject) => {
    loadTest(
      {
        url,
        maxRequests: requests,
        concurrency: LOAD_CONCURRENCY,
        maxSeconds: MAX_RUN_SECONDS,
        timeout: REQUEST_TIMEOUT_MS,
        headers: { accept: 'application/json', 'user-agent': 'earshot-bench (loadtest)' },
        quiet: true,
        // loadtest reports a 4xx or 5xx as an error too; counted here apart from no answer at all.
        statusCallback(_error, answer: { statusCode?: number; body?: string } | undefined) {
          const status = answer?.statusCode;
          if (status === undefined) errors++;
          else if (status < 200 || status > 299) non2xx++;
          else if (answer?.body !== expectedBody) wrongBodies++;
        },
      },
      (error: Error | null, result: LoadTestResult) =>
        error ? reject(error) : resolve({ result, errors, non2xx, wrongBodies }),
    );
  });
}
