import { expect, test } from '@playwright/test';
import { readRateLimit } from '../../contract/rate-limit.ts';
import { apiErrorRows, describeApiErrorRequest } from '../../site/lib/docs/api-errors.ts';
import { burstUntilLimited, OWN_CLIENT_ADDRESS, rateLimitedUrl } from '../support/rate-limited-host.ts';

/**
 * The error table of /docs/rate-limits/ (site/lib/docs/api-errors.ts), row by row, against the
 * local server: each row's request, sent as the row says (a row over the limit after a burst of
 * the same method to the rate-limited host), must get the row's status and body. The bursts come
 * from an address of their own: a burst of POST would otherwise spend the window the browser
 * tests' CORS preflights count in (tests/support/rate-limited-host.ts).
 */
const { windowLimit } = readRateLimit();

for (const row of apiErrorRows) {
  test(`${describeApiErrorRequest(row)}: ${row.status}, ${typeof row.body === 'string' ? row.body : 'the Error as JSON'}`, async ({
    baseURL,
  }) => {
    const response = row.overLimit
      ? (
          await burstUntilLimited(`${rateLimitedUrl(baseURL!)}${row.path}`, windowLimit, {
            method: row.method,
            admittedStatus: row.method === 'POST' ? 405 : 200,
            from: OWN_CLIENT_ADDRESS,
          })
        ).response
      : await fetch(`${baseURL}${row.path}`, { method: row.method });
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    expect(response.status, text).toBe(row.status);
    if (row.body === 'none') expect(text).toBe('');
    else if (row.body === 'not-json') expect(type).not.toMatch(/json/);
    else {
      expect(type).toMatch(/^application\/json/);
      expect(JSON.parse(text)).toEqual(row.body);
    }
  });
}
