import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { createServer, request as sendRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MARKDOWN_CONTENT_TYPE } from '../../site/lib/edge/markdown-negotiation.ts';
import { startEdgeFunctionServer, type EdgeFunctionServer } from '../support/edge-function-process.ts';

/**
 * The Markdown edge function against hostile requests, in Deno as Netlify runs it: paths that are
 * network-path references in disguise (`//host/…`, `/\\host/…`, dot segments that collapse into
 * one), encoded slashes and dots, very long and non-ASCII paths, and malformed, repeated or very
 * long `Accept` headers. Another origin listens on loopback and counts what reaches it: nothing
 * may, and nothing it says may be served. No answer is a 5xx or shows a stack trace.
 *
 * The named cases run in front of the local server. The generated ones run in front of a plain
 * origin of this test's own: the local server (netlify-cli 27) ends on some of them, a path that
 * starts with `//` and an invalid host (`//%F0…/`: `new URL` throws in its edge proxy) or a
 * malformed escape (`/%`: decodeURIComponent throws in its rules proxy), before the function's
 * answer matters. How Netlify's CDN normalises such paths only a deploy can tell.
 */
/** The function in front of the local server, and in front of a plain origin that answers every path. */
let edge: EdgeFunctionServer;
let edgeBeforePlainOrigin: EdgeFunctionServer;
let elsewhere: Server;
let plainOrigin: Server;
let elsewhereHost = '';
const reachedElsewhere: string[] = [];

async function listen(server: Server): Promise<string> {
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test.beforeAll(async ({ baseURL }) => {
  elsewhere = createServer((request, response) => {
    reachedElsewhere.push(`${request.method} ${request.url}`);
    response.writeHead(200, { 'content-type': 'text/markdown; charset=utf-8' });
    response.end('# Text from another origin\n');
  });
  elsewhereHost = await listen(elsewhere);
  // A page for every path, and a twin for none but /index.md, as a static host would.
  plainOrigin = createServer((request, response) => {
    const twin = request.url === '/index.md';
    response.writeHead(twin || !request.url?.endsWith('.md') ? 200 : 404, {
      'content-type': twin ? 'text/markdown; charset=utf-8' : 'text/html; charset=utf-8',
    });
    response.end(twin ? '# Earshot\n' : '<!DOCTYPE html><title>page</title>');
  });
  const plainHost = await listen(plainOrigin);
  const module = 'netlify/edge-functions/markdown-negotiation.ts';
  [edge, edgeBeforePlainOrigin] = await Promise.all([
    startEdgeFunctionServer(baseURL!, module),
    startEdgeFunctionServer(`http://${plainHost}`, module),
  ]);
});

test.afterAll(async () => {
  await Promise.all([edge.stop(), edgeBeforePlainOrigin.stop()]);
  await Promise.all([elsewhere, plainOrigin].map((server) => new Promise((closed) => server.close(closed))));
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request with this exact request-target and these header lines (repeats allowed), as bytes leave. */
function send(method: string, target: string, headers: [string, string][], through = edge): Promise<Answer> {
  const { hostname, port } = new URL(through.url);
  return new Promise((answered, failed) => {
    const request = sendRequest({ hostname, port, method, path: target, timeout: 60_000 }, (response) => {
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
    request.on('timeout', () => request.destroy(new Error(`no answer to ${method} ${target.slice(0, 80)}`)));
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
  if (answer.headers['content-type'] === MARKDOWN_CONTENT_TYPE) {
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
    const target = path.replace('{elsewhere}', elsewhereHost);
    expectSafe(await send('GET', target, [['accept', 'text/markdown']]), target);
  });

test('the twin of a real page is still served, from this site', async () => {
  const answer = await send('GET', '/docs/cli/', [['accept', 'text/markdown']]);
  expect(answer.status).toBe(200);
  expect(answer.headers['content-location']).toBe('/docs/cli.md');
  expectSafe(answer, '/docs/cli/');
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
  ),
  fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@-]{1,12}$/),
  // Non-ASCII, percent-encoded as it leaves a client.
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 4 }).map(encodeURIComponent),
  fc.integer({ min: 200, max: 1500 }).map((length) => 'a'.repeat(length)),
);

const paths = fc
  .tuple(fc.constantFrom('/', '//', '/\\', '/./'), fc.array(segment, { maxLength: 6 }), fc.constantFrom('', '/'))
  .map(([start, segments, end]) => `${start}${segments.join('/')}${end}`.replaceAll('{elsewhere}', elsewhereHost));

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

test('any path and any Accept: nothing from another origin is fetched or served, no 5xx, no stack trace', async () => {
  test.setTimeout(600_000);
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom('GET', 'HEAD'),
      paths,
      fc.array(acceptValues, { minLength: 1, maxLength: 3 }),
      async (method, path, accepts) => {
        const headers = accepts.map((value): [string, string] => ['accept', value]);
        expectSafe(await send(method, path, headers, edgeBeforePlainOrigin), `${method} ${path.slice(0, 80)}`);
      },
    ),
    { numRuns: 150, seed: 20261126 },
  );
});
