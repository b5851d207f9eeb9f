import type { Page } from '@playwright/test';
import {
  buildBackoffSamples,
  buildConditionalRequestSamples,
  buildFirstCallSamples,
  buildLibrarySample,
} from '../../site/lib/docs/code-samples.ts';
import { loadRetryRule } from '../../site/lib/docs/retry-rule.ts';
import { readRateLimit } from '../../contract/rate-limit.ts';
import { loadSiteDataOrThrow } from '../../site/lib/data/load-site-data.ts';
import { isShortName } from '../../site/lib/docs/table-code-breaks.ts';
import { overflowingTables, seriousViolations } from './page-checks.ts';

const productionBaseUrl = loadSiteDataOrThrow({ dataDir: 'data' }).product.baseUrl;

/**
 * The checks of one page, run on one load per viewport (tests/e2e/page-sweep.spec.ts). A check
 * names the viewports it runs at and returns its problems, one line each: an empty list passes.
 * To add a check, add an entry to `pageChecks`; to check at another width, add a viewport to
 * `viewports` and name it in the checks that need it. A page is loaded once per viewport that
 * some check names.
 */
export const viewports = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
  /** The narrowest width WCAG's reflow criterion (1.4.10) asks for. */
  narrow: { width: 320, height: 800 },
} as const;

export type ViewportName = keyof typeof viewports;

/** What a check gets besides the page: what the load saw, and the site's own base URL. */
export interface LoadOutcome {
  path: string;
  status: number | undefined;
  /** Console errors, uncaught errors, failed requests and answers of 400 or more during the load. */
  loadProblems: string[];
  /** Cumulative layout shift from the first paint until the page settled, with its largest sources. */
  layoutShift: { cls: number; sources: string[] };
  /** The base URL the site was built for (its samples name it). */
  siteUrl: string;
}

export interface PageCheck {
  name: string;
  viewports: readonly ViewportName[];
  run(page: Page, load: LoadOutcome): Promise<string[]>;
}

/** Google's "good" cumulative layout shift. @see https://web.dev/articles/cls */
const GOOD_CLS = 0.1;

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

/**
 * The table-code check at the load's width, then at the widths between viewports that a table
 * lays out differently (1024 px, a tablet or a narrow desktop window): tables are CSS alone, so
 * resizing the desktop load lays them out as a load at that width would.
 */
async function splitWordsAt(page: Page, extraWidths: readonly number[]): Promise<string[]> {
  const problems = (await splitWords(page)).map((word) => `"${word}" is split`);
  const size = page.viewportSize()!;
  for (const width of extraWidths) {
    await page.setViewportSize({ ...size, width });
    problems.push(...(await splitWords(page)).map((word) => `at ${width} px, "${word}" is split`));
  }
  await page.setViewportSize(size);
  return problems;
}

/** Pages a reader scrolls through to find one thing stay short enough to scan, at 1440 px. */
const HEIGHT_LIMITS: Record<string, number> = { '/docs/mcp/': 6000 };

/** How far the page scrolls sideways, in CSS pixels: 0 when nothing sticks out. */
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The samples each page shows, from their source (site/lib/docs/code-samples.ts). */
function samplesFromSource(siteUrl: string): Record<string, string[]> {
  const platformsUrl = `${siteUrl}/api/v1/platforms`;
  const codes = (samples: { code: string }[]) => samples.map((sample) => sample.code);
  return {
    '/docs/': codes(buildFirstCallSamples(platformsUrl)),
    '/docs/cli/': [buildLibrarySample(siteUrl, productionBaseUrl)],
    '/docs/rate-limits/': [
      ...codes(buildBackoffSamples(platformsUrl, loadRetryRule(readRateLimit()))),
      ...codes(buildConditionalRequestSamples(platformsUrl)),
    ],
  };
}

/** The pages whose samples come from site/lib/docs/code-samples.ts. */
export const pagesWithSourcedSamples = Object.keys(samplesFromSource('https://x'));

/** Makes a block's copy button visible as a reader would: its tab, its picker entry, its collapsed section. */
async function reveal(page: Page, block: ReturnType<Page['locator']>): Promise<void> {
  const button = block.locator('.copy button');
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
  await block.evaluate((element) => {
    for (let details = element.closest('details'); details; details = details.parentElement!.closest('details'))
      details.open = true;
  });
}

