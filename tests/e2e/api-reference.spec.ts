import { expect, test } from '@playwright/test';
import { apiRoutes } from '../../src/shared/api-routes.ts';

test('the API reference shows both operations, generated from the OpenAPI document', async ({ page, request }) => {
  const document = await (await request.get('/openapi.json')).json();
  await page.goto('/docs/api/');
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  for (const route of apiRoutes) {
    await test.step(route.operationId, async () => {
      const operation = document.paths[route.path].get;
      expect(operation.operationId).toBe(route.operationId);
      await page.goto('/docs/api/');
      await sidebar.getByRole('link', { name: operation.summary }).click();
      // starlight-openapi names each page after the operationId.
      await expect(page).toHaveURL(new RegExp(`/docs/api/operations/${route.operationId.toLowerCase()}/$`));
      const main = page.locator('main');
      await expect(main.locator('h1')).toHaveText(operation.summary);
      await expect(main).toContainText(route.path);
      await expect(main).toContainText(route.description);
      for (const status of ['200', '429']) await expect(main.getByRole('heading', { name: status, exact: true })).toBeVisible();
    });
  }
});
