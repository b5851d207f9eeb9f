import { expect, test, type APIRequestContext } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { endpoints as registeredEndpoints } from '../../contract/endpoints.ts';
import { API_CATALOG_CONTENT_TYPE, API_CATALOG_PATH } from '../../site/lib/discovery/build-api-catalog.ts';
import { markdownPathOf, unlinkInPage } from '../../site/lib/discovery/build-llms-full-txt.ts';
import { API_REFERENCE_BASE } from '../../site/lib/docs/docs-navigation.ts';
import { CHANGELOG_PAGE_PATH } from '../../site/lib/changelog/build-changelog-feed.ts';
import { publishedSchemas } from '../../site/lib/discovery/published-schemas.ts';
import { formatAnswerExcerpt } from '../../site/lib/docs/code-samples.ts';
import { SAMPLE_PLATFORM_COUNT } from '../../site/lib/docs/docs-facts.ts';
import { parseHtml, textContent, walkElements } from '../support/html-tree.ts';
import { readSitemapPaths } from '../support/sitemap.ts';

async function expectReal(request: APIRequestContext, url: string, contentType: RegExp) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()['content-type'], url).toMatch(contentType);
}

test('/llms.txt follows llmstxt.org and every link answers', async ({ request, baseURL }) => {
  const response = await request.get('/llms.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/plain\b/);
  const text = await response.text();
  const lines = text.split('\n');
  // An H1, then a blockquote summary, then H2 sections of "- [title](url): notes" lines.
  expect(lines[0]).toMatch(/^# \S/);
  expect(lines.find((line) => line.trim() !== '' && !line.startsWith('# '))).toMatch(/^> \S/);
  const sections = new Map<string, { title: string; url: string }[]>();
  let current: { title: string; url: string }[] | undefined;
  for (const line of lines) {
    if (line.startsWith('## ')) sections.set(line.slice(3), (current = []));
    else if (line.startsWith('- ')) {
      const match = /^- \[([^\]]+)\]\(([^)\s]+)\)(: .+)?$/.exec(line);
      expect(match, line).not.toBeNull();
      expect(current, `${line} is outside a section`).toBeDefined();
      current!.push({ title: match![1]!, url: match![2]! });
    }
  }
  expect([...sections.keys()]).toEqual(['Docs', 'API', 'Optional']);

  for (const { url } of [...sections.values()].flat()) {
    expect(url.startsWith(`${baseURL}/`), `${url} is not on this site`).toBe(true);
    expect((await request.get(url)).status(), url).toBe(200);
  }
  // The Docs section lists every docs page of the sitemap, apart from the generated API reference,
  // each as its Markdown version.
  const docsPages = (await readSitemapPaths(request)).filter(
    (path) => path.startsWith('/docs/') && !path.startsWith('/docs/api/'),
  );
  expect(
    sections
      .get('Docs')!
      .map(({ url }) => new URL(url).pathname)
      .sort(),
  ).toEqual(docsPages.map(markdownPathOf).sort());
  expect(sections.get('API')!.map(({ url }) => new URL(url).pathname)).toEqual(
    expect.arrayContaining(['/openapi.json', '/mcp.json']),
  );
  expect(sections.get('Optional')!.map(({ url }) => new URL(url).pathname)).toEqual(
    expect.arrayContaining(['/llms-full.txt', ...publishedSchemas(baseURL!).map((schema) => schema.path)]),
  );
});

test('every page of the sitemap is also served as Markdown, at its path with .md for the trailing slash', async ({
  request,
}) => {
  for (const path of await readSitemapPaths(request)) {
    const html = parseHtml(await (await request.get(path)).text());
    const title = textContent([...walkElements(html)].find((element) => element.tagName === 'h1')!).trim();
    const response = await request.get(markdownPathOf(path));
    expect(response.status(), markdownPathOf(path)).toBe(200);
    // Markdown; the exact Content-Type the CDN gives a .md file is a conformance row a deploy judges.
    expect(response.headers()['content-type'], markdownPathOf(path)).toMatch(/^text\/markdown\b/);
    const markdown = await response.text();
    expect(markdown.split('\n')[0], path).toBe(`# ${title}`);
    // Markdown, not HTML that survived the conversion.
    expect(markdown, path).not.toMatch(/<(div|span|button|svg|figure)\b/);
  }
});

test('the Markdown says what the page says: code blocks as copied (collapsed lines included), tabs labelled, links to Markdown', async ({
  request,
  baseURL,
}) => {
  const cli = await (await request.get('/docs/cli.md')).text();
  // This build is not production's: the run line names its site.
  expect(cli).toContain(
    `\`\`\`sh\nnpm install --global ${process.env.EARSHOT_CLI_PACKAGE_URL}\nearshot platforms --base-url ${baseURL}\n\`\`\``,
  );
  const quickStart = await (await request.get('/docs.md')).text();
  for (const label of ['curl', 'JavaScript', 'Python']) expect(quickStart).toContain(`**${label}**`);
  expect(quickStart).toContain('](/docs/platforms.md)');
  // The output the page collapses after its first lines is whole here, without the "Show all"
  // line, and said once after the tabs, since every tab shows it alike.
  const output = formatAnswerExcerpt(await (await request.get('/api/v1/platforms')).json(), SAMPLE_PLATFORM_COUNT);
  expect(quickStart).toContain(`**Output**\n\n\`\`\`json\n${output}\n\`\`\``);
  expect(quickStart.split('**Output**').length).toBe(2);
  expect(quickStart).not.toContain('Show all');
});

