import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { describeApiReferencePages } from '../../site/lib/docs/api-reference-pages.ts';
import { API_REFERENCE_BASE } from '../../site/lib/docs/docs-navigation.ts';
import { buildOpenApiDocument } from '../../site/lib/openapi/build-openapi-document.ts';
import { loadSiteContext } from '../../site/lib/site-context.ts';
import { attribute, parseHtml, textContent, walkElements } from '../support/html-tree.ts';
import { readSitemapPaths } from '../support/sitemap.ts';

/** Records what went wrong while a page loaded: console errors, page errors, failed requests. */
function watchForProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) =>
    problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return problems;
}

// The tests below visit every page in turn, sharing one browser page: triple the time budget.
test('every page in the sitemap renders with a title, without console errors or failed requests', async ({
  page,
  request,
}) => {
  test.slow();
  const problems = watchForProblems(page);
  for (const path of await readSitemapPaths(request)) {
    await test.step(path, async () => {
      problems.length = 0;
      const response = await page.goto(path, { waitUntil: 'networkidle' });
      expect(response?.status(), path).toBe(200);
      await expect(page).toHaveTitle(/\S/);
      await expect(page.locator('h1')).toHaveText(/\S/);
      expect(problems, path).toEqual([]);
    });
  }
});

test('an unknown page answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/docs/no-such-page/');
  expect(response?.status()).toBe(404);
  await expect(page.locator('h1')).toHaveText('Page not found');
  await expect(page.getByRole('link', { name: 'Go to the docs' })).toHaveAttribute('href', '/docs/');
});

// Starlight follows the system colour scheme. The themes differ only in colours, so the dark
// theme is checked for colour contrast alone, which halves the time axe takes.
for (const colorScheme of ['light', 'dark'] as const) {
  test(`no page has a serious or critical accessibility violation (${colorScheme} theme)`, async ({
    page,
    request,
  }) => {
    test.slow();
    await page.emulateMedia({ colorScheme });
    const paths = [...(await readSitemapPaths(request)), '/docs/no-such-page/'];
    for (const path of paths) {
      await test.step(path, async () => {
        // expressive-code marks overflowing code blocks focusable from a script; let it run first.
        await page.goto(path, { waitUntil: 'networkidle' });
        const axe = new AxeBuilder({ page });
        const { violations } = await (colorScheme === 'dark' ? axe.withRules(['color-contrast']) : axe).analyze();
        const serious = violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(
            ({ id, impact, help, nodes }) =>
              `${impact} ${id}: ${help} (${nodes.map((node) => node.target.join(' ')).join(', ')})`,
          );
        expect(serious, path).toEqual([]);
      });
    }
  });
}

test.describe('on a phone, 390 px wide', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('every table fits the width of the page, and no page has a serious or critical accessibility violation', async ({
    page,
    request,
  }) => {
    test.slow();
    for (const path of await readSitemapPaths(request)) {
      await test.step(path, async () => {
        await page.goto(path, { waitUntil: 'networkidle' });
        // A table wider than the page would cut off its last columns (tables reflow: site/styles/docs.css).
        const viewportWidth = page.viewportSize()!.width;
        const overflowing = await page
          .locator('.sl-markdown-content table')
          .evaluateAll(
            (tables, width) =>
              tables
                .filter(
                  (table) => table.getBoundingClientRect().right > width || table.scrollWidth > table.clientWidth + 1,
                )
                .map((table) => table.textContent!.trim().slice(0, 60)),
            viewportWidth,
          );
        expect(overflowing, path).toEqual([]);
        const { violations } = await new AxeBuilder({ page }).analyze();
        const serious = violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(
            ({ id, impact, help, nodes }) =>
              `${impact} ${id}: ${help} (${nodes.map((node) => node.target.join(' ')).join(', ')})`,
          );
        expect(serious, path).toEqual([]);
      });
    }
  });
});

test('every page has a title and a description of its own, the API reference pages included', async ({ request }) => {
  const paths = await readSitemapPaths(request);
  const seen = { title: new Map<string, string>(), description: new Map<string, string>() };
  const duplicates: string[] = [];
  for (const path of paths) {
    const document = parseHtml(await (await request.get(path)).text());
    const elements = [...walkElements(document)];
    const title = textContent(elements.find((element) => element.tagName === 'title')!);
    const description =
      attribute(
        elements.find((element) => element.tagName === 'meta' && attribute(element, 'name') === 'description')!,
        'content',
      ) ?? '';
    expect(description, path).toMatch(/\S/);
    for (const [kind, value] of [
      ['title', title],
      ['description', description],
    ] as const) {
      const other = seen[kind].get(value);
      if (other) duplicates.push(`${path} and ${other} share the ${kind} "${value}"`);
      seen[kind].set(value, path);
    }
  }
  expect(duplicates).toEqual([]);
  // The generated API pages are all described from the OpenAPI document, not by the plugin's defaults.
  const described = [...describeApiReferencePages(buildOpenApiDocument(loadSiteContext())).keys()].sort();
  expect(paths.filter((path) => path.startsWith(`/${API_REFERENCE_BASE}/`)).sort()).toEqual(described);
});

test('no page shows a literal backtick: code written the Markdown way in a definition renders as code', async ({
  page,
  request,
}) => {
  test.slow();
  for (const path of await readSitemapPaths(request)) {
    await page.goto(path);
    const stray = await page.locator('main').evaluate((main) => {
      const found: string[] = [];
      const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.textContent!.includes('`') && !node.parentElement!.closest('code, pre, script, style'))
          found.push(node.textContent!.trim().slice(0, 80));
      }
      return found;
    });
    expect(stray, path).toEqual([]);
  }
});
