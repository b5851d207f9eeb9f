import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { computeBackoffMs, DEFAULT_RETRY_POLICY, parseRetryAfter } from '../../client/src/api/retry-policy.ts';

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
