import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Axe's serious and critical violations on the page as it is now, one line each (only `rules`, when given). */
export async function seriousViolations(page: Page, rules?: string[]): Promise<string[]> {
  const axe = new AxeBuilder({ page });
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
