import { expect, test } from '@playwright/test';

/**
 * Pages a reader scrolls through to find one thing stay short enough to scan: each limit is the
 * page's whole height, in CSS pixels, at the window width given. One row per page and width.
 */
const HEIGHT_LIMITS: { path: string; width: number; maxHeight: number }[] = [
  { path: '/docs/mcp/', width: 1440, maxHeight: 6000 },
];

for (const { path, width, maxHeight } of HEIGHT_LIMITS)
  test(`${path} at ${width} px is at most ${maxHeight} px tall`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path, { waitUntil: 'load' });
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(maxHeight);
  });
