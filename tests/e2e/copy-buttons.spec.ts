import { expect, test, type Page } from '@playwright/test';
import {
  buildBackoffSamples,
  buildConditionalRequestSamples,
  buildFirstCallSamples,
  buildLibrarySample,
} from '../../site/lib/docs/code-samples.ts';
import { loadRetryRule } from '../../site/lib/docs/retry-rule.ts';
import { readRateLimit } from '../../contract/rate-limit.ts';
import { builtSitemapPaths } from '../support/sitemap.ts';
import { loadSiteDataOrThrow } from '../../site/lib/data/load-site-data.ts';

const productionBaseUrl = loadSiteDataOrThrow({ dataDir: 'data' }).product.baseUrl;

/**
 * Every code sample keeps its exact text from source to screen to clipboard. On every page of the
 * sitemap, each copy button is clicked as a reader clicks it (its tab opened first), and what
 * lands on the clipboard must be the text the block shows, line for line, indentation included.
 * The multi-line samples written in site/lib/docs/code-samples.ts must each be copied, exactly,
 * off the page that shows them: MDX used to strip their indentation.
 */

/** The samples each page shows, from their source. */
function samplesFromSource(baseUrl: string): Record<string, string[]> {
  const platformsUrl = `${baseUrl}/api/v1/platforms`;
  const codes = (samples: { code: string }[]) => samples.map((sample) => sample.code);
  return {
    '/docs/': codes(buildFirstCallSamples(platformsUrl)),
    '/docs/cli/': [buildLibrarySample(baseUrl, productionBaseUrl)],
    '/docs/rate-limits/': [
      ...codes(buildBackoffSamples(platformsUrl, loadRetryRule(readRateLimit()))),
      ...codes(buildConditionalRequestSamples(platformsUrl)),
    ],
  };
}

/** Each copy button's block: what the button copies and what the block shows on screen. */
async function copyEveryBlock(page: Page): Promise<{ copied: string; shown: string }[]> {
  const blocks = page.locator('.expressive-code');
  const results: { copied: string; shown: string }[] = [];
  for (let index = 0; index < (await blocks.count()); index++) {
    const block = blocks.nth(index);
    const button = block.locator('.copy button');
    // A block in a tab that is not selected: select its tab, as a reader would.
    const tabId = await block.evaluate(
      (element) => element.closest('[role="tabpanel"]')?.getAttribute('aria-labelledby') ?? null,
    );
    if (tabId && !(await button.isVisible())) await page.locator(`[role="tab"][id="${tabId}"]`).click();
    // A sample of the API reference's picker (starlight-openapi): pick it in the select.
    const snippetId = await block.evaluate(
      (element) => element.closest<HTMLElement>('[data-openapi-snippet-id]')?.dataset.openapiSnippetId ?? null,
    );
    if (snippetId && !(await button.isVisible()))
      await page.locator('sl-openapi-snippet-picker select').selectOption(snippetId);
    // One of several examples of an answer (starlight-openapi's content picker): pick it.
    const exampleId = await block.evaluate(
      (element) => element.closest<HTMLElement>('[data-openapi-content-type]')?.dataset.openapiContentType ?? null,
    );
    if (exampleId && !(await button.isVisible()))
      await block
        .locator('xpath=ancestor::starlight-openapi-content-picker[1]')
        .locator('select')
        .first()
        .selectOption(exampleId);
    // A block in a closed <details> (a collapsed section): open it.
    await block.evaluate((element) => {
      for (let details = element.closest('details'); details; details = details.parentElement!.closest('details'))
        details.open = true;
    });
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await button.click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).not.toBe('');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    // A collapsed section's summary line ("Show all (58 more lines)") is a control, not a line of the block.
    const shown = await block.locator('pre code').evaluate((code) =>
      [...code.querySelectorAll('.ec-line')]
        .filter((line) => !line.closest('summary'))
        .map((line) => line.textContent!.replace(/\n$/, ''))
        .join('\n'),
    );
    results.push({ copied, shown });
  }
  return results;
}

test.describe('every copy button copies what its block shows', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  });

  for (const path of builtSitemapPaths()) {
    test(path, async ({ page, baseURL }) => {
      test.setTimeout(180_000);
      await page.goto(path);
      const blocks = await copyEveryBlock(page);
      for (const { copied, shown } of blocks) expect(copied).toBe(shown);
      const expected = samplesFromSource(baseURL!)[path] ?? [];
      const copied = blocks.map((block) => block.copied);
      for (const sample of expected) expect(copied, `${path} shows this sample exactly`).toContain(sample);
    });
  }

  test('the pages with samples from site/lib/docs/code-samples.ts are in the sitemap', () => {
    expect(builtSitemapPaths()).toEqual(expect.arrayContaining(Object.keys(samplesFromSource('https://x'))));
  });
});
