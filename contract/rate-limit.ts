import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { MCP_ENDPOINT_PATH } from './mcp-endpoint-path.ts';

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

/**
 * The public API's rate limit, from the rules in `netlify.toml`: every limited rule but the MCP
 * endpoint's must agree.
 */
export function readRateLimit(path = 'netlify.toml'): RateLimit {
  return readRateLimits(path).api;
}

/**
 * The MCP endpoint's rate limit: the limited rule `from` `MCP_ENDPOINT_PATH`. It has numbers of
 * its own because its clients differ: hosted assistants' connectors reach it from a few shared
 * addresses (the MCP and rate-limit docs pages give the reasoning).
 */
export function readMcpRateLimit(path = 'netlify.toml'): RateLimit {
  return readRateLimits(path).mcp;
}

/** Both limits, read once: the API's (every other limited rule, all equal) and the MCP endpoint's. */
function readRateLimits(path: string): { api: RateLimit; mcp: RateLimit } {
  // Stryker disable next-line ArrayDeclaration: the default only stands for a file without rules; a rule that is not a table has no rate_limit and is skipped alike.
  const { redirects = [] } = parse(readFileSync(path, 'utf8')) as {
    redirects?: { from?: unknown; rate_limit?: Record<string, unknown> }[];
  };
  const limits = redirects.flatMap((rule, index) => {
    if (!rule.rate_limit) return [];
    const { window_limit: windowLimit, window_size: windowSize, aggregate_by: aggregateBy } = rule.rate_limit;
    if (!isPositiveInteger(windowLimit) || !isPositiveInteger(windowSize) || !isStringArray(aggregateBy)) {
      throw new Error(
        `${path}#/redirects/${index}/rate_limit: must set window_limit and window_size (positive integers) and aggregate_by (a list of strings)`,
      );
    }
    return [{ index, mcp: rule.from === MCP_ENDPOINT_PATH, limit: { windowLimit, windowSize, aggregateBy } }];
  });
  const api = limits.filter((limit) => !limit.mcp);
  const mcp = limits.find((limit) => limit.mcp);
  const first = api[0];
  if (!first) throw new Error(`${path}: no [[redirects]] rule but the ${MCP_ENDPOINT_PATH} one has a rate_limit`);
  if (!mcp) throw new Error(`${path}: the [[redirects]] rule from ${MCP_ENDPOINT_PATH} has no rate_limit`);
  for (const { index, limit } of api) {
    if (JSON.stringify(limit) !== JSON.stringify(first.limit)) {
      throw new Error(
        `${path}#/redirects/${index}/rate_limit: must equal the limit of /redirects/${first.index} (${describeRateLimit(first.limit)})`,
      );
    }
  }
  return { api: first.limit, mcp: mcp.limit };
}

/** "60 requests per 60 seconds" */
export function describeRateLimit({ windowLimit, windowSize }: Pick<RateLimit, 'windowLimit' | 'windowSize'>): string {
  return `${windowLimit} request${windowLimit === 1 ? '' : 's'} per ${windowSize} second${windowSize === 1 ? '' : 's'}`;
}

function isPositiveInteger(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) > 0;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
