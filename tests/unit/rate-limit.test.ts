import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeRateLimit, readMcpRateLimit, readRateLimit } from '../../contract/rate-limit.ts';
import {
  formatRateLimit,
  formatRateLimitPolicy,
  parseRateLimitItem,
  type RateLimitItem,
} from '../../contract/rate-limit-fields.ts';

/**
 * The rate limit's one home is `netlify.toml`; `readRateLimit` is what every page, header and the
 * OpenAPI document learn it from, so it refuses a configuration the CDN would enforce wrongly.
 * Each case is a configuration of its own in `tests/fixtures/rate-limit/`.
 */
const fixture = (name: string) => `tests/fixtures/rate-limit/${name}.toml`;

describe('readRateLimit and readMcpRateLimit', () => {
  it('read the limit every API rule states, and the MCP endpoint its own', () => {
    assert.deepEqual(readRateLimit(fixture('valid')), {
      windowLimit: 60,
      windowSize: 60,
      aggregateBy: ['ip', 'domain'],
    });
    assert.deepEqual(readMcpRateLimit(fixture('valid')), {
      windowLimit: 300,
      windowSize: 60,
      aggregateBy: ['ip', 'domain'],
    });
  });

  it('read the shipped netlify.toml when given no file', () => {
    assert.deepEqual(readRateLimit(), readRateLimit('netlify.toml'));
    assert.deepEqual(readMcpRateLimit(), readMcpRateLimit('netlify.toml'));
  });

  const invalidRule = 'must set window_limit and window_size (positive integers) and aggregate_by (a list of strings)';
  const cases: [string, string][] = [
    ['window-limit-zero', `#/redirects/1/rate_limit: ${invalidRule}`],
    ['window-limit-negative', `#/redirects/1/rate_limit: ${invalidRule}`],
    ['window-limit-string', `#/redirects/1/rate_limit: ${invalidRule}`],
    ['window-size-zero', `#/redirects/1/rate_limit: ${invalidRule}`],
    ['window-size-fraction', `#/redirects/1/rate_limit: ${invalidRule}`],
    ['window-size-missing', `#/redirects/1/rate_limit: ${invalidRule}`],
    ['aggregate-by-string', `#/redirects/1/rate_limit: ${invalidRule}`],
    ['aggregate-by-number', `#/redirects/1/rate_limit: ${invalidRule}`],
    ['aggregate-by-missing', `#/redirects/1/rate_limit: ${invalidRule}`],
    ['limits-disagree', '#/redirects/2/rate_limit: must equal the limit of /redirects/0 (60 requests per 60 seconds)'],
    [
      'aggregate-by-disagrees',
      '#/redirects/1/rate_limit: must equal the limit of /redirects/0 (60 requests per 60 seconds)',
    ],
    ['no-api-limit', ': no [[redirects]] rule but the /mcp one has a rate_limit'],
    ['no-redirects', ': no [[redirects]] rule but the /mcp one has a rate_limit'],
    ['no-mcp-limit', ': the [[redirects]] rule from /mcp has no rate_limit'],
  ];
  for (const [name, message] of cases) {
    it(`refuse ${name}.toml: ${message}`, () => {
      const path = fixture(name);
      assert.throws(() => readRateLimit(path), { message: `${path}${message}` });
      assert.throws(() => readMcpRateLimit(path), { message: `${path}${message}` });
    });
  }
});

describe('describeRateLimit', () => {
  const cases: [{ windowLimit: number; windowSize: number }, string][] = [
    [{ windowLimit: 60, windowSize: 60 }, '60 requests per 60 seconds'],
    [{ windowLimit: 1, windowSize: 1 }, '1 request per 1 second'],
    [{ windowLimit: 2, windowSize: 1 }, '2 requests per 1 second'],
    [{ windowLimit: 1, windowSize: 2 }, '1 request per 2 seconds'],
  ];
  for (const [limit, want] of cases) it(want, () => assert.equal(describeRateLimit(limit), want));
});

describe('the RateLimit header fields', () => {
  it('format the policy and what is left', () => {
    assert.equal(formatRateLimitPolicy({ windowLimit: 60, windowSize: 30 }), '"default";q=60;w=30');
    assert.equal(formatRateLimit({ remaining: 0, resetSeconds: 42 }), '"default";r=0;t=42');
  });

  /** RFC 9651 items as the API sends them, and what the parser must refuse: anything else. */
  const cases: [string, { given: string | null | undefined; want: RateLimitItem | undefined }][] = [
    ['a policy', { given: '"default";q=60;w=60', want: { name: 'default', parameters: { q: 60, w: 60 } } }],
    ['spaces around it', { given: '  "default";r=0;t=42 ', want: { name: 'default', parameters: { r: 0, t: 42 } } }],
    ['no parameters', { given: '"default"', want: { name: 'default', parameters: {} } }],
    ['an empty name', { given: '""', want: { name: '', parameters: {} } }],
    [
      'a string, a negative and a 15-digit parameter',
      {
        given: '"p";pk="abc";n=-5;big=999999999999999',
        want: { name: 'p', parameters: { pk: 'abc', n: -5, big: 999_999_999_999_999 } },
      },
    ],
    [
      'keys with every character RFC 9651 allows',
      { given: '"p";*a_b.c-9*=1;z=2', want: { name: 'p', parameters: { '*a_b.c-9*': 1, z: 2 } } },
    ],
    ['absent', { given: null, want: undefined }],
    ['undefined', { given: undefined, want: undefined }],
    ['empty', { given: '', want: undefined }],
    ['garbage before', { given: 'x"default";q=60', want: undefined }],
    ['garbage after', { given: '"default";q=60 x', want: undefined }],
    ['garbage after a parameter', { given: '"default";q=60x', want: undefined }],
    ['a second item', { given: '"default";q=60, "other";q=1', want: undefined }],
    ['a token, not a string', { given: 'default;q=60', want: undefined }],
    ['an escaped quote in the name', { given: '"de\\"fault";q=60', want: undefined }],
    ['a backslash in a string parameter', { given: '"default";pk="a\\b"', want: undefined }],
    ['a 16-digit integer', { given: '"default";q=1234567890123456', want: undefined }],
    ['a decimal', { given: '"default";q=1.5', want: undefined }],
    ['an upper-case key', { given: '"default";Q=60', want: undefined }],
    ['a key starting with a digit', { given: '"default";1q=60', want: undefined }],
    ['a parameter without a value', { given: '"default";q', want: undefined }],
    ['an empty value', { given: '"default";q=', want: undefined }],
    ['a space inside', { given: '"default"; q=60', want: undefined }],
  ];
  for (const [name, { given, want }] of cases) {
    it(`parseRateLimitItem: ${name}`, () => assert.deepEqual(parseRateLimitItem(given), want));
  }
});
