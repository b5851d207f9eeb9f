import { expect, test } from '@playwright/test';
import { Agent, fetch as undiciFetch, type RequestInit } from 'undici';
import { METHOD_NOT_ALLOWED, NOT_FOUND, TOO_MANY_REQUESTS } from '../../contract/api-errors.ts';
import { formatRateLimitPolicy } from '../../contract/rate-limit-fields.ts';
import { readRateLimit } from '../../contract/rate-limit.ts';
import { config as otherMethods } from '../../netlify/functions/other-methods.ts';
import { ALLOWED_METHODS } from '../../site/lib/edge/api-headers.ts';
import { sendRow, type ConformanceRow } from '../../tooling/smoke/netlify-conformance.ts';
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
    else {
      expect(type).toMatch(/^application\/json/);
      expect(JSON.parse(text)).toEqual(row.body);
    }
  });
}

/** Sends one request from `from` (a loopback address of its own: a client of its own to the CDN). */
function sendFrom(from: string, url: string, init: RequestInit = {}) {
  const dispatcher = new Agent({ localAddress: from });
  return undiciFetch(url, { ...(init as object), dispatcher }).finally(() => void dispatcher.close());
}

const preflight = { origin: 'http://elsewhere.example', 'access-control-request-method': 'GET' };
const policy = formatRateLimitPolicy(readRateLimit());

test('the other methods share one limit across every public JSON resource, counted apart from GET and HEAD: over it, a preflight still gets 204 with CORS, another method the JSON 429, GET its 200', async ({
  baseURL,
}) => {
  const limited = rateLimitedUrl(baseURL!);
  // A client of its own: the bursts of the rows above spend other windows.
  const from = '127.0.0.3';
  const { response: refused } = await burstUntilLimited(`${limited}/api/v1/platforms`, windowLimit, {
    method: 'POST',
    admittedStatus: 405,
    from,
  });
  expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  expect(await refused.json()).toEqual(TOO_MANY_REQUESTS);

  const elsewhere = await sendFrom(from, `${limited}/openapi.json`, { method: 'DELETE' });
  expect(elsewhere.status).toBe(429);
  expect(await elsewhere.json()).toEqual(TOO_MANY_REQUESTS);

  const preflighted = await sendFrom(from, `${limited}/openapi.json`, { method: 'OPTIONS', headers: preflight });
  expect(preflighted.status).toBe(204);
  expect(preflighted.headers.get('access-control-allow-origin')).toBe('*');
  expect(preflighted.headers.get('access-control-allow-methods')).toBe(ALLOWED_METHODS.join(', '));

  const read = await sendFrom(from, `${limited}/api/v1/platforms`);
  expect(read.status).toBe(200);
  await read.body?.cancel();
});

test('with GET over its limit, a POST still gets the JSON 405', async ({ baseURL }) => {
  const limited = rateLimitedUrl(baseURL!);
  const from = '127.0.0.4';
  await burstUntilLimited(`${limited}/api/v1/capabilities`, windowLimit, { from });
  const posted = await sendFrom(from, `${limited}/api/v1/capabilities`, { method: 'POST', body: '{}' });
  expect(posted.status).toBe(405);
  expect(await posted.json()).toEqual(METHOD_NOT_ALLOWED);
});

/**
 * Who states the limit in `RateLimit-Policy`, as /docs/rate-limits/ says: every answer to GET or
 * HEAD under /api/, and every answer to the other-methods function's methods on a public JSON
 * resource; no other answer. Sent raw (tooling/smoke/netlify-conformance.ts): fetch cannot send TRACE.
 */
const statesPolicy = (method: string, path: string) =>
  (['GET', 'HEAD'].includes(method) && path.startsWith('/api/')) ||
  ((otherMethods.method as readonly string[]).includes(method) && path !== '/mcp' && path !== '/docs/');

test('RateLimit-Policy is on exactly the answers the docs name, over every method and path', async ({ baseURL }) => {
  const methods = ['GET', 'HEAD', ...otherMethods.method, 'TRACE', 'PROPFIND'];
  const paths = [
    '/api/v1/platforms',
    '/api/v1/capabilities',
    '/api/v2/platforms',
    '/openapi.json',
    '/mcp.json',
    '/mcp',
    '/docs/',
  ];
  const found: string[] = [];
  const expected: string[] = [];
  for (const method of methods)
    for (const path of paths) {
      const row: ConformanceRow = {
        behaviour: '',
        citation: '',
        request: { method, path },
        expect: {},
        judge: 'local',
      };
      const answer = await sendRow(baseURL!, row, method === 'OPTIONS' ? preflight : {});
      found.push(`${method} ${path}: ${answer.headers['ratelimit-policy'] ?? 'none'}`);
      expected.push(`${method} ${path}: ${statesPolicy(method, path) ? policy : 'none'}`);
    }
  expect(found).toEqual(expected);
});

test("TRACE and PROPFIND, which no Netlify function can take, get the CDN's own answer, not JSON", async ({
  baseURL,
}) => {
  for (const [method, path] of [
    ['TRACE', '/api/v1/platforms'],
    ['PROPFIND', '/openapi.json'],
  ] as const) {
    const row: ConformanceRow = { behaviour: '', citation: '', request: { method, path }, expect: {}, judge: 'local' };
    const answer = await sendRow(baseURL!, row);
    expect(answer.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
    expect(String(answer.headers['content-type']), `${method} ${path}`).not.toMatch(/json/);
  }
});

test('/API/v1/platforms, /api/ in another case, answers 404 with the JSON Error body, labelled application/json', async ({
  baseURL,
}) => {
  for (const path of ['/API/v1/platforms', '/Api/v1/capabilities']) {
    const response = await fetch(`${baseURL}${path}`);
    expect(response.status, path).toBe(404);
    expect(response.headers.get('content-type'), path).toMatch(/^application\/json/);
    expect(await response.json(), path).toEqual(NOT_FOUND);
  }
});
