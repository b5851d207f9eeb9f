import { expect, test, type Browser, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeApiReferencePages } from '../../site/lib/docs/api-reference-pages.ts';
import { API_REFERENCE_BASE } from '../../site/lib/docs/docs-navigation.ts';
import { buildOpenApiDocument } from '../../site/lib/openapi/build-openapi-document.ts';
import { loadSiteContext } from '../../site/lib/site-context.ts';
import { attribute, parseHtml, textContent, walkElements } from '../support/html-tree.ts';
import { seriousViolations } from '../support/page-checks.ts';
import {
  loads,
  pageChecks,
  pagesWithSourcedSamples,
  viewports,
  type LoadOutcome,
  type PageCheck,
  type ViewportName,
} from '../support/page-sweep-checks.ts';
import { builtSitemapPaths, readSitemapPaths } from '../support/sitemap.ts';
import { startSlowStreamProxy, type SlowStreamProxy } from '../support/slow-stream-proxy.ts';
import { chromiumPath } from '../support/chromium.ts';
import { testSite } from '../support/test-build.ts';

/**
 * Every page of the sitemap, in a test of its own (its own time budget, so that a slow machine
 * slows a page, not a sweep), loaded at 1350 px and at 320 px (tests/support/page-sweep-checks.ts:
 * `loads`), and every check runs on one of these loads, at the loaded width or resized.
 * Each load goes through a proxy that streams the HTML slowly, as a real network does: that is
 * when a browser paints a half-parsed page and a layout that waits for later content shifts
 * (Starlight's right sidebar did, by 0.42). The proxy passes the server's headers on, so the
 * Content-Security-Policy applies as served.
 */

// Playwright's Chromium hides scrollbars (--hide-scrollbars): here they show, as on a desktop,
// and a page that stands for a phone hides them again (`overlayScrollbars`).
test.use({ launchOptions: { executablePath: chromiumPath(), ignoreDefaultArgs: ['--hide-scrollbars'] } });

/** Scrollbars that take no width, as a phone's. */
async function overlayScrollbars(page: Page): Promise<void> {
  await (await page.context().newCDPSession(page)).send('Emulation.setScrollbarsHidden', { hidden: true });
}

let proxy: SlowStreamProxy;
test.beforeAll(async ({ baseURL }) => {
  proxy = await startSlowStreamProxy(baseURL!);
});
test.afterAll(async () => {
  await proxy.stop();
});

/** Records what went wrong while a page loaded: console errors, page errors, failed requests. */
function watchForProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) =>
    problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return problems;
}

/** Sums the layout shifts the browser reports from the first paint on (not those after input). */
function observeLayoutShift() {
  const seen = { cls: 0, sources: [] as string[] };
  (window as unknown as { __layoutShift: typeof seen }).__layoutShift = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null }[];
    })[]) {
      if (entry.hadRecentInput) continue;
      seen.cls += entry.value;
      for (const source of entry.sources ?? []) {
        const node = source.node as Element | null | undefined;
        if (entry.value > 0.001 && node)
          seen.sources.push(
            `${node.nodeName.toLowerCase()}${node.className ? `.${String(node.className).split(' ')[0]}` : ''} (${entry.value.toFixed(3)})`,
          );
      }
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Loads `path` once at the `load` viewport and runs every check of it and of the widths it is resized to. */
async function sweepLoad(
  browser: Browser,
  { load: name, resizedTo, scrollbars }: (typeof loads)[number],
  path: string,
  siteUrl: string,
) {
  const context = await browser.newContext({ viewport: viewports[name] });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: proxy.url });
  try {
    const page = await context.newPage();
    if (scrollbars === 'overlay') await overlayScrollbars(page);
    await page.addInitScript(observeLayoutShift);
    const loadProblems = watchForProblems(page);
    // expressive-code marks overflowing code blocks focusable from a script; let it run first.
    const response = await page.goto(`${proxy.url}${path}`, { waitUntil: 'networkidle' });
    // Starlight's scripts run after load (theme, table of contents): wait until their effects
    // have been painted (two animation frames), not for a fixed time.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(undefined)))),
    );
    const layoutShift = await page.evaluate(
      () => (window as unknown as { __layoutShift: LoadOutcome['layoutShift'] }).__layoutShift,
    );
    const outcome: LoadOutcome = {
      path,
      status: response?.status(),
      loadProblems: [...loadProblems],
      layoutShift,
      siteUrl,
    };
    const checksAt = (viewport: ViewportName, altering: boolean) =>
      pageChecks.filter((check) => check.viewports.includes(viewport) && Boolean(check.altersPage) === altering);
    const phases: [ViewportName, PageCheck[]][] = [
      [name, checksAt(name, false)],
      ...resizedTo.map((viewport): [ViewportName, PageCheck[]] => [viewport, checksAt(viewport, false)]),
      [name, checksAt(name, true)],
    ];
    for (const [viewport, checks] of phases) {
      if (page.viewportSize()!.width !== viewports[viewport].width) await page.setViewportSize(viewports[viewport]);
      for (const check of checks)
        await test.step(`${viewport}: ${check.name}`, async () => {
          expect
            .soft(await check.run(page, outcome), `${path} at ${viewports[viewport].width} px: ${check.name}`)
            .toEqual([]);
        });
    }
  } finally {
    await context.close();
  }
}

