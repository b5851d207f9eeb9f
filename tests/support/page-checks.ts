import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Axe's serious and critical violations on the page as it is now, one line each (only `rules`, when given).
 * Axe runs in the page itself (legacy mode) and returns violations only. By default it opens a blank
 * page for every run to merge the results of cross-origin frames, and returns every rule's passes
 * with their elements: on a docs page that tripled a run's cost. Legacy mode does not test
 * cross-origin frames; the site's pages have none, and a page that gains a frame fails here.
 */
export async function seriousViolations(page: Page, rules?: string[]): Promise<string[]> {
  const frames = page.frames().length - 1;
  if (frames > 0) return [`the page has ${frames} frame(s): test them with AxeBuilder's default mode`];
  const axe = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  const { violations } = await (rules ? axe.withRules(rules) : axe).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      ({ id, impact, help, nodes }) =>
        `${impact} ${id}: ${help} (${nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
}

/** The tables of the docs content wider than the page: they would cut off their last columns (tables reflow: site/styles/docs.css). */
export const overflowingTables = (page: Page) =>
  page
    .locator('.sl-markdown-content table')
    .evaluateAll(
      (tables, width) =>
        tables
          .filter((table) => table.getBoundingClientRect().right > width || table.scrollWidth > table.clientWidth + 1)
          .map((table) => table.textContent!.trim().slice(0, 60)),
      page.viewportSize()!.width,
    );
