import { devices, expect, test } from '@playwright/test';
import { readSitemapPaths } from '../support/sitemap.ts';

const { defaultBrowserType: _, ...pixel } = devices['Pixel 7'];
test.use(pixel);

test('on a phone, the menu opens and reaches every page of the sitemap', async ({ page, request }) => {
  // One visit per page, one after the other: triple the time budget.
  test.slow();
  for (const path of await readSitemapPaths(request)) {
    await test.step(path, async () => {
      await page.goto('/docs/');
      const menu = page.getByRole('button', { name: 'Menu' });
      if (path === '/') {
        // The home page is the site title's link, in the header beside the menu button.
        await page.getByRole('banner').getByRole('link').first().click();
      } else {
        await menu.click();
        const link = page.locator('#starlight__sidebar').locator(`a[href="${path}"]`);
        // Open any collapsed group the link sits in, as a person would.
        for (const group of await link.locator('xpath=ancestor::details').all()) {
          if (!(await group.evaluate((element) => (element as HTMLDetailsElement).open)))
            await group.locator('> summary').click();
        }
        await link.click();
      }
      await expect(page).toHaveURL(new URL(path, page.url()).href);
      await expect(page.locator('h1')).toBeVisible();
    });
  }
});
