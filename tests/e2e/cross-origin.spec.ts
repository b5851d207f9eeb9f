import { expect, test } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { endpoints, OPENAPI_PATH } from '../../contract/endpoints.ts';
import { loadSiteDataOrThrow } from '../../site/lib/data/load-site-data.ts';
import { API_CATALOG_PATH } from '../../site/lib/discovery/build-api-catalog.ts';
import { publishedSchemas } from '../../site/lib/discovery/published-schemas.ts';
import { readRateLimit } from '../../contract/rate-limit.ts';
import { burstUntilLimited, rateLimitedUrl } from '../support/rate-limited-host.ts';

/**
 * A page on a second loopback origin (http://127.0.0.1:<another port>, where the site is
 * http://localhost:<port>) reads every public JSON resource in Chromium, the way a web app or a
 * browser-based agent on any origin would: with `Accept` and a custom header, which makes the
 * browser send a CORS preflight first, then reading ETag and Link from the answer.
 */
const { product } = loadSiteDataOrThrow({ dataDir: 'data' });
let otherOrigin: Server;
let otherOriginUrl = '';

test.beforeAll(async () => {
  otherOrigin = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html lang="en"><title>Another origin</title><h1>Another origin</h1></html>');
  });
  await new Promise<void>((listening) => otherOrigin.listen(0, '127.0.0.1', listening));
  otherOriginUrl = `http://127.0.0.1:${(otherOrigin.address() as AddressInfo).port}/`;
});

test.afterAll(() => new Promise<void>((closed) => otherOrigin.close(() => closed())));

interface CrossOriginRead {
  url: string;
  status?: number;
  etag?: string | null;
  link?: string | null;
  retryAfter?: string | null;
  rateLimit?: string | null;
  rateLimitPolicy?: string | null;
  error?: string;
}

/** Fetches each URL from the page, with Accept and a custom header, and reads what a script may read. */
function readFromPage(urls: string[]): (page: import('@playwright/test').Page) => Promise<CrossOriginRead[]> {
  return (page) =>
    page.evaluate(async (targets) => {
      const reads = [];
      for (const url of targets) {
        try {
          const response = await fetch(url, {
            headers: { Accept: 'application/json', 'X-Earshot-Example': 'cross-origin' },
          });
          await response.arrayBuffer();
          reads.push({
            url,
            status: response.status,
            etag: response.headers.get('ETag'),
            link: response.headers.get('Link'),
            retryAfter: response.headers.get('Retry-After'),
            rateLimit: response.headers.get('RateLimit'),
            rateLimitPolicy: response.headers.get('RateLimit-Policy'),
          });
        } catch (error) {
          reads.push({ url, error: String(error) });
        }
      }
      return reads;
    }, urls);
}

test('a page on another origin reads every public JSON resource, its ETag and its Link, after a preflight', async ({
  page,
  baseURL,
}) => {
  const paths = [
    ...endpoints.map((route) => route.path),
    OPENAPI_PATH,
    product.resources.mcp,
    API_CATALOG_PATH,
    ...publishedSchemas(baseURL!).map(({ path }) => path),
  ];
  await page.goto(otherOriginUrl);
  expect(new URL(page.url()).origin).not.toBe(new URL(baseURL!).origin);

  const reads = await readFromPage(paths.map((path) => `${baseURL}${path}`))(page);
  for (const read of reads) {
    expect(read.error, read.url).toBeUndefined();
    expect(read.status, read.url).toBe(200);
    expect(read.etag, read.url).toMatch(/^(W\/)?"[^"]+"$/);
    expect(read.link, read.url).toContain(`<${API_CATALOG_PATH}>; rel="api-catalog"`);
  }
  for (const read of reads.slice(0, endpoints.length))
    expect(read.rateLimitPolicy, read.url).toMatch(/^"default";q=\d+;w=\d+$/);
});

test('the same page reads a 429, its Retry-After and both RateLimit fields, even when it sends a custom header', async ({
  page,
  baseURL,
}) => {
  // The window is filled first; then the page's own request is over the limit.
  const path = endpoints[0]!.path;
  const { response } = await burstUntilLimited(`${rateLimitedUrl(baseURL!)}${path}`, readRateLimit().windowLimit);
  await response.body?.cancel();
  await page.goto(otherOriginUrl);
  const [read] = await readFromPage([`${rateLimitedUrl(baseURL!)}${path}`])(page);
  expect(read!.error).toBeUndefined();
  expect(read!.status).toBe(429);
  expect(read!.retryAfter).toMatch(/^\d+$/);
  expect(read!.rateLimit).toBe(`"default";r=0;t=${read!.retryAfter}`);
  expect(read!.rateLimitPolicy).toMatch(/^"default";q=\d+;w=\d+$/);
});

test('without CORS, the same fetch fails: the browser does enforce it on this page (a docs page has none)', async ({
  page,
  baseURL,
}) => {
  await page.goto(otherOriginUrl);
  const [read] = await readFromPage([`${baseURL}/docs/`])(page);
  expect(read!.error).toMatch(/TypeError: Failed to fetch/);
});

/** Whether the page shows the image at `src` (it loaded, and has a size). */
const showsImage = (page: import('@playwright/test').Page, src: string) =>
  page.evaluate(
    (url) =>
      new Promise<boolean>((shown) => {
        const image = new Image();
        image.onload = () => shown(image.naturalWidth > 0);
        image.onerror = () => shown(false);
        image.src = url;
        document.body.append(image);
      }),
    src,
  );

test('a page on another origin shows the icon that the Server Card and serverInfo tell it to show', async ({
  page,
  request,
  baseURL,
}) => {
  const card = (await (await request.get('/.well-known/mcp/server-card.json')).json()) as { icons: { src: string }[] };
  const initialize = await request.post('/mcp', {
    headers: { Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json' },
    data: {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
    },
  });
  // One JSON-RPC answer, as JSON or as the data line of one server-sent event.
  const text = await initialize.text();
  const message = text.startsWith('{') ? text : /^data: (.+)$/m.exec(text)![1]!;
  const { result } = JSON.parse(message) as { result: { serverInfo: { icons: { src: string }[] } } };
  const icons = [...card.icons, ...result.serverInfo.icons].map((icon) => icon.src);
  expect(icons.length).toBeGreaterThan(1);
  await page.goto(otherOriginUrl);
  for (const src of icons) {
    expect(src.startsWith(`${baseURL}/`), src).toBe(true);
    expect(await showsImage(page, src), src).toBe(true);
  }
  // The control: a file of the site for its own pages only, which the browser does refuse here.
  expect(await showsImage(page, `${baseURL}/favicon.svg`)).toBe(false);
});
