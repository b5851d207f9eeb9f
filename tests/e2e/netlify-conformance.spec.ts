import { expect, test } from '@playwright/test';
import { readRateLimit } from '../../contract/rate-limit.ts';
import {
  HOSTILE_API_PATHS,
  judgeAnswer,
  NETLIFY_CONFORMANCE,
  sendRow,
  type ConformanceRow,
} from '../../tooling/smoke/netlify-conformance.ts';
import { rateLimitedUrl } from '../support/rate-limited-host.ts';

/**
 * The conformance table (tooling/smoke/netlify-conformance.ts), row by row, against the local
 * server: each behaviour of Netlify's CDN this project relies on, answered as the table expects.
 * The rows marked `deploy` or `observe` are the local server's reading of what only the real CDN
 * can settle; `npm run smoke` asks every deploy the same questions (and only prints the observed).
 */
for (const row of NETLIFY_CONFORMANCE)
  test(`${row.judge === 'local' ? '' : `[${row.judge === 'deploy' ? 'deploy judges' : 'deploy observed'}] `}${row.request.method} ${row.request.path}: ${row.behaviour}`, async ({
    baseURL,
  }) => {
    expect(judgeAnswer(row, await sendRow(baseURL!, row)), row.citation).toEqual([]);
  });

test('a path that normalises into a rate-limited route is counted in its window: //, /./, /%2e/ and /docs/%2e%2e/ reach 429', async ({
  baseURL,
}) => {
  const limited = rateLimitedUrl(baseURL!);
  const { windowLimit } = readRateLimit();
  const statuses: number[] = [];
  for (const path of HOSTILE_API_PATHS.map((file) => file.replace(/\.json$/, ''))) {
    const row: ConformanceRow = { ...NETLIFY_CONFORMANCE[0]!, request: { method: 'GET', path } };
    let status = 0;
    for (let sent = 0; sent <= windowLimit && status !== 429; sent += 1) status = (await sendRow(limited, row)).status;
    statuses.push(status);
  }
  expect(statuses).toEqual(HOSTILE_API_PATHS.map(() => 429));
});