test('/llms-full.txt holds every docs page and the API reference overview, each from its Markdown version with the first tab of each group and the others named, and links each operation page', async ({
  request,
  baseURL,
}) => {
  const response = await request.get('/llms-full.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/plain\b/);
  const full = await response.text();
  // The operation pages and the changelog, which grows with every release, are linked, not included.
  const operationPage = (path: string) =>
    (path.startsWith(`/${API_REFERENCE_BASE}/`) && path !== `/${API_REFERENCE_BASE}/`) || path === CHANGELOG_PAGE_PATH;
  const docsPaths = (await readSitemapPaths(request)).filter((candidate) => candidate.startsWith('/docs/'));
  expect(docsPaths.filter(operationPage).length).toBeGreaterThan(0);
  for (const path of docsPaths) {
    if (operationPage(path)) {
      expect(full, path).toContain(`(${baseURL}${markdownPathOf(path)})`);
      expect(full, path).not.toContain(`Source: ${baseURL}${path}\n`);
      continue;
    }
    const markdown = (await (await request.get(markdownPathOf(path))).text()).trim();
    const part = full.split(`Source: ${baseURL}${path}\n\n`)[1]?.split('\n\n---\n\n')[0];
    expect(part, path).toBeDefined();
    // Every line is the twin's (its in-page links made text), but the line that names the tabs
    // left out, each a tab of the twin.
    const twinLines = new Set(unlinkInPage(markdown).split('\n'));
    const otherTabs = `Also in [the page's Markdown](${baseURL}${markdownPathOf(path)}): `;
    for (const line of part!.split('\n')) {
      if (!line.startsWith(otherTabs)) expect(twinLines.has(line), `${path}: ${line}`).toBe(true);
      else
        for (const label of line.slice(otherTabs.length, -1).split(', '))
          expect(twinLines.has(`**${label}**`), `${path}: the tab ${label}`).toBe(true);
    }
    expect(part!.split('\n')[0]).toBe(unlinkInPage(markdown).split('\n')[0]);
  }
});

test('/.well-known/api-catalog is an RFC 9727 linkset: both endpoints as items, each with its OpenAPI document, docs and schemas, every anchor and target answering as typed', async ({
  request,
  baseURL,
}) => {
  const response = await request.get(API_CATALOG_PATH);
  expect(response.status()).toBe(200);
  // The linkset type, from its [[headers]] rule (the rule itself is checked against netlify.toml below).
  expect(response.headers()['content-type']).toBe(API_CATALOG_CONTENT_TYPE);
  // RFC 9727, section 2: GET and HEAD answer with a Link to the catalog, rel="api-catalog".
  expect(response.headers().link).toBe(`<${API_CATALOG_PATH}>; rel="api-catalog"`);
  expect((await request.head(API_CATALOG_PATH)).headers().link).toBe(`<${API_CATALOG_PATH}>; rel="api-catalog"`);

  const catalog = JSON.parse(await response.text()) as {
    linkset: ({ anchor: string } & Record<string, { href: string; type: string }[]>)[];
  };
  const [list, ...contexts] = catalog.linkset;
  expect(list!.anchor).toBe(`${baseURL}${API_CATALOG_PATH}`);
  // The two JSON endpoints, then the remote MCP endpoint (its own context is checked in mcp.spec.ts).
  const mcpEndpoint = `${baseURL}/mcp`;
  expect(list!.item!.map(({ href }) => href)).toEqual([
    ...registeredEndpoints.map((route) => `${baseURL}${route.path}`),
    mcpEndpoint,
  ]);
  expect(contexts.map(({ anchor }) => anchor)).toEqual(list!.item!.map(({ href }) => href));
  const endpoints = contexts.filter(({ anchor }) => anchor !== mcpEndpoint);

  // Every link resolves, and is served with the media type the catalog announces (compared
  // without parameters such as charset).
  for (const link of [
    ...list!.item!.filter(({ href }) => href !== mcpEndpoint),
    ...endpoints.flatMap((context) => [
      ...context['service-desc']!,
      ...context['service-doc']!,
      ...context.describedby!,
    ]),
  ]) {
    const target = await request.get(link.href);
    expect(target.status(), link.href).toBe(200);
    const served = (target.headers()['content-type'] ?? '').split(';')[0]!.trim();
    expect(served, link.href).toBe(link.type);
  }
  for (const context of endpoints) {
    expect((await (await request.get(context['service-desc']![0]!.href)).json()).openapi).toBe('3.1.0');
    expect(context.describedby!.map(({ href }) => href)).toContain(`${baseURL}/schemas/v1/error.json`);
  }
});

test('every page points agents at the API catalog', async ({ page }) => {
  await page.goto('/docs/');
  await expect(page.locator('link[rel="api-catalog"]')).toHaveAttribute('href', API_CATALOG_PATH);
});

test('/robots.txt points at the sitemap, which lists every docs page', async ({ request, baseURL }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  const sitemapLine = (await response.text()).split('\n').find((line) => line.startsWith('Sitemap: '));
  expect(sitemapLine).toBe(`Sitemap: ${baseURL}/sitemap-index.xml`);
  await expectReal(request, `${baseURL}/sitemap-index.xml`, /xml/);
  const paths = await readSitemapPaths(request);
  for (const path of ['/', '/docs/', '/docs/authentication/', '/docs/rate-limits/', '/docs/api/'])
    expect(paths).toContain(path);
});

test('netlify.toml gives /.well-known/api-catalog its linkset Content-Type on the CDN', () => {
  const config = parse(readFileSync('netlify.toml', 'utf8')) as {
    headers?: { for: string; values: Record<string, string> }[];
  };
  const rule = (config.headers ?? []).find((candidate) => candidate.for === API_CATALOG_PATH);
  expect(rule?.values['Content-Type']).toBe(API_CATALOG_CONTENT_TYPE);
});
