import { expect, test, type Page } from '@playwright/test';
import { earshotTools } from '../../client/src/mcp/mcp-tools.ts';
import { findEndpoint } from '../../contract/endpoints.ts';

/**
 * WebMCP in Chromium: the pages offer the MCP server's read-only tools to the browser's
 * model-context API. No Chromium ships the API without a flag yet, so a stub stands in for it,
 * installed before any page script runs; the page's own script, the CSP and the API are real.
 */
interface RegisteredTool {
  name: string;
  title: string;
  description: string;
  inputSchema: unknown;
  annotations: { readOnlyHint?: boolean };
  execute(input: unknown): Promise<{ content: { type: string; text: string }[]; isError?: boolean }>;
}

declare global {
  interface Window {
    registeredTools: RegisteredTool[];
  }
}

/** Installs a model-context stub: `registerTool` on navigator, or `provideContext` on document. */
async function stubModelContext(page: Page, shape: 'navigator.registerTool' | 'document.provideContext') {
  await page.addInitScript((which) => {
    window.registeredTools = [];
    if (which === 'navigator.registerTool') {
      Object.defineProperty(navigator, 'modelContext', {
        value: { registerTool: (tool: RegisteredTool) => window.registeredTools.push(tool) },
      });
    } else {
      Object.defineProperty(document, 'modelContext', {
        value: { provideContext: ({ tools }: { tools: RegisteredTool[] }) => window.registeredTools.push(...tools) },
      });
    }
  }, shape);
}

for (const path of ['/', '/docs/', '/docs/mcp/']) {
  for (const shape of ['navigator.registerTool', 'document.provideContext'] as const) {
    test(`${path} registers the two read-only tools with ${shape}, and each answers the API's bytes`, async ({
      page,
      request,
    }) => {
      const blocked: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') blocked.push(message.text());
      });
      await stubModelContext(page, shape);
      await page.goto(path);
      await page.waitForFunction((count) => window.registeredTools.length === count, earshotTools.length);
      const registered = await page.evaluate(() =>
        Promise.all(
          window.registeredTools.map(async ({ name, title, description, inputSchema, annotations, execute }) => ({
            name,
            title,
            description,
            inputSchema,
            annotations,
            result: await execute({}),
          })),
        ),
      );
      expect(
        registered.map(({ name, title, description, inputSchema }) => ({ name, title, description, inputSchema })),
      ).toEqual(
        earshotTools.map(({ name, title, description, inputSchema }) => ({ name, title, description, inputSchema })),
      );
      for (const [index, tool] of registered.entries()) {
        expect(tool.annotations.readOnlyHint).toBe(true);
        const api = await request.get(findEndpoint(earshotTools[index]!.operationId).path, {
          headers: { Accept: 'application/json' },
        });
        expect(tool.result.isError).toBeUndefined();
        expect(tool.result.content).toEqual([{ type: 'text', text: await api.text() }]);
      }
      expect(blocked).toEqual([]);
    });
  }
}

test('without a model-context API the script does nothing and the page reports no error', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const script = page.waitForResponse((response) => new URL(response.url()).pathname === '/webmcp.js');
  await page.goto('/');
  expect((await script).status()).toBe(200);
  expect(await page.evaluate(() => 'modelContext' in navigator || 'modelContext' in document)).toBe(false);
  expect(errors).toEqual([]);
});
