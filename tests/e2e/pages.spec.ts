import { expect, test, type Page } from '@playwright/test';
import { describeApiReferencePages } from '../../site/lib/docs/api-reference-pages.ts';
import { API_REFERENCE_BASE } from '../../site/lib/docs/docs-navigation.ts';
import { buildOpenApiDocument } from '../../site/lib/openapi/build-openapi-document.ts';
import { loadSiteContext } from '../../site/lib/site-context.ts';
import { attribute, parseHtml, textContent, walkElements } from '../support/html-tree.ts';
import { overflowingTables, seriousViolations } from '../support/page-checks.ts';
import { builtSitemapPaths, readSitemapPaths } from '../support/sitemap.ts';

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

/** Text in `main` outside code that holds a backtick: code written the Markdown way that did not render as code. */
const strayBackticks = (page: Page) =>
  page.locator('main').evaluate((main) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.textContent!.includes('`') && !node.parentElement!.closest('code, pre, script, style'))
        found.push(node.textContent!.trim().slice(0, 80));
    }
    return found;
  });

const PHONE = { width: 390, height: 844 };

/**
 * Each page of the sitemap, in a test of its own (its own time budget, so that a slow machine
 * slows a page, not a sweep): it renders without console errors or failed requests, shows no
 * stray backtick, and has no serious or critical accessibility violation in the light theme on a
 * desktop, in the dark theme (which differs only in colours, so there axe checks colour contrast
 * alone) and on a phone (where its tables also fit). One load serves the desktop checks, one the phone's.
 */
test.describe('every page of the sitemap', () => {
  for (const path of builtSitemapPaths()) {
    test(path, async ({ page }) => {
      test.setTimeout(180_000);
      const problems = watchForProblems(page);
      await test.step('renders, light theme, desktop', async () => {
        // expressive-code marks overflowing code blocks focusable from a script; let it run first.
        const response = await page.goto(path, { waitUntil: 'networkidle' });
        expect(response?.status()).toBe(200);
        await expect(page).toHaveTitle(/\S/);
        await expect(page.locator('h1')).toHaveText(/\S/);
        expect(problems).toEqual([]);
        expect(await strayBackticks(page)).toEqual([]);
        expect(await seriousViolations(page)).toEqual([]);
      });
      await test.step('dark theme', async () => {
        // Starlight follows a change of the system's colour scheme at once: no reload.
        await page.emulateMedia({ colorScheme: 'dark' });
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
        expect(await seriousViolations(page, ['color-contrast'])).toEqual([]);
      });
      await test.step('on a phone, 390 px wide', async () => {
        await page.emulateMedia({ colorScheme: 'light' });
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
        await page.setViewportSize(PHONE);
        // Loaded again at phone width: expressive-code decides at load which code blocks overflow
        // (and so must be focusable), as it does for a reader on a phone.
        await page.reload({ waitUntil: 'networkidle' });
        expect(await overflowingTables(page)).toEqual([]);
        expect(await seriousViolations(page)).toEqual([]);
      });
    });
  }
});

test('an unknown page answers 404 with the not-found page, accessible', async ({ page }) => {
  const response = await page.goto('/docs/no-such-page/', { waitUntil: 'networkidle' });
  expect(response?.status()).toBe(404);
  await expect(page.locator('h1')).toHaveText('Page not found');
  await expect(page.getByRole('link', { name: 'Go to the docs' })).toHaveAttribute('href', '/docs/');
  expect(await seriousViolations(page)).toEqual([]);
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
