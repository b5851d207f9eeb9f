import { expect, test } from '@playwright/test';

/**
 * The agent-readiness rubric as the public scanner applies it (isitagentready.com, April 2026),
 * probe by probe, each scored pass or fail the way its published results describe, against the
 * local server, the Markdown probe included (its edge function runs in Deno there, as on Netlify);
 * the WebMCP probe loads `/` in Chromium with a stand-in model-context API.
 * Every probe an unauthenticated API can pass passes; the two OAuth probes fail by design (the
 * authentication docs page says why).
 */
test('every probe passes but the two OAuth discovery probes', async ({ request, page, baseURL }) => {
  const text = async (path: string, headers: Record<string, string> = {}) => {
    const response = await request.get(path, { headers });
    return { status: response.status(), type: response.headers()['content-type'] ?? '', body: await response.text() };
  };
  const robots = await text('/robots.txt');
  const probes: Record<string, () => Promise<boolean>> = {
    'robots.txt has a User-agent group': async () => robots.status === 200 && /^User-agent:\s*\S/im.test(robots.body),
    'robots.txt has a Content-Signal': async () => /^Content-Signal:\s*\S/im.test(robots.body),
    'the sitemap named in robots.txt answers': async () => {
      const sitemap = /^Sitemap:\s*(\S+)/im.exec(robots.body)?.[1];
      return sitemap !== undefined && (await text(sitemap)).body.includes('<sitemapindex');
    },
    'HEAD / has a Link header with api-catalog, service-desc, service-doc or describedby': async () => {
      const link = (await request.head('/')).headers().link ?? '';
      return /rel="(api-catalog|service-desc|service-doc|describedby)"/.test(link);
    },
    '/ with Accept: text/markdown answers text/markdown': async () =>
      (await text('/', { Accept: 'text/markdown' })).type.startsWith('text/markdown'),
    '/.well-known/api-catalog is a linkset': async () => {
      const catalog = await text('/.well-known/api-catalog');
      return (
        catalog.status === 200 &&
        catalog.type.startsWith('application/linkset+json') &&
        Array.isArray((JSON.parse(catalog.body) as { linkset?: unknown }).linkset)
      );
    },
    '/.well-known/mcp/server-card.json is an MCP Server Card': async () => {
      const card = await text('/.well-known/mcp/server-card.json');
      const body = JSON.parse(card.body) as { name?: unknown; remotes?: unknown[] };
      return card.status === 200 && typeof body.name === 'string' && (body.remotes?.length ?? 0) > 0;
    },
    '/.well-known/agent-skills/index.json lists skills': async () => {
      const index = await text('/.well-known/agent-skills/index.json');
      return index.status === 200 && ((JSON.parse(index.body) as { skills?: unknown[] }).skills?.length ?? 0) > 0;
    },
    'the page registers WebMCP tools on load': async () => {
      await page.addInitScript(() => {
        const registered: unknown[] = [];
        Object.defineProperty(window, 'registeredTools', { value: registered });
        Object.defineProperty(navigator, 'modelContext', {
          value: { registerTool: (tool: unknown) => registered.push(tool) },
        });
      });
      await page.goto(baseURL!);
      await page.waitForLoadState('load');
      return page.evaluate(() => (window as unknown as { registeredTools: unknown[] }).registeredTools.length > 0);
    },
    '/.well-known/oauth-authorization-server answers metadata': async () =>
      (await text('/.well-known/oauth-authorization-server')).status === 200,
    '/.well-known/oauth-protected-resource answers metadata': async () =>
      (await text('/.well-known/oauth-protected-resource')).status === 200,
  };
  const results: Record<string, boolean> = {};
  for (const [name, probe] of Object.entries(probes)) results[name] = await probe();
  expect(results).toEqual(
    Object.fromEntries(Object.keys(probes).map((name) => [name, !name.startsWith('/.well-known/oauth-')])),
  );
});
