import { devices, expect, test } from '@playwright/test';
import { builtSitemapPaths } from '../support/sitemap.ts';

const { defaultBrowserType: _, ...pixel } = devices['Pixel 7'];
test.use(pixel);

/**
 * The menu is the only way around the docs on a phone. One visit opens it and finds a visible link
 * to every page of the sitemap (opening any collapsed group, as a person would); following a link
 * lands on its page. Each link's target is checked by the crawl (tests/e2e/crawl.spec.ts).
 */
test('on a phone, the menu shows a link to every page of the sitemap, and following one lands there', async ({
  page,
}) => {
  await page.goto('/docs/');
  await page.getByRole('button', { name: 'Menu' }).click();
  const sidebar = page.locator('#starlight__sidebar');
  for (const path of builtSitemapPaths()) {
    await test.step(path, async () => {
      // The home page is the site title's link, in the header beside the menu button.
      const link =
        path === '/' ? page.getByRole('banner').getByRole('link').first() : sidebar.locator(`a[href="${path}"]`);
      for (const group of await link.locator('xpath=ancestor::details').all()) {
        if (!(await group.evaluate((element) => (element as HTMLDetailsElement).open)))
          await group.locator('> summary').click();
      }
      await expect(link).toBeVisible();
      expect(new URL((await link.getAttribute('href'))!, page.url()).pathname).toBe(path);
    });
  }
  await sidebar.locator('a[href="/docs/rate-limits/"]').click();
  await expect(page).toHaveURL(/\/docs\/rate-limits\/$/);
  await expect(page.locator('h1')).toBeVisible();
});
