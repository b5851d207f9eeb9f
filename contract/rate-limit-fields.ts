import type { RateLimit } from './rate-limit.ts';

/**
 * The IETF RateLimit header fields: `RateLimit-Policy` states the quota policy (static, the same
 * on every answer), `RateLimit` the service limit left to this client (dynamic). Both are
 * Structured Field lists of items named after the policy.
 * @see https://datatracker.ietf.org/doc/draft-ietf-httpapi-ratelimit-headers/ (draft 11, sections 3 and 4)
 */

/** The one policy of the public API: its name links a `RateLimit` item to its `RateLimit-Policy` item. */
export const RATE_LIMIT_POLICY_NAME = 'default';

/** `"default";q=60;w=60`: a quota of `windowLimit` requests (the default quota unit) per `windowSize` seconds. */
export function formatRateLimitPolicy({
  windowLimit,
  windowSize,
}: Pick<RateLimit, 'windowLimit' | 'windowSize'>): string {
  return `"${RATE_LIMIT_POLICY_NAME}";q=${windowLimit};w=${windowSize}`;
}

/** `"default";r=0;t=60`: `remaining` requests left, within the next `resetSeconds` seconds. */
export function formatRateLimit({ remaining, resetSeconds }: { remaining: number; resetSeconds: number }): string {
  return `"${RATE_LIMIT_POLICY_NAME}";r=${remaining};t=${resetSeconds}`;
}

export interface RateLimitItem {
  name: string;
  /** The item's parameters, integers as numbers: `{ q: 60, w: 60 }`. */
  parameters: Record<string, number | string>;
}

/**
 * Reads a field value of one item with parameters, such as `"default";q=60;w=60`, as RFC 9651
 * (Structured Field Values) writes it: a quoted string, then `;key=value` parameters whose values
 * are integers or quoted strings. Returns undefined for anything else, including a list of
 * several items: this API only ever sends one.
 */
export function parseRateLimitItem(value: string | null | undefined): RateLimitItem | undefined {
  // Stryker disable next-line StringLiteral: any fallback that is not a quoted item gives the same undefined.
  const match = /^\s*"([^"\\]*)"((?:;[a-z*][a-z0-9_.*-]*=(?:-?\d{1,15}|"[^"\\]*"))*)\s*$/.exec(value ?? '');
  if (!match) return undefined;
  const parameters = Object.fromEntries(
    [...match[2]!.matchAll(/;([^=]+)=(-?\d+|"[^"]*")/g)].map(([, key, raw]) => {
      // Stryker disable next-line MethodExpression: a value here is an integer or a quoted string, so it starts with a quote exactly when it ends with one.
      const quoted = raw!.startsWith('"');
      return [key!, quoted ? raw!.slice(1, -1) : Number(raw)];
    }),
  );
  return { name: match[1]!, parameters };
}
