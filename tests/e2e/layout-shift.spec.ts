import { expect, test, type Browser } from '@playwright/test';
import { readSitemapPaths } from '../support/sitemap.ts';
import { startSlowStreamProxy, type SlowStreamProxy } from '../support/slow-stream-proxy.ts';

/**
 * Cumulative layout shift (CLS) stays under 0.1, Google's "good" threshold, on every page at
 * desktop and phone sizes. Each page is loaded several times through a proxy that streams its
 * HTML slowly, as a real network does: that is when a browser paints a half-parsed page and a
 * layout that waits for later content shifts (Starlight's right sidebar did, by 0.42).
 * @see https://web.dev/articles/cls
 */
const LOADS = 2;
const GOOD_CLS = 0.1;
const viewports = {
  desktop: { width: 1350, height: 940 },
  phone: { width: 390, height: 844 },
};

let proxy: SlowStreamProxy;
test.beforeAll(async ({ baseURL }) => {
  proxy = await startSlowStreamProxy(baseURL!);
});
test.afterAll(async () => {
  await proxy.stop();
});

/** The largest CLS of `LOADS` fresh loads, each observed from the first paint until the page is loaded and settled. */
async function measureLayoutShift(
  browser: Browser,
  viewport: { width: number; height: number },
  url: string,
): Promise<{ cls: number; sources: string[] }> {
  let worst = { cls: 0, sources: [] as string[] };
  for (let load = 0; load < LOADS; load++) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.addInitScript(() => {
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
    });
    await page.goto(url, { waitUntil: 'load' });
    // Starlight's scripts run after load (theme, table of contents); let their effects land.
    await page.waitForTimeout(300);
    const measured = await page.evaluate(
      () => (window as unknown as { __layoutShift: { cls: number; sources: string[] } }).__layoutShift,
    );
    if (measured.cls > worst.cls) worst = measured;
    await context.close();
  }
  return worst;
}

for (const [name, viewport] of Object.entries(viewports)) {
  test(`every page shifts its layout by less than ${GOOD_CLS} on a ${name} (${viewport.width} px), streamed slowly, ${LOADS} loads each`, async ({
    browser,
    request,
  }) => {
    // Every page, several times, each streamed over a second or so.
    test.setTimeout(300_000);
    const results: string[] = [];
    for (const path of await readSitemapPaths(request)) {
      const { cls, sources } = await measureLayoutShift(browser, viewport, `${proxy.url}${path}`);
      results.push(`${path}: ${cls.toFixed(3)}`);
      expect.soft(cls, `${path}: ${sources.join(', ')}`).toBeLessThan(GOOD_CLS);
    }
    test.info().annotations.push({ type: 'CLS', description: results.join('; ') });
  });
}