test('every check runs on a load: each viewport it names is loaded or resized to, and what the load saw is read where the page was loaded', () => {
  const reached = new Set<ViewportName>(loads.flatMap(({ load, resizedTo }) => [load, ...resizedTo]));
  const loaded = new Set<ViewportName>(loads.map(({ load }) => load));
  for (const check of pageChecks) {
    for (const viewport of check.viewports) expect(reached.has(viewport), `${check.name} at ${viewport}`).toBe(true);
    if (check.readsLoad || check.altersPage)
      expect(
        check.viewports.filter((viewport) => !loaded.has(viewport)),
        check.name,
      ).toEqual([]);
  }
});

test.describe('every page of the sitemap, one load per viewport', () => {
  for (const path of builtSitemapPaths()) {
    test(path, async ({ browser, baseURL }) => {
      test.setTimeout(240_000);
      for (const load of loads) await sweepLoad(browser, load, path, baseURL!);
    });
  }
});

test('the table-code check has code in tables to look at, and the copy check pages with sourced samples', () => {
  const { dir } = testSite();
  const paths = builtSitemapPaths();
  const withTableCode = paths.filter((path) =>
    /<t[dh][^>]*>(?:(?!<\/t[dh]>).)*<code/s.test(readFileSync(join(dir, path, 'index.html'), 'utf8')),
  );
  expect(withTableCode.length).toBeGreaterThan(0);
  expect(paths).toEqual(expect.arrayContaining(pagesWithSourcedSamples));
});

test('the axe check reports a serious violation, a contrast failure, and a frame it cannot test', async ({ page }) => {
  await page.setContent(
    '<html lang="en"><title>t</title><main><button></button><p style="color:#777;background:#888">faint</p></main></html>',
  );
  expect(await seriousViolations(page)).toEqual([
    expect.stringMatching(/^critical button-name: /),
    expect.stringMatching(/^serious color-contrast: .*\bp\b/),
  ]);
  expect(await seriousViolations(page, ['color-contrast'])).toEqual([expect.stringMatching(/^serious color-contrast/)]);
  await page.setContent('<html lang="en"><title>t</title><iframe srcdoc="<p>x</p>" title="x"></iframe></html>');
  expect(await seriousViolations(page)).toEqual([expect.stringMatching(/has 1 frame/)]);
});

test('an unknown page answers 404 with the not-found page, accessible', async ({ page }) => {
  const response = await page.goto('/docs/no-such-page/', { waitUntil: 'networkidle' });
  expect(response?.status()).toBe(404);
  await expect(page.locator('h1')).toHaveText('Page not found');
  await expect(page.getByRole('link', { name: 'Go to the docs' })).toHaveAttribute('href', '/docs/');
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('before any script has run', () => {
  test.use({ viewport: viewports.phone });

  test('at 390 px, every scrollable region can take focus', async ({ page }) => {
    test.setTimeout(240_000);
    await overlayScrollbars(page);
    // The pages' scripts are not fetched (axe needs scripts, so they cannot be turned off):
    // Expressive Code's, which adds tabindex to the blocks it measures as scrolling, among them.
    await page.route('**/*', (route) =>
      route.request().resourceType() === 'script' ? route.abort() : route.continue(),
    );
    const problems: string[] = [];
    for (const path of builtSitemapPaths()) {
      await page.goto(path);
      problems.push(
        ...(await seriousViolations(page, ['scrollable-region-focusable'])).map((line) => `${path}: ${line}`),
      );
    }
    expect(problems).toEqual([]);
  });
});

test('every page has a title and a description of its own, the API reference pages included', async ({ request }) => {
  const paths = await readSitemapPaths(request);
  const seen = { title: new Map<string, string>(), description: new Map<string, string>() };
  const duplicates: string[] = [];
  for (const path of paths) {
    const document = parseHtml(await (await request.get(path)).text());
    const elements = [...walkElements(document)];
    const title = textContent(elements.find((element) => element.tagName === 'title')!);
    const description =
      attribute(
        elements.find((element) => element.tagName === 'meta' && attribute(element, 'name') === 'description')!,
        'content',
      ) ?? '';
    expect(description, path).toMatch(/\S/);
    for (const [kind, value] of [
      ['title', title],
      ['description', description],
    ] as const) {
      const other = seen[kind].get(value);
      if (other) duplicates.push(`${path} and ${other} share the ${kind} "${value}"`);
      seen[kind].set(value, path);
    }
  }
  expect(duplicates).toEqual([]);
  // The generated API pages are all described from the OpenAPI document, not by the plugin's defaults.
  const described = [...describeApiReferencePages(buildOpenApiDocument(loadSiteContext())).keys()].sort();
  expect(paths.filter((path) => path.startsWith(`/${API_REFERENCE_BASE}/`)).sort()).toEqual(described);
});
