import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_RETRIES } from '../../client/src/api/retry-policy.ts';
import { run } from '../../client/src/run.ts';
import { readRateLimit } from '../../contract/rate-limit.ts';
import { findBackoffRange, loadRetryRule } from '../../site/lib/docs/retry-rule.ts';
import { createTestIo } from '../support/cli-io.ts';
import { FAKE_API, fakeApi } from '../support/fake-api.ts';
import { validPlatforms } from '../support/misbehaving-server.ts';

/**
 * The retry rule as `/docs/rate-limits/` states it (site/lib/docs/retry-rule.ts), held against
 * what the command-line client does, which the page says follows it: the client is run with an API
 * that answers 429 without Retry-After, and every wait must fall in the range the page states for
 * that retry, whatever the random draw.
 */
const rule = loadRetryRule(readRateLimit());
const limited = { status: 429, body: { error: 'Too Many Requests', statusCode: 429 } };

async function waitsOf(retries: number, answers: { status?: number; body: unknown }[], random: number) {
  const waits: number[] = [];
  const io = createTestIo({
    env: { EARSHOT_BASE_URL: FAKE_API },
    fetch: fakeApi({ [`${FAKE_API}/api/v1/platforms`]: answers }).fetch,
    random: () => random,
    sleep: async (ms) => void waits.push(ms),
  });
  const code = await run(['platforms', '--retries', String(retries), '--max-wait', '3600'], io);
  return { code, waits };
}

describe('the retry rule of /docs/rate-limits/, as the client runs it', () => {
  for (const random of [0, 0.5, 0.999999]) {
    it(`without Retry-After, each of ${MAX_RETRIES} retries waits within the stated range (random draw ${random})`, async () => {
      const answers = [...Array.from({ length: MAX_RETRIES }, () => limited), { body: validPlatforms }];
      const { code, waits } = await waitsOf(MAX_RETRIES, answers, random);
      assert.equal(code, 0);
      assert.equal(waits.length, MAX_RETRIES);
      waits.forEach((ms, retryIndex) => {
        const { fromSeconds, toSeconds } = findBackoffRange(rule, retryIndex);
        assert.ok(ms >= fromSeconds * 1000 && ms <= toSeconds * 1000, `retry ${retryIndex}: ${ms} ms`);
      });
    });
  }

  it(`by default, retries ${rule.retries} times, then reports the failure (exit 3)`, async () => {
    const waits: number[] = [];
    const io = createTestIo({
      env: { EARSHOT_BASE_URL: FAKE_API },
      fetch: fakeApi({ [`${FAKE_API}/api/v1/platforms`]: Array.from({ length: 20 }, () => limited) }).fetch,
      sleep: async (ms) => void waits.push(ms),
    });
    assert.equal(await run(['platforms'], io), 3);
    assert.equal(waits.length, rule.retries);
  });

  it('does not retry another error status', async () => {
    const { code, waits } = await waitsOf(rule.retries, [{ status: 503, body: {} }, { body: validPlatforms }], 0);
    assert.notEqual(code, 0);
    assert.deepEqual(waits, []);
  });
});
