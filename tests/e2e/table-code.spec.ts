import { expect, test, type Page } from '@playwright/test';
import { overflowingTables, seriousViolations } from '../support/page-checks.ts';
import { builtSitemapPaths } from '../support/sitemap.ts';
import { isShortName } from '../../site/lib/docs/table-code-breaks.ts';

/**
 * Code in tables stays whole and tables still fit a phone: a cell's code may wrap only where the
 * build put a break point (after `/`, `.`, `-` …: site/lib/docs/table-code-breaks.ts) or at a
 * space, never inside a word ("capabilitie|s"), and short code not at all, at 320, 390, 1024 and 1440 px; at 1440 px no table is
 * wider than the page (at 390 px, pages.spec.ts checks it); and at 320 px, the narrowest width
 * WCAG's reflow criterion (1.4.10) asks for, axe finds nothing serious. Wide code blocks are reachable from the keyboard before any script
 * has run: with scripts off, axe finds no scrollable region that cannot take focus.
 */

/**
 * Words of table-cell code (text between spaces and break points) that the browser laid out on more
 * than one line, and short code without a hyphen (`list_platforms`: `isShortName`) not on one line.
 */
const splitWords = async (page: Page) => {
  const { split, codes } = await page.evaluate(() => {
    const split: string[] = [];
    const codes: { text: string; lines: number }[] = [];
    const lineTops = (node: Node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
    };
    for (const code of document.querySelectorAll('.sl-markdown-content :is(td, th) code')) {
      codes.push({ text: code.textContent!, lines: lineTops(code).size });
      const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of node.textContent!.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => rect.top));
          if (lines.size > 1) split.push(match[0]);
        }
      }
    }
    return { split, codes };
  });
  return [...split, ...codes.filter(({ text, lines }) => isShortName(text) && lines > 1).map(({ text }) => text)];
};

const pagesWithTables = builtSitemapPaths();

for (const width of [320, 390, 1024, 1440]) {
  test(`at ${width} px, table code breaks only at its break points${width === 1440 ? ', and tables fit' : ''}`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    const problems: string[] = [];
    let words = 0;
    for (const path of pagesWithTables) {
      await page.goto(path, { waitUntil: 'networkidle' });
      words += await page.locator('.sl-markdown-content :is(td, th) code').count();
      problems.push(...(await splitWords(page)).map((word) => `${path}: "${word}" is split`));
      // At 390 px, every page's phone check (pages.spec.ts) sees that its tables fit.
      if (width === 1440)
        problems.push(...(await overflowingTables(page)).map((table) => `${path}: a table overflows (${table})`));
      if (width === 320) problems.push(...(await seriousViolations(page)).map((line) => `${path}: ${line}`));
    }
    expect(words).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
}

test.describe('before any script has run', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('at 390 px, every scrollable region can take focus', async ({ page }) => {
    test.setTimeout(240_000);
    // The pages' scripts are not fetched (axe needs scripts, so they cannot be turned off):
    // Expressive Code's, which adds tabindex to the blocks it measures as scrolling, among them.
    await page.route('**/*', (route) =>
      route.request().resourceType() === 'script' ? route.abort() : route.continue(),
    );
    const problems: string[] = [];
    for (const path of builtSitemapPaths()) {
      await page.goto(path);
      problems.push(
        ...(await seriousViolations(page, ['scrollable-region-focusable'])).map((line) => `${path}: ${line}`),
      );
    }
    expect(problems).toEqual([]);
  });
});