/** Clicks each copy button as a reader does; what lands on the clipboard must be what its block shows. */
async function copyButtonProblems(page: Page, { path, siteUrl }: LoadOutcome): Promise<string[]> {
  const blocks = page.locator('.expressive-code');
  const problems: string[] = [];
  const copied: string[] = [];
  for (let index = 0; index < (await blocks.count()); index++) {
    const block = blocks.nth(index);
    await reveal(page, block);
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await block.locator('.copy button').click();
    const text = await waitForClipboard(page);
    // A collapsed section's summary line ("Show all (58 more lines)") is a control, not a line of the block.
    const shown = await block.locator('pre code').evaluate((code) =>
      [...code.querySelectorAll('.ec-line')]
        .filter((line) => !line.closest('summary'))
        .map((line) => line.textContent!.replace(/\n$/, ''))
        .join('\n'),
    );
    if (text !== shown)
      problems.push(`block ${index + 1} copies ${JSON.stringify(text)} but shows ${JSON.stringify(shown)}`);
    copied.push(text);
  }
  for (const sample of samplesFromSource(siteUrl)[path] ?? [])
    if (!copied.includes(sample)) problems.push(`no copy button copies this sample exactly: ${JSON.stringify(sample)}`);
  // Each click shows a "Copied" note that fades, then leaves the page: the checks after this one
  // (the dark theme's contrast) read the page as a reader finds it, not half-faded notes.
  await page.waitForFunction(() => document.querySelectorAll('.expressive-code .feedback').length === 0);
  return problems;
}

/** The clipboard once the click has written to it (the copy is asynchronous). */
async function waitForClipboard(page: Page): Promise<string> {
  await page.waitForFunction(async () => (await navigator.clipboard.readText()) !== '', undefined, { polling: 50 });
  return page.evaluate(() => navigator.clipboard.readText());
}

/** Every check of a page, in the order they run on its load (the copy and the theme change come last: they alter the page). */
export const pageChecks: PageCheck[] = [
  {
    name: 'loads with 200, no console error, no failed request',
    viewports: ['desktop', 'phone', 'narrow'],
    run: async (_page, { status, loadProblems }) => [
      ...(status === 200 ? [] : [`answered ${status}`]),
      ...loadProblems,
    ],
  },
  {
    name: `shifts its layout by less than ${GOOD_CLS}, streamed slowly`,
    viewports: ['desktop', 'phone'],
    run: async (_page, { layoutShift: { cls, sources } }) =>
      cls < GOOD_CLS ? [] : [`layout shift ${cls.toFixed(3)}: ${sources.join(', ')}`],
  },
  {
    name: 'has a title and an h1',
    viewports: ['desktop'],
    run: async (page) => {
      const title = (await page.title()).trim();
      const h1 = (await page.locator('h1').first().textContent())?.trim() ?? '';
      return [...(title ? [] : ['the title is empty']), ...(h1 ? [] : ['the h1 is empty or missing'])];
    },
  },
  {
    name: 'shows no stray backtick',
    viewports: ['desktop'],
    run: async (page) => (await strayBackticks(page)).map((text) => `stray backtick in "${text}"`),
  },
  {
    name: 'axe: no serious or critical violation, light theme',
    viewports: ['desktop', 'phone', 'narrow'],
    run: (page) => seriousViolations(page),
  },
  {
    name: 'table code breaks only at its break points (site/lib/docs/table-code-breaks.ts) or at a space',
    viewports: ['desktop', 'phone', 'narrow'],
    run: async (page) => splitWordsAt(page, page.viewportSize()!.width === viewports.desktop.width ? [1024] : []),
  },
  {
    name: 'tables fit the page',
    viewports: ['desktop', 'phone'],
    run: async (page) => (await overflowingTables(page)).map((table) => `a table overflows (${table})`),
  },
  {
    name: 'does not scroll sideways',
    viewports: ['desktop', 'phone'],
    run: async (page) => {
      const overflow = await horizontalOverflow(page);
      return overflow > 0 ? [`the page scrolls ${overflow} px sideways`] : [];
    },
  },
  {
    name: 'is no taller than its limit, if it has one',
    viewports: ['desktop'],
    run: async (page, { path }) => {
      const limit = HEIGHT_LIMITS[path];
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      return limit === undefined || height <= limit ? [] : [`${height} px tall, over its ${limit} px`];
    },
  },
  {
    name: 'every copy button copies what its block shows',
    viewports: ['desktop'],
    run: copyButtonProblems,
  },
  {
    name: 'axe: colour contrast in the dark theme',
    viewports: ['desktop'],
    run: async (page) => {
      // Starlight follows a change of the system's colour scheme at once: no reload.
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
      return seriousViolations(page, ['color-contrast']);
    },
  },
];
