import { expect, test, type Browser } from '@playwright/test';
import { builtSitemapPaths } from '../support/sitemap.ts';
import { startSlowStreamProxy, type SlowStreamProxy } from '../support/slow-stream-proxy.ts';

/**
 * Cumulative layout shift (CLS) stays under 0.1, Google's "good" threshold, on every page at
 * desktop and phone sizes. Each page is loaded fresh at each size through a proxy that streams its
 * HTML slowly, as a real network does: that is when a browser paints a half-parsed page and a
 * layout that waits for later content shifts (Starlight's right sidebar did, by 0.42).
 * @see https://web.dev/articles/cls
 */
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

/** The CLS of one fresh load, observed from the first paint until the page is loaded and settled. */
async function measureLayoutShift(
  browser: Browser,
  viewport: { width: number; height: number },
  url: string,
): Promise<{ cls: number; sources: string[] }> {
  const context = await browser.newContext({ viewport });
  try {
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
    // Starlight's scripts run after load (theme, table of contents): wait until their effects
    // have been painted (two animation frames), not for a fixed time.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(undefined)))),
    );
    return await page.evaluate(
      () => (window as unknown as { __layoutShift: { cls: number; sources: string[] } }).__layoutShift,
    );
  } finally {
    await context.close();
  }
}

/**
 * One test per page (its own time budget): both viewports load at once, since the slow streaming
 * is mostly waiting.
 */
test.describe(`every page shifts its layout by less than ${GOOD_CLS}, streamed slowly`, () => {
  for (const path of builtSitemapPaths()) {
    test(path, async ({ browser }) => {
      test.setTimeout(180_000);
      const results = await Promise.all(
        Object.entries(viewports).map(async ([name, viewport]) => ({
          name,
          viewport,
          ...(await measureLayoutShift(browser, viewport, `${proxy.url}${path}`)),
        })),
      );
      for (const { name, viewport, cls, sources } of results)
        expect.soft(cls, `${name} (${viewport.width} px): ${sources.join(', ')}`).toBeLessThan(GOOD_CLS);
    });
  }
});
