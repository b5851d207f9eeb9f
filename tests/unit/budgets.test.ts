import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { llmsFullBudgets, overBudget, pageHeightBudgets } from '../../tooling/budgets.ts';

/** A figure over its budget names the budget, the figure, the limit, where it lives and what to do. */
describe('a budget (tooling/budgets.ts)', () => {
  it('says nothing at its limit', () =>
    assert.equal(
      overBudget(llmsFullBudgets.tokens, llmsFullBudgets.tokens.limit, 'llmsFullBudgets.tokens'),
      undefined,
    ));

  it('over it, one line: what, the figure, the limit, and shorten, link or raise it with a reason', () =>
    assert.equal(
      overBudget(llmsFullBudgets.tokens, llmsFullBudgets.tokens.limit + 1, 'llmsFullBudgets.tokens'),
      `/llms-full.txt (o200k_base tokens) is ${llmsFullBudgets.tokens.limit + 1} tokens, over its budget of ${llmsFullBudgets.tokens.limit} tokens (llmsFullBudgets.tokens in tooling/budgets.ts): shorten the text, link to a page instead of inlining it, or raise the budget in tooling/budgets.ts with a reason`,
    ));

  it('each has a reason', () => {
    for (const budget of [...Object.values(llmsFullBudgets), ...Object.values(pageHeightBudgets)])
      assert.ok(budget.reason.length > 40, budget.what);
  });
});
