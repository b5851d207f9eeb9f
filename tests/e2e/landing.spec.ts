import { expect, test } from '@playwright/test';
import { LANDING_PLATFORM_COUNT } from '../../site/lib/docs/landing-call.ts';

/**
 * The landing page shows the product before anything is run: a request and the answer the API
 * gives it today, then the three ways in, each with the line that starts it.
 */
test('the hero shows a request to the API and the answer it really gives', async ({ page, request, baseURL }) => {
  await page.goto('/');
  const call = page.getByRole('figure', { name: 'A request to the API and its answer' });
  const [shownRequest, shownAnswer] = await call.locator('pre').allTextContents();
  expect(shownRequest).toBe(`curl -H 'Accept: application/json' \\\n  ${baseURL}/api/v1/platforms`);
  const { data } = (await (await request.get('/api/v1/platforms')).json()) as { data: unknown[] };
  const shownPlatforms = shownAnswer!
    .split('\n')
    .filter((line) => line.trim().startsWith('{"'))
    .map((line) => JSON.parse(line.trim().replace(/,$/, '')));
  expect(shownPlatforms).toEqual(data.slice(0, LANDING_PLATFORM_COUNT));
  if (data.length > LANDING_PLATFORM_COUNT)
    expect(shownAnswer).toContain(`… ${data.length - LANDING_PLATFORM_COUNT} more`);
});

test('the three ways in each give the line that starts them: the API, the command line, MCP', async ({
  page,
  baseURL,
}) => {
  await page.goto('/');
  const starts = await page.locator('.card pre').allTextContents();
  expect(starts[0]).toBe(`curl -H 'Accept: application/json' ${baseURL}/api/v1/capabilities`);
  expect(starts[1]).toBe(`npx -y ${process.env.EARSHOT_CLI_PACKAGE_URL} platforms`);
  expect(starts[2]).toBe(`npx -y ${process.env.EARSHOT_CLI_PACKAGE_URL} mcp`);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the title comes first, and the theme can be switched', async ({ page }) => {
    await page.goto('/');
    const title = await page.getByRole('heading', { level: 1 }).boundingBox();
    const call = await page.getByRole('figure', { name: 'A request to the API and its answer' }).boundingBox();
    expect(title!.y).toBeLessThan(call!.y);
    const themeSelect = page.getByRole('combobox', { name: 'Select theme' }).and(page.locator(':visible'));
    await themeSelect.selectOption('dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await themeSelect.selectOption('light');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });
});
