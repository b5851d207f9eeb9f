/**
 * Every size budget of the site and its contributor docs, in one place, each with its reason. The
 * tests read them (tests/artifacts/llms-full.test.ts, the page sweep's height check,
 * tests/unit/contributor-docs-size.test.ts) and `npm run measure:docs`
 * prints each figure beside its budget. Raise one here, with its reason, when the content it
 * bounds has to grow; say why in the commit.
 */
export interface Budget {
  /** What is measured, as a reader names it. */
  what: string;
  limit: number;
  unit: 'tokens' | 'bytes' | 'px';
  /** Why the limit, and how much room today's content leaves. */
  reason: string;
}

export const BUDGETS_FILE = 'tooling/budgets.ts';

/** `/llms-full.txt`, read by an agent in one go: every docs page inlined. */
export const llmsFullBudgets = {
  tokens: {
    what: '/llms-full.txt (o200k_base tokens)',
    limit: 20_000,
    unit: 'tokens',
    reason:
      "an agent reads it in one call: Claude Code's Read tool stops at 25,000 tokens, and 20,000 leaves a quarter in hand for tokenizers that count more than o200k_base. About 15,000 tokens in 2026-11 left room for about nine more pages of 400 words (about 550 tokens each).",
  },
  bytes: {
    what: '/llms-full.txt (bytes)',
    limit: 80 * 1024,
    unit: 'bytes',
    reason:
      'the same file in bytes (about 3.7 bytes a token), for readers that cut by size: 55,393 bytes in 2026-11, room for the same nine pages.',
  },
} as const satisfies Record<string, Budget>;

/**
 * Pages a reader scrolls through to find one thing stay short enough to scan, at 1350 px with a
 * classic scrollbar (the page sweep's desktop load). Only pages listed here have a limit.
 */
export const pageHeightBudgets: Record<string, Budget> = {
  '/docs/mcp/': {
    what: 'the height of /docs/mcp/ at 1350 px',
    limit: 6500,
    unit: 'px',
    reason:
      'the page shows a snippet for each MCP client, and a reader scans it for one: 6,166 px in 2026-11 (5,965 px at 1440 px without a scrollbar); 6,500 px leaves room for one more client (about 300 px).',
  },
};

/** The guides a new contributor reads before a first change, in the order they read them. */
export const CONTRIBUTOR_DOCS = ['README.md', 'CONTRIBUTING.md', 'ARCHITECTURE.md'] as const;

/** The contributor docs, together: read in one sitting. Details live next to their code. */
export const contributorDocsBudget: Budget = {
  what: 'README.md, CONTRIBUTING.md and ARCHITECTURE.md together (bytes)',
  limit: 60 * 1024,
  unit: 'bytes',
  reason:
    "a new contributor reads the three in one sitting before a first change. They were 87,726 bytes in 2026-11, with the threat model, the release and MCP reasoning and the maintainers' steps inline; those moved next to their code (SECURITY.md and a README.md in each folder), leaving 59,676 (about 1,800 bytes of room: a new section moves a detail out first).",
};

/**
 * The contributor docs against their budget: undefined when within, else one line naming each
 * file's size, the total, the budget and what to do.
 */
export function contributorDocsOverBudget(sizes: Record<string, number>): string | undefined {
  const total = Object.values(sizes).reduce((sum, size) => sum + size, 0);
  if (total <= contributorDocsBudget.limit) return undefined;
  const each = Object.entries(sizes)
    .map(([file, size]) => `${file} ${size}`)
    .join(', ');
  return `${each}: ${total} bytes together, over their budget of ${contributorDocsBudget.limit} bytes (contributorDocsBudget in ${BUDGETS_FILE}): move details next to the code they describe (a README.md in that folder, or SECURITY.md) and link to them, or raise the budget in ${BUDGETS_FILE} with a reason`;
}

/** A figure against its budget: undefined when within, else one line naming what to do. */
export function overBudget(budget: Budget, figure: number, key: string): string | undefined {
  if (figure <= budget.limit) return undefined;
  return `${budget.what} is ${figure} ${budget.unit}, over its budget of ${budget.limit} ${budget.unit} (${key} in ${BUDGETS_FILE}): shorten the text, link to a page instead of inlining it, or raise the budget in ${BUDGETS_FILE} with a reason`;
}
