import type { Page } from '@playwright/test';
import {
  buildBackoffSamples,
  buildConditionalRequestSamples,
  buildFirstCallSamples,
  buildLibrarySample,
} from '../../site/lib/docs/code-samples.ts';
import { loadRetryRule } from '../../site/lib/docs/retry-rule.ts';
import { readRateLimit } from '../../contract/rate-limit.ts';
import { overBudget, pageHeightBudgets } from '../../tooling/budgets.ts';
import { loadSiteDataOrThrow } from '../../site/lib/data/load-site-data.ts';
import { CELL_VALUE_CHARACTERS, isShortName } from '../../site/lib/docs/table-code-breaks.ts';
import { overflowingTables, seriousViolations } from './page-checks.ts';
import { screenEmulationMetrics } from 'lighthouse/core/config/constants.js';

const lighthouseDesktop = screenEmulationMetrics.desktop!;
const productionBaseUrl = loadSiteDataOrThrow({ dataDir: 'data' }).product.baseUrl;

/**
 * The checks of one page (tests/e2e/page-sweep.spec.ts). A check names the viewports it runs at
 * and returns its problems, one line each: an empty list passes. To add a check, add an entry to
 * `pageChecks`; to check at another width, add a viewport to `viewports` and name it in the checks
 * that need it.
 *
 * A page is loaded as `loads` says: at 1350 px, then resized to 1024 px; at 320 px, then resized
 * to 390 px. Resizing lays the page out again as a load at
 * that width would (tables and reflow are CSS; Expressive Code marks the blocks that scroll from a
 * ResizeObserver, and every block that scrolls at 390 px already scrolls at 320 px). Checks of the
 * load itself (its problems, its layout shift) name a viewport that is loaded.
 */
