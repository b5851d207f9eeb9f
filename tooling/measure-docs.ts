/**
 * `npm run measure:docs [-- <dist>]`: how long and how plain the docs of a build are, as readers
 * get them (tooling/docs-lint/measure-docs.ts): tokens of /llms-full.txt, /llms.txt and each
 * twin, words per sentence of the docs pages, and each figure beside its budget
 * (tooling/budgets.ts), the contributor docs' bytes among them (read from the checkout, not the
 * build). Prints JSON; run it on two builds to compare.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CONTRIBUTOR_DOCS, contributorDocsBudget, llmsFullBudgets, pageHeightBudgets, type Budget } from './budgets.ts';
import { measureDocs } from './docs-lint/measure-docs.ts';

const dir = process.argv[2] ?? 'dist';
const figures = measureDocs(dir);
const beside = (budget: Budget, figure: number | undefined) => ({
  figure: figure ?? 'measured in a browser by tests/e2e/page-sweep.spec.ts',
  limit: budget.limit,
  unit: budget.unit,
  ...(figure !== undefined && { room: budget.limit - figure }),
  reason: budget.reason,
});
const budgets = {
  'llms-full.txt tokens': beside(llmsFullBudgets.tokens, figures.llmsFullTokens),
  'llms-full.txt bytes': beside(llmsFullBudgets.bytes, Buffer.byteLength(readFileSync(join(dir, 'llms-full.txt')))),
  'contributor docs bytes': beside(
    contributorDocsBudget,
    CONTRIBUTOR_DOCS.reduce((sum, file) => sum + Buffer.byteLength(readFileSync(file)), 0),
  ),
  ...Object.fromEntries(
    Object.entries(pageHeightBudgets).map(([path, budget]) => [`${path} height`, beside(budget, undefined)]),
  ),
};
console.log(JSON.stringify({ dist: relative('.', dir) || dir, ...figures, budgets }, null, 2));
