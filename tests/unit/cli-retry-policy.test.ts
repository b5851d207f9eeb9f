import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ANNOUNCED_WAIT_MS,
  computeBackoffMs,
  DEFAULT_RETRIES,
  DEFAULT_RETRY_POLICY,
  MAX_MAX_WAIT_SECONDS,
  MAX_RETRIES,
  MCP_MAX_WAIT_SECONDS,
  parseRetryAfter,
} from '../../client/src/api/retry-policy.ts';
import { loadRetryRule } from '../../site/lib/docs/retry-rule.ts';

const NOW = Date.parse('2026-11-01T12:00:00Z');

describe('parseRetryAfter (RFC 9110 §10.2.3)', () => {
  const cases: [string, { given: string | null; want: number | undefined }][] = [
    ['absent', { given: null, want: undefined }],
    ['delay-seconds', { given: '120', want: 120_000 }],
    ['zero', { given: '0', want: 0 }],
    ['spaces around', { given: ' 7 ', want: 7_000 }],
    ['an HTTP-date in the future', { given: 'Sun, 01 Nov 2026 12:00:30 GMT', want: 30_000 }],
    ['an HTTP-date in the past means now', { given: 'Sun, 01 Nov 2026 11:00:00 GMT', want: 0 }],
    ['a negative number', { given: '-5', want: undefined }],
    ['a fraction', { given: '1.5', want: undefined }],
    ['words', { given: 'soon', want: undefined }],
    ['empty', { given: '', want: undefined }],
    ['a date without its zone', { given: '2026-11-01 12:00:30', want: undefined }],
    // Date.parse would read these an hour off, or read past the words before the date.
    ['a date with an offset after GMT', { given: 'Sun, 01 Nov 2026 12:00:30 GMT-0100', want: undefined }],
    ['words before the date', { given: 'at Sun, 01 Nov 2026 12:00:30 GMT', want: undefined }],
    ['a weekday without its comma', { given: 'Sun 01 Nov 2026 12:00:30 GMT', want: 30_000 }],
  ];
  for (const [name, { given, want }] of cases) {
    it(name, () => assert.equal(parseRetryAfter(given, NOW), want));
  }
});

describe('computeBackoffMs', () => {
  it('doubles from the base step up to the cap, with half of each step jittered', () => {
    const steps = [1000, 2000, 4000, 8000, 8000];
    steps.forEach((step, retry) => {
      assert.equal(
        computeBackoffMs(retry, DEFAULT_RETRY_POLICY, () => 0),
        step / 2,
      );
      assert.equal(
        computeBackoffMs(retry, DEFAULT_RETRY_POLICY, () => 1),
        step,
      );
    });
  });
});

/**
 * Numbers that are promises: the docs, the help text and the Agent Skill print them (from these
 * constants), and users build on them. Each is written out here as the docs state it, so that
 * changing one is a visible, reviewed change to a test, not a silent change to every page.
 */
describe('the numbers the docs promise', () => {
  const cases: [string, { actual: number; promised: number }][] = [
    [
      'retries after HTTP 429 by default ("twice at most", cli.mdx, rate-limits.mdx)',
      { actual: DEFAULT_RETRIES, promised: 2 },
    ],
    ['the most --retries accepts ("0 to 10", cli.mdx)', { actual: MAX_RETRIES, promised: 10 }],
    ['the most --max-wait accepts, in seconds (an hour, --help)', { actual: MAX_MAX_WAIT_SECONDS, promised: 3600 }],
    ['what earshot mcp waits in all, in seconds (mcp.mdx, cli.mdx)', { actual: MCP_MAX_WAIT_SECONDS, promised: 5 }],
    ['the shortest wait announced on stderr, in ms', { actual: ANNOUNCED_WAIT_MS, promised: 3_000 }],
  ];
  for (const [name, { actual, promised }] of cases) {
    it(name, () => assert.equal(actual, promised));
  }

  it('the retry rule the pages print: 3 attempts, a 1 s first backoff doubling to 8 s, one window in all, 5 s for earshot mcp', () => {
    assert.deepEqual(loadRetryRule({ windowSize: 60 }), {
      retries: 2,
      attempts: 3,
      maxWaitSeconds: 60,
      backoffFirstSeconds: 1,
      backoffMaxSeconds: 8,
      mcpMaxWaitSeconds: 5,
    });
  });
});
