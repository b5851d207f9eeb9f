import { expect, test } from '@playwright/test';
import { buildFirstCallSamples, buildHeadSamples } from '../../site/lib/docs/code-samples.ts';
import { headOperationId } from '../../site/lib/openapi/describe-endpoint.ts';
import {
  buildGeneratedClientSamples,
  renderGeneratedClientSample,
} from '../../site/lib/openapi/generated-client-samples.ts';
import { endpoints } from '../../contract/endpoints.ts';

test('the API reference shows every operation of the OpenAPI document, each reached from the sidebar by its summary and method', async ({
  page,
  request,
}) => {
  const document = await (await request.get('/openapi.json')).json();
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, { operationId?: string }>)
      .filter(([, operation]) => operation.operationId)
      .map(([method, operation]) => ({ path, method: method.toUpperCase(), ...operation })),
  ) as { path: string; method: string; operationId: string; summary: string; responses: Record<string, unknown> }[];
  expect(operations.map(({ method }) => method)).toEqual(['GET', 'HEAD', 'GET', 'HEAD']);
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  for (const operation of operations) {
    await test.step(`${operation.method} ${operation.path}`, async () => {
      await page.goto('/docs/api/');
      // The link reads as the summary, then the method's badge.
      await sidebar.getByRole('link', { name: `${operation.summary} ${operation.method}`, exact: true }).click();
      // starlight-openapi names each page after the operationId.
      await expect(page).toHaveURL(new RegExp(`/docs/api/operations/${operation.operationId.toLowerCase()}/$`));
      const main = page.locator('main');
      await expect(main.locator('h1')).toHaveText(operation.summary);
      await expect(main).toContainText(operation.path);
      for (const status of Object.keys(operation.responses).filter((status) => status !== 'default'))
        await expect(main.getByRole('heading', { name: status, exact: true })).toBeVisible();
    });
  }
  for (const route of endpoints) {
    await page.goto(`/docs/api/operations/${route.operation.id.toLowerCase()}/`);
    await expect(page.locator('main')).toContainText(route.operation.description);
  }
});

test("each operation's request examples are the docs' tested samples: Accept and User-Agent sent, status checked", async ({
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
    const firstCall = buildFirstCallSamples(`${baseURL}${route.path}`);
    // Then one per client generator (tests/e2e/generated-clients.spec.ts runs them).
    const generated = buildGeneratedClientSamples({
      baseUrl: baseURL!,
      path: route.path,
      operationId: route.operation.id,
    }).map((sample) => ({ label: sample.label, code: renderGeneratedClientSample(sample) }));
    const samples = [...firstCall, ...generated];
    expect(await picker.locator('option').allTextContents()).toEqual(samples.map((sample) => sample.label));
    for (const sample of samples) {
      await picker.selectOption({ label: sample.label });
      const shown = page.locator('[data-code]').filter({ visible: true }).first();
      expect((await shown.getAttribute('data-code'))!.replace(/\u007f/g, '\n')).toBe(sample.code);
    }
    const javascript = firstCall.find((sample) => sample.language === 'javascript')!.code;
    expect(javascript).toContain("Accept: 'application/json'");
    expect(javascript).toContain('if (!response.ok)');
    expect(javascript).toContain("'User-Agent'");
  }
});

test("each HEAD operation's request examples are the docs' tested HEAD samples, which read no body", async ({
  page,
  baseURL,
}) => {
  for (const route of endpoints) {
    await page.goto(`/docs/api/operations/${headOperationId(route.operation.id).toLowerCase()}/`);
    const picker = page
      .locator('select')
      .filter({ has: page.locator('option', { hasText: 'JavaScript' }) })
      .first();
    const samples = buildHeadSamples(`${baseURL}${route.path}`);
    expect(await picker.locator('option').allTextContents()).toEqual(samples.map((sample) => sample.label));
    for (const sample of samples) {
      await picker.selectOption({ label: sample.label });
      const shown = page.locator('[data-code]').filter({ visible: true }).first();
      expect((await shown.getAttribute('data-code'))!.replace(/\u007f/g, '\n')).toBe(sample.code);
    }
  }
});
