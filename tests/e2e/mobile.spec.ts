import { devices, expect, test } from '@playwright/test';
import { builtSitemapPaths } from '../support/sitemap.ts';

const { defaultBrowserType: _, ...pixel } = devices['Pixel 7'];
test.use(pixel);

test.describe('on a phone, the menu reaches each page of the sitemap', () => {
  for (const path of builtSitemapPaths()) {
    test(path, async ({ page }) => {
      await page.goto('/docs/');
      if (path === '/') {
        // The home page is the site title's link, in the header beside the menu button.
        await page.getByRole('banner').getByRole('link').first().click();
      } else {
        await page.getByRole('button', { name: 'Menu' }).click();
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
