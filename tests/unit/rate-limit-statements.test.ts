import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readMcpRateLimit, readRateLimit } from '../../contract/rate-limit.ts';
import { findStatedRateLimits, rateLimitStatements } from '../support/rate-limit-statements.ts';

const rateLimit = readRateLimit();
const mcpRateLimit = readMcpRateLimit();

describe('the rate limit readers are told', () => {
  for (const { name, read, mcp } of rateLimitStatements) {
    const allowed = mcp ? [rateLimit, mcpRateLimit] : [rateLimit];
    const said = allowed.map((limit) => `${limit.windowLimit} per ${limit.windowSize} s`).join(' or ');
    it(`${name} states the limit of netlify.toml (${rateLimit.windowLimit} per ${rateLimit.windowSize} s), and no other than ${said}`, () => {
      const stated = findStatedRateLimits(read());
      assert.ok(
        stated.some(
          (limit) => limit.windowLimit === rateLimit.windowLimit && limit.windowSize === rateLimit.windowSize,
        ),
        `${name} does not state the rate limit`,
      );
      for (const { windowLimit, windowSize, text } of stated)
        assert.ok(
          allowed.some((limit) => limit.windowLimit === windowLimit && limit.windowSize === windowSize),
          `${name} says "${text}"`,
        );
    });
  }
});

describe('findStatedRateLimits', () => {
  const cases: [string, { given: string; want: [number, number][] }][] = [
    ['seconds', { given: 'at most 60 requests per 60 seconds per IP', want: [[60, 60]] }],
    ['a minute', { given: '100 requests a minute', want: [[100, 60]] }],
    ['thousands', { given: '1,000 requests per hour', want: [[1000, 3600]] }],
    ['one request', { given: '1 request per 1 second', want: [[1, 1]] }],
    ['none', { given: 'no limit is stated here', want: [] }],
  ];
  for (const [name, { given, want }] of cases) {
    it(name, () =>
      assert.deepEqual(
        findStatedRateLimits(given).map((limit) => [limit.windowLimit, limit.windowSize]),
        want,
      ),
    );
  }
});
