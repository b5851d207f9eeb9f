import { expect, test } from '@playwright/test';
import { buildFirstCallSamples } from '../../site/lib/docs/code-samples.ts';
import { endpoints } from '../../contract/endpoints.ts';

test('the API reference shows both operations, generated from the OpenAPI document', async ({ page, request }) => {
  const document = await (await request.get('/openapi.json')).json();
  await page.goto('/docs/api/');
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  for (const route of endpoints) {
    await test.step(route.operation.id, async () => {
      const operation = document.paths[route.path].get;
      expect(operation.operationId).toBe(route.operation.id);
      await page.goto('/docs/api/');
      await sidebar.getByRole('link', { name: operation.summary }).click();
      // starlight-openapi names each page after the operationId.
      await expect(page).toHaveURL(new RegExp(`/docs/api/operations/${route.operation.id.toLowerCase()}/$`));
      const main = page.locator('main');
      await expect(main.locator('h1')).toHaveText(operation.summary);
      await expect(main).toContainText(route.path);
      await expect(main).toContainText(route.operation.description);
      for (const status of ['200', '429'])
        await expect(main.getByRole('heading', { name: status, exact: true })).toBeVisible();
    });
  }
});

test("each operation's request examples are the docs' tested samples: Accept sent, status checked, no User-Agent in the browser's JavaScript", async ({
  page,
  baseURL,
}) => {
  for (const route of endpoints) {
    await page.goto(`/docs/api/operations/${route.operation.id.toLowerCase()}/`);
    // The snippet picker lists the samples the OpenAPI document carries, in their order.
    const picker = page
      .locator('select')
      .filter({ has: page.locator('option', { hasText: 'JavaScript' }) })
      .first();
    const samples = buildFirstCallSamples(`${baseURL}${route.path}`);
    expect(await picker.locator('option').allTextContents()).toEqual(samples.map((sample) => sample.label));
    for (const sample of samples) {
      await picker.selectOption({ label: sample.label });
      const shown = page.locator('[data-code]').filter({ visible: true }).first();
      expect((await shown.getAttribute('data-code'))!.replace(/\u007f/g, '\n')).toBe(sample.code);
    }
    const javascript = samples.find((sample) => sample.language === 'javascript')!.code;
    expect(javascript).toContain("Accept: 'application/json'");
    expect(javascript).toContain('if (!response.ok)');
    expect(javascript).not.toContain('User-Agent');
  }
});