export const viewports = {
  /** The desktop Lighthouse scores (tooling/bench/lighthouse.ts): what it sees, the sweep sees. */
  desktop: { width: lighthouseDesktop.width, height: lighthouseDesktop.height },
  /** A tablet or a narrow desktop window: the widths where tables lay out between the two. */
  tablet: { width: 1024, height: 900 },
  /** The narrowest width WCAG's reflow criterion (1.4.10) asks for. */
  narrow: { width: 320, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** The loads of a page, each a viewport loaded, then the viewports it is resized to, in order. */
export const loads = [
  { load: 'desktop', resizedTo: ['tablet'], scrollbars: 'classic' },
  { load: 'narrow', resizedTo: ['phone'], scrollbars: 'overlay' },
] as const satisfies readonly {
  load: ViewportName;
  resizedTo: readonly ViewportName[];
  /**
   * A desktop browser on Windows or Linux draws classic scrollbars: 15 px of the width go to the
   * scrollbar once the page is taller than the window, so a page painted before that is laid out
   * again, narrower. A phone's scrollbars overlay the page and take no width.
   */
  scrollbars: 'classic' | 'overlay';
}[];

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
  /** Reads what the load saw (`LoadOutcome`): it names only viewports that are loaded, not resized to. */
  readsLoad?: true;
  /** Runs after the checks that leave the page as it is, at the loaded width. */
  altersPage?: true;
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

/**
 * Clicks each copy button in the page, one after the other, as a reader would: first its block is
 * made visible (its tab, its entry in a picker, its collapsed sections opened), then its button,
 * which must be visible and on top where a pointer lands, is clicked, and what its handler wrote to the clipboard is read. One call
 * into the page for all the blocks: a round trip per action made this check the sweep's slowest.
 */
const copyEveryBlock = (page: Page) =>
  page.evaluate(async () => {
    const select = (element: HTMLSelectElement | null | undefined, value: string) => {
      if (!element) return;
      element.value = value;
      element.dispatchEvent(new Event('change', { bubbles: true }));
    };
    const copies: { copied: string; shown: string; problem?: string }[] = [];
    for (const block of document.querySelectorAll<HTMLElement>('.expressive-code')) {
      const button = block.querySelector<HTMLButtonElement>('.copy button');
      const tabId = block.closest('[role="tabpanel"]')?.getAttribute('aria-labelledby');
      if (tabId && !button?.checkVisibility()) document.getElementById(tabId)?.click();
      // A sample of the API reference's picker (starlight-openapi): pick it in the select.
      const snippetId = block.closest<HTMLElement>('[data-openapi-snippet-id]')?.dataset.openapiSnippetId;
      if (snippetId && !button?.checkVisibility())
        select(document.querySelector('sl-openapi-snippet-picker select'), snippetId);
      // One of several examples of an answer (starlight-openapi's content picker): pick it.
      const example = block.closest<HTMLElement>('[data-openapi-content-type]');
      if (example && !button?.checkVisibility())
        select(
          example.closest('starlight-openapi-content-picker')?.querySelector(':scope > * > select'),
          example.dataset.openapiContentType!,
        );
      for (let details = block.closest('details'); details; details = details.parentElement!.closest('details'))
        details.open = true;
      // A collapsed section's summary line ("Show all (58 more lines)") is a control, not a line of the block.
      const shown = [...block.querySelectorAll('pre code .ec-line')]
        .filter((line) => !line.closest('summary'))
        .map((line) => line.textContent!.replace(/\n$/, ''))
        .join('\n');
      if (!button?.checkVisibility()) {
        copies.push({ copied: '', shown, problem: 'its copy button cannot be seen' });
        continue;
      }
      // Where a pointer lands on the button, nothing else is on top of it (what a real click needs).
      button.scrollIntoView({ block: 'center' });
      const box = button.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      if (!hit || !button.contains(hit)) {
        copies.push({ copied: '', shown, problem: `its copy button is under ${hit?.outerHTML.slice(0, 80)}` });
        continue;
      }
      await navigator.clipboard.writeText('');
      button.click();
      let copied = '';
      // The copy is asynchronous: the clipboard once the click has written to it.
      for (let tries = 0; tries < 1000 && !copied; tries++) {
        copied = await navigator.clipboard.readText();
        if (!copied) await new Promise((done) => setTimeout(done, 10));
      }
      copies.push({ copied, shown });
    }
    return copies;
  });

/** Every copy button copies what its block shows; each sample from source is copied by one of them exactly. */
async function copyButtonProblems(page: Page, { path, siteUrl }: LoadOutcome): Promise<string[]> {
  const copies = await copyEveryBlock(page);
  const problems = copies.flatMap(({ copied, shown, problem }, index) =>
    problem
      ? [`block ${index + 1}: ${problem}`]
      : copied === shown
        ? []
        : [`block ${index + 1} copies ${JSON.stringify(copied)} but shows ${JSON.stringify(shown)}`],
  );
  const copied = copies.map((copy) => copy.copied);
  for (const sample of samplesFromSource(siteUrl)[path] ?? [])
    if (!copied.includes(sample)) problems.push(`no copy button copies this sample exactly: ${JSON.stringify(sample)}`);
  return problems;
}

/**
 * Every check of a page, in the order they run. On each load, the checks that leave the page as
 * they found it run first, at the loaded width and then at each width it is resized to; the ones
 * that alter it (`altersPage`: the theme change, then the copy, which opens tabs and sections) run
 * last, back at the loaded width.
 */
export const pageChecks: PageCheck[] = [
  {
    name: 'loads with 200, no console error, no failed request',
    viewports: ['desktop', 'narrow'],
    readsLoad: true,
    run: async (_page, { status, loadProblems }) => [
      ...(status === 200 ? [] : [`answered ${status}`]),
      ...loadProblems,
    ],
  },
  {
    name: `shifts its layout by less than ${GOOD_CLS}, streamed slowly`,
    viewports: ['desktop', 'narrow'],
    readsLoad: true,
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
    // At 320 px the page shows what it shows at 390 px (Starlight's layout changes at 800 and
    // 1152 px), in less room: axe there covers the phone.
    name: 'axe: no serious or critical violation, light theme',
    viewports: ['desktop', 'narrow'],
    run: (page) => seriousViolations(page),
  },
  {
    name: 'table code breaks only at its break points (site/lib/docs/table-code-breaks.ts) or at a space',
    viewports: ['desktop', 'tablet', 'narrow', 'phone'],
    run: async (page) => (await splitWords(page)).map((word) => `"${word}" is split`),
  },
  {
    name: `at desktop width, a cell that is one piece of code up to ${CELL_VALUE_CHARACTERS} characters is on one line`,
    viewports: ['desktop'],
    run: async (page) =>
      (
        await page.evaluate((most) => {
          const split: string[] = [];
          for (const cell of document.querySelectorAll('.sl-markdown-content :is(td, th)')) {
            const code = cell.querySelector('code');
            const text = code?.textContent ?? '';
            if (!code || cell.textContent!.trim() !== text || [...text].length > most) continue;
            const range = document.createRange();
            range.selectNodeContents(code);
            const lines = new Set(
              [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)),
            );
            if (lines.size > 1) split.push(text);
          }
          return split;
        }, CELL_VALUE_CHARACTERS)
      ).map((value) => `"${value}" is split`),
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
    name: 'is no taller than its budget, if it has one (tooling/budgets.ts)',
    viewports: ['desktop'],
    run: async (page, { path }) => {
      const budget = pageHeightBudgets[path];
      if (budget === undefined) return [];
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      const over = overBudget(budget, height, `pageHeightBudgets['${path}']`);
      return over === undefined ? [] : [over];
    },
  },
  {
    name: 'axe: colour contrast in the dark theme',
    viewports: ['desktop'],
    altersPage: true,
    run: async (page) => {
      // Starlight follows a change of the system's colour scheme at once: no reload.
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
      return seriousViolations(page, ['color-contrast']);
    },
  },
  {
    name: 'every copy button copies what its block shows',
    viewports: ['desktop'],
    altersPage: true,
    run: copyButtonProblems,
  },
];
