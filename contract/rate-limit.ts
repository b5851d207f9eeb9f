import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';

/**
 * The public API's rate limit. Its one home is `netlify.toml`, where the CDN enforces it; the
 * docs and the OpenAPI document read it from there at build time, so they cannot drift.
 */
export interface RateLimit {
  /** Requests allowed per window. */
  windowLimit: number;
  /** The window, in seconds. */
  windowSize: number;
  /** What requests are counted by, for example `["ip", "domain"]`. */
  aggregateBy: string[];
}

/** Reads the rate limit from the rules in `netlify.toml`; every limited rule must agree. */
export function readRateLimit(path = 'netlify.toml'): RateLimit {
  const { redirects = [] } = parse(readFileSync(path, 'utf8')) as {
    redirects?: { rate_limit?: Record<string, unknown> }[];
  };
  const limits = redirects.flatMap((rule, index) => {
    if (!rule.rate_limit) return [];
    const { window_limit: windowLimit, window_size: windowSize, aggregate_by: aggregateBy } = rule.rate_limit;
    if (!isPositiveInteger(windowLimit) || !isPositiveInteger(windowSize) || !isStringArray(aggregateBy)) {
      throw new Error(
        `${path}#/redirects/${index}/rate_limit: must set window_limit and window_size (positive integers) and aggregate_by (a list of strings)`,
      );
    }
    return [{ index, limit: { windowLimit, windowSize, aggregateBy } }];
  });
  const first = limits[0];
  if (!first) throw new Error(`${path}: no [[redirects]] rule has a rate_limit`);
  for (const { index, limit } of limits) {
    if (JSON.stringify(limit) !== JSON.stringify(first.limit)) {
      throw new Error(
        `${path}#/redirects/${index}/rate_limit: must equal the limit of /redirects/${first.index} (${describeRateLimit(first.limit)})`,
      );
    }
  }
  return first.limit;
}

/** "60 requests per 60 seconds" */
export function describeRateLimit({ windowLimit, windowSize }: RateLimit): string {
  return `${windowLimit} request${windowLimit === 1 ? '' : 's'} per ${windowSize} second${windowSize === 1 ? '' : 's'}`;
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
