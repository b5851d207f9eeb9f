import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { createServer, request as sendRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { readFileSync } from 'node:fs';
import { endpointFile, endpoints } from '../../contract/endpoints.ts';
import { MARKDOWN_CONTENT_TYPE } from '../../site/lib/edge/markdown-negotiation.ts';
import { MAX_FUNCTION_BODY_BYTES } from '../../tooling/local-cdn/request-chain.ts';
import { HOSTILE_API_PATHS } from '../../tooling/smoke/netlify-conformance.ts';

/**
 * The local server (the CDN, offline, with the Markdown edge function in Deno) against hostile
 * requests: paths that are network-path references in disguise (`//host/…`, `/\\host/…`, dot
 * segments that collapse into one), encoded slashes and dots, malformed escapes (`/%`), invalid
 * hosts (`//%F0…/`), very long and non-ASCII paths, malformed, repeated or very long `Accept`
 * headers, bodies over a function's limit and clients that hang up mid-body. Another origin
 * listens on loopback and counts what reaches it: nothing may, and nothing it says may be served.
 * No answer is a 5xx or shows a stack trace, and the server answers the next request, and no answer
 * serves the API's data without the API's headers (its rate limit's policy): paths that normalise
 * into /api/ (`//api/…`, `/./api/…`, `/%2e/…`, `/docs/%2e%2e/…`) meet the API's rules. How Netlify's
 * CDN normalises such paths only a deploy can tell: `npm run smoke` asks it (the conformance table).
 */
/** The bytes of the API's files, which only the rate-limited routes may serve, with their headers. */
const apiBodies = endpoints.map((endpoint) => readFileSync(`dist${endpointFile(endpoint)}`, 'utf8'));
let elsewhere: Server;
let elsewhereHost = '';
let target: URL;
const reachedElsewhere: string[] = [];

test.beforeAll(async ({ baseURL }) => {
  target = new URL(baseURL!);
  elsewhere = createServer((request, response) => {
    reachedElsewhere.push(`${request.method} ${request.url}`);
    response.writeHead(200, { 'content-type': 'text/markdown; charset=utf-8' });
    response.end('# Text from another origin\n');
  });
  await new Promise<void>((listening) => elsewhere.listen(0, '127.0.0.1', listening));
  elsewhereHost = `127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise((closed) => elsewhere.close(closed)));

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request with this exact request-target and these header lines (repeats allowed), as bytes leave. */
function send(method: string, path: string, headers: [string, string][]): Promise<Answer> {
  const { hostname, port } = target;
  return new Promise((answered, failed) => {
    const request = sendRequest({ hostname, port, method, path, timeout: 60_000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => answered({ status: response.statusCode!, headers: response.headers, body }));
    });
    for (const name of new Set(headers.map(([header]) => header)))
      request.setHeader(
        name,
        headers.filter(([header]) => header === name).map(([, value]) => value),
      );
    request.on('timeout', () => request.destroy(new Error(`no answer to ${method} ${path.slice(0, 80)}`)));
    request.on('error', failed);
    request.end();
  });
}

/** What every answer must be, whatever was asked. */
function expectSafe(answer: Answer, what: string): void {
  expect(reachedElsewhere, `${what}: reached another origin`).toEqual([]);
  expect(answer.status, `${what}: a server error: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
  expect(answer.body, `${what}: served another origin's text`).not.toContain('Text from another origin');
  expect(answer.body, `${what}: shows a stack trace`).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
  if (apiBodies.includes(answer.body))
    expect(answer.headers['ratelimit-policy'], `${what}: the API's data without its rate limit`).toBeDefined();
  if (answer.headers['content-type'] === MARKDOWN_CONTENT_TYPE && answer.headers['content-location'] !== undefined) {
    // A twin the build wrote, on this site.
    expect(answer.headers['content-location'], what).toMatch(/^\/(?![/\\])\S*\.md$/);
  }
}

// Each of these once made the function fetch the other origin and serve its text as our page.
for (const path of [
  '//{elsewhere}/x',
  '/\\{elsewhere}/x',
  '//{elsewhere}',
  '/./..//{elsewhere}/x',
  '/docs/..//{elsewhere}/x',
])
  test(`GET ${path} asking for Markdown never fetches another origin`, async () => {
    const hostile = path.replace('{elsewhere}', elsewhereHost);
    expectSafe(await send('GET', hostile, [['accept', 'text/markdown']]), hostile);
  });

/** The server still answers: no request above ended it. */
async function expectStillServing(): Promise<void> {
  expect((await send('GET', '/openapi.json', [])).status).toBe(200);
}

for (const path of HOSTILE_API_PATHS)
  test(`GET ${path} meets the API's rules: never the file without them`, async () => {
    expectSafe(await send('GET', path, []), path);
  });

// Each of these ended the former local server (netlify-cli 27): a malformed escape, an invalid host.
for (const path of ['/%', '/%zz/', '//%F0%9F%98/', '//%F0/x', '/docs/%', '/api/%'])
  for (const accept of ['text/markdown', '*/*'])
    test(`GET ${path} with Accept: ${accept} answers below 500, and the server keeps serving`, async () => {
      expectSafe(await send('GET', path, [['accept', accept]]), path);
      await expectStillServing();
    });

// Its status (413) is a row of the conformance table, which a deploy judges.
test("a body over a function's limit answers below 500, and the server keeps serving", async () => {
  const answer = await fetch(new URL('/mcp', target), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: 'x'.repeat(MAX_FUNCTION_BODY_BYTES + 1),
  });
  expect(answer.status).toBeLessThan(500);
  await answer.body?.cancel();
  await expectStillServing();
});

for (const path of ['/mcp', '/api/v1/platforms', '/docs/'])
  test(`a client that hangs up mid-body on POST ${path} leaves the server serving`, async () => {
    await new Promise<void>((done, failed) => {
      const socket = connect(Number(target.port), target.hostname, () => {
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{"jsonrpc":`,
          // The partial body is sent: hang up after it (FIN, then close), with no fixed delay to outlast.
          () => socket.end(() => socket.destroy()),
        );
      });
      socket.on('close', () => done());
      socket.on('error', failed);
    });
    await expectStillServing();
  });

test('the twin of a real page is served, from this site', async () => {
  const answer = await send('GET', '/docs/cli/', [['accept', 'text/markdown']]);
  expect(answer.status).toBe(200);
  expect(answer.headers['content-location']).toBe('/docs/cli.md');
  expectSafe(answer, '/docs/cli/');
});

/**
 * One path for every rule: the path decoded once, each rule with Netlify's case rule (a function's
 * `path` in lower case, redirect rules as written, header rules in any case). A body labelled
 * JSON is JSON, and the API's headers come with the API's answers.
 */
const onePathCases: { method: string; path: string; headers?: [string, string][]; status: number; want: string }[] = [
  { method: 'POST', path: '/%61pi/v1/platforms', status: 405, want: 'the JSON 405, with CORS' },
  {
    method: 'OPTIONS',
    path: '/%61pi/v1/platforms',
    headers: [
      ['origin', 'https://elsewhere.example'],
      ['access-control-request-method', 'GET'],
    ],
    status: 204,
    want: 'the preflight, with CORS',
  },
  { method: 'POST', path: '/API/v1/platforms', status: 405, want: 'the JSON 405, with CORS' },
  {
    method: 'GET',
    path: '/api%2fv1%2fplatforms/',
    headers: [['accept', 'text/markdown']],
    status: 200,
    want: "the API's answer, not the Markdown edge function's",
  },
  { method: 'GET', path: '/API/v1/platforms', status: 404, want: 'the JSON 404, not the HTML page labelled JSON' },
];
for (const { method, path, headers = [], status, want } of onePathCases)
  test(`${method} ${path}: ${want}`, async () => {
    const answer = await send(method, path, headers);
    expectSafe(answer, `${method} ${path}`);
    expect(answer.status).toBe(status);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    // The Markdown edge function never ran: it adds `Accept` to every answer's Vary.
    const varies = String(answer.headers.vary ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase());
    expect(varies).not.toContain('accept');
    if (status !== 204) {
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(() => JSON.parse(answer.body) as unknown, answer.body.slice(0, 200)).not.toThrow();
    }
  });

/** A path segment as an attacker would write one: host names, dot segments, encoded slashes and dots, text. */
const segment = fc.oneof(
  fc.constantFrom(
    '',
    '.',
    '..',
    '%2e',
    '%2e%2e',
    '%2F',
    '%2f%2f',
    '%5C',
    '\\',
    '%',
    '%zz',
    '{elsewhere}',
    'docs',
    'cli',
    'index.md',
    'api',
    'v1',
    'platforms',
    'platforms.json',
    'capabilities.json',
  ),
  fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@-]{1,12}$/),
  // Non-ASCII, percent-encoded as it leaves a client.
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 4 }).map(encodeURIComponent),
  fc.integer({ min: 200, max: 1500 }).map((length) => 'a'.repeat(length)),
);

const anyPaths = fc
  .tuple(fc.constantFrom('/', '//', '/\\', '/./'), fc.array(segment, { maxLength: 6 }), fc.constantFrom('', '/'))
  .map(([start, segments, end]) => `${start}${segments.join('/')}${end}`.replaceAll('{elsewhere}', elsewhereHost));

/** The API's routes and files behind the prefixes a CDN may normalise away. */
const apiPaths = fc
  .tuple(
    fc.constantFrom('//', '/./', '/%2e/', '/%2E/', '/docs/%2e%2e/', '/docs/../', '/x/.%2e/', '///'),
    fc.constantFrom('api/v1/platforms', 'api/v1/platforms.json', 'api/v1/capabilities.json', 'api//v1/platforms.json'),
    fc.constantFrom('', '/'),
  )
  .map(([start, path, end]) => `${start}${path}${end}`);

const paths = fc.oneof(anyPaths, apiPaths);

const acceptValues = fc.oneof(
  fc.constantFrom(
    'text/markdown',
    'TEXT/MARKDOWN;q=1',
    'text/markdown;q=abc',
    'text/markdown;q=',
    'text/markdown;;;,,,',
    'text/markdown, */*;q=-1',
    '*/*;q=0.1, text/markdown;q=NaN',
    ';;;',
    '',
  ),
  fc.integer({ min: 10, max: 400 }).map((count) => Array(count).fill('text/markdown;q=0.5').join(', ')),
  fc.stringMatching(/^[\x20-\x7e]{0,60}$/).map((junk) => `text/markdown, ${junk}`),
);

test('any method, path and Accept: nothing from another origin is fetched or served, no 5xx, no stack trace, and the server keeps serving', async () => {
  test.setTimeout(600_000);
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom('GET', 'HEAD', 'POST', 'OPTIONS'),
      paths,
      fc.array(acceptValues, { minLength: 1, maxLength: 3 }),
      async (method, path, accepts) => {
        const headers = accepts.map((value): [string, string] => ['accept', value]);
        expectSafe(await send(method, path, headers), `${method} ${path.slice(0, 80)}`);
      },
    ),
    { numRuns: 150, seed: 20261126 },
  );
  await expectStillServing();
});
