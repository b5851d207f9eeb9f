import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { llmsFullBudgets, overBudget } from '../../tooling/budgets.ts';
import { testSite } from '../support/test-build.ts';

/**
 * `/llms-full.txt` fits an agent's context in one read: its budgets in tokens (OpenAI's o200k_base
 * encoding) and bytes, with their reasons, are tooling/budgets.ts's; `npm run measure:docs` prints
 * each figure beside its budget.
 */
describe('/llms-full.txt, as the test run built it', () => {
  const text = readFileSync(join(testSite().dir, 'llms-full.txt'), 'utf8');
  const { tokens, bytes } = llmsFullBudgets;

  it(`is at most ${tokens.limit} tokens (o200k_base) and ${bytes.limit / 1024} KiB`, () => {
    const over = [
      overBudget(tokens, countTokens(text), 'llmsFullBudgets.tokens'),
      overBudget(bytes, Buffer.byteLength(text), 'llmsFullBudgets.bytes'),
    ].filter(Boolean);
    assert.deepEqual(over, []);
  });
});
