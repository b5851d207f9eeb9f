import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatBytes, formatMs, quantile, summarize } from '../../tooling/bench/bench-stats.ts';
import { niceCeiling } from '../../tooling/bench/build-scale-chart.ts';

describe('summarize', () => {
  const cases: [string, { given: number[]; want: ReturnType<typeof summarize> }][] = [
    ['one run', { given: [5], want: { median: 5, min: 5, max: 5, q1: 5, q3: 5, runs: 1 } }],
    ['odd count, unsorted', { given: [9, 1, 5], want: { median: 5, min: 1, max: 9, q1: 3, q3: 7, runs: 3 } }],
    [
      'even count: the median is the mean of the middle two',
      { given: [4, 1, 3, 2], want: { median: 2.5, min: 1, max: 4, q1: 1.75, q3: 3.25, runs: 4 } },
    ],
    [
      'an outlier moves the max, not the median',
      { given: [10, 11, 12, 100, 10], want: { median: 11, min: 10, max: 100, q1: 10, q3: 12, runs: 5 } },
    ],
  ];
  for (const [name, { given, want }] of cases) it(name, () => assert.deepEqual(summarize(given), want));

  it('refuses no values', () => assert.throws(() => summarize([]), /no values/));
  it('leaves its input alone', () => {
    const values = [3, 1, 2];
    summarize(values);
    assert.deepEqual(values, [3, 1, 2]);
  });
  it('interpolates quantiles between closest ranks', () => assert.equal(quantile([0, 10], 0.3), 3));
});

describe('formatting', () => {
  it('prints milliseconds, and seconds from one second up', () => {
    assert.equal(formatMs(12.345), '12.3 ms');
    assert.equal(formatMs(4321), '4.32 s');
  });
  it('prints bytes in binary units', () => {
    assert.deepEqual([0, 1023, 1024, 1536, 3 * 1024 * 1024].map(formatBytes), [
      '0 B',
      '1023 B',
      '1.0 KiB',
      '1.5 KiB',
      '3.00 MiB',
    ]);
  });
  it('rounds chart axes up to 1, 2, 2.5 or 5 times a power of ten', () => {
    assert.deepEqual([0.7, 3, 7.2, 12, 24].map(niceCeiling), [1, 5, 10, 20, 25]);
  });
});
