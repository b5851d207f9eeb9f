import { expect, test } from '@playwright/test';
import { readSitemapPaths } from '../support/sitemap.ts';

/** What each resource link of `GET /api/v1/capabilities` must land on. */
const RESOURCE_PAGES: Record<string, { heading?: string; openapi?: string; jsonKey?: string }> = {
  documentation: { heading: 'Overview and quick start' },
  authentication: { heading: 'Authentication' },
  webhooks: { heading: 'Webhooks' },
  cli: { heading: 'Command-line client' },
  openapi: { openapi: '3.1.0' },
  mcp: { jsonKey: 'mcpServers' },
};

interface Crawl {
  /** Every internal URL reached (without fragment), with its status and content type. */
  visited: Map<string, { status: number; contentType: string; ids?: Set<string> }>;
  /** Every internal link found: `from` page, `to` absolute URL. */
  links: { from: string; to: string }[];
}

// One crawl, shared by the tests of this file (they run in order, in one worker).
test.describe.configure({ mode: 'serial' });
let crawl: Crawl;

test.beforeAll(async ({ browser, playwright }) => {
  // The global setup sets the server's address; test-scoped fixtures do not exist here.
  const origin = new URL(process.env.EARSHOT_TEST_URL!).origin;
  const request = await playwright.request.newContext();
  const page = await browser.newPage();
  crawl = { visited: new Map(), links: [] };
  const queue = [`${origin}/`];
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (crawl.visited.has(url)) continue;
    const response = await request.get(url, { maxRedirects: 0 });
    const contentType = response.headers()['content-type'] ?? '';
    crawl.visited.set(url, { status: response.status(), contentType });
    if (response.status() !== 200 || !contentType.startsWith('text/html')) continue;
    await page.goto(url);
    const ids = await page.$$eval('[id]', (elements) => elements.map((element) => element.id));
    crawl.visited.get(url)!.ids = new Set(ids);
    const hrefs = await page.$$eval('a[href], link[href]', (elements) =>
      elements.map((element) => (element as HTMLAnchorElement).href),
    );
    for (const href of hrefs) {
      const target = new URL(href);
      if (target.origin !== origin) continue;
      crawl.links.push({ from: new URL(url).pathname, to: target.href });
      target.hash = '';
      queue.push(target.href);
    }
  }
  await Promise.all([page.close(), request.dispose()]);
});

test('a crawl from / finds no broken internal link or fragment', async () => {
  const broken = crawl.links.flatMap(({ from, to }) => {
    const target = new URL(to);
    const fragment = decodeURIComponent(target.hash.slice(1));
    target.hash = '';
    const reached = crawl.visited.get(target.href);
    if (reached?.status !== 200) return [`${from} → ${to}: HTTP ${reached?.status}`];
    if (fragment && reached.ids && !reached.ids.has(fragment))
      return [`${from} → ${to}: no element with id "${fragment}"`];
    return [];
  });
  expect(crawl.links.length).toBeGreaterThan(0);
  expect([...new Set(broken)]).toEqual([]);
});

test('the crawl reaches every page of the sitemap, and the sitemap lists every page the crawl finds', async ({
  request,
}) => {
  const sitemap = await readSitemapPaths(request);
  const crawledPages = [...crawl.visited]
    .filter(([, { status, contentType }]) => status === 200 && contentType.startsWith('text/html'))
    .map(([url]) => new URL(url).pathname)
    .sort();
  expect(crawledPages).toEqual(sitemap);
});

test('the crawl reaches every resource link of /api/v1/capabilities, and each lands on what it names', async ({
  request,
  page,
}) => {
  const { data } = await (await request.get('/api/v1/capabilities')).json();
  const resources = data.resources as Record<string, string>;
  expect(Object.keys(resources).sort()).toEqual(Object.keys(RESOURCE_PAGES).sort());
  const linked = new Set(crawl.links.map(({ to }) => to.split('#')[0]));
  for (const [name, url] of Object.entries(resources)) {
    await test.step(name, async () => {
      expect(linked.has(url), `no page links to ${url}`).toBe(true);
      const expected = RESOURCE_PAGES[name]!;
      if (expected.heading) {
        expect((await page.goto(url))?.status()).toBe(200);
        await expect(page.locator('h1')).toHaveText(expected.heading);
        // The page has real content, not only a heading.
        expect((await page.locator('main').innerText()).length).toBeGreaterThan(400);
      }
      if (expected.openapi) expect((await (await request.get(url)).json()).openapi).toBe(expected.openapi);
      if (expected.jsonKey) expect(Object.keys(await (await request.get(url)).json())).toContain(expected.jsonKey);
    });
  }
});
