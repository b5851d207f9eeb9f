import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { testSite } from '../support/test-build.ts';

/**
 * `/llms-full.txt` fits an agent's context in one read: at most 15,000 tokens as OpenAI's o200k_base
 * encoding counts them (`npm run measure:docs` prints the figure), and 60 KiB.
 */
const LIMITS = { tokens: 15_000, bytes: 60 * 1024 };

describe('/llms-full.txt, as the test run built it', () => {
  const text = readFileSync(join(testSite().dir, 'llms-full.txt'), 'utf8');

  it(`is at most ${LIMITS.tokens} tokens (o200k_base) and ${LIMITS.bytes / 1024} KiB`, () => {
    assert.ok(countTokens(text) <= LIMITS.tokens, `${countTokens(text)} tokens`);
    assert.ok(Buffer.byteLength(text) <= LIMITS.bytes, `${Buffer.byteLength(text)} bytes`);
  });
});
