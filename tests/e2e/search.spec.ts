import { expect, test, type Page } from '@playwright/test';

/** Opens Starlight's search dialog (Pagefind) and types a query, as a reader would. */
async function search(page: Page, query: string) {
  await page.goto('/docs/');
  await page.getByRole('button', { name: 'Search' }).click();
  const form = page.getByRole('search', { name: 'Search this site' });
  await form.getByRole('textbox', { name: 'Search' }).fill(query);
  return form;
}

test('search finds the rate-limit page', async ({ page }) => {
  const form = await search(page, 'rate limit');
  const result = form.locator('a[href^="/docs/rate-limits/"]').first();
  await result.click();
  await expect(page).toHaveURL(/\/docs\/rate-limits\//);
  await expect(page.locator('h1')).toHaveText('Rate limits and errors');
});

test('search finds a platform by name on the platforms page', async ({ page, request }) => {
  const { data } = await (await request.get('/api/v1/platforms')).json();
  const platform = data.at(-1) as { name: string };
  const form = await search(page, platform.name);
  await expect(form.locator('a[href^="/docs/platforms/"]').first()).toBeVisible();
});
