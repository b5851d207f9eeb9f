import { buildFacts } from '../baked/build-facts.ts';

/** How the client waits and retries when the API answers HTTP 429 Too Many Requests. */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  /**
   * The longest the client waits in all, over every retry of one request. An answer whose
   * `Retry-After` asks for more than is left fails at once instead (no retry could help sooner),
   * and says how long the server asked and when to try again.
   */
  maxWaitMs: number;
  /** The first backoff step when the answer has no usable `Retry-After`. */
  baseDelayMs: number;
  /** The largest single backoff step. */
  maxDelayMs: number;
}

export const DEFAULT_RETRIES = 2;
export const MAX_RETRIES = 10;

/**
 * Over the limit, the edge answers 429 with `Retry-After` of one rate-limit window (60 s in
 * production, `netlify/functions/too-many-requests.ts`), after which the limit has freed up. So
 * the command line waits up to one window in all (`--max-wait`): a client that meets the
 * production 429 waits once and then succeeds, and one that stays limited gives up after one
 * window, not after one window per retry. The window is the edge's own number, baked in at build
 * from `netlify.toml` (`build-facts.ts`), never repeated here.
 */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  retries: DEFAULT_RETRIES,
  maxWaitMs: buildFacts.rateLimitWindowSeconds * 1000,
  baseDelayMs: 1_000,
  maxDelayMs: 8_000,
};

/** The most `--max-wait` accepts, in seconds: an hour. */
export const MAX_MAX_WAIT_SECONDS = 3600;

/**
 * How long `earshot mcp` waits in all for the rate limit before a tool call answers with an error
 * result instead: a few seconds. MCP clients cancel a request after their own timeout (60 s by
 * default in both SDK generations, and a model waits on every second), so a tool call must never
 * sit out a whole window: the model learns at once when to try again.
 */
export const MCP_MAX_WAIT_SECONDS = 5;

/** A wait longer than this is announced on stderr (`rate limited; retrying in 60 s (1 of 2)`); a shorter one passes quietly. */
export const ANNOUNCED_WAIT_MS = 3_000;

/**
 * The wait a `Retry-After` header asks for, in milliseconds, or `undefined` when it is absent or
 * unreadable. A date in the past means "now".
 * @see https://www.rfc-editor.org/rfc/rfc9110#section-10.2.3 (delay-seconds or HTTP-date)
 */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // HTTP-date always names a weekday and GMT; requiring them keeps Date.parse from accepting
  // loose strings such as "5" or "soon" as dates.
  if (!/^[A-Za-z]{3},? .*GMT$/.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/**
 * Exponential backoff with "equal jitter": half of each step is fixed, half random, so that many
 * clients rate limited together do not retry together, yet no retry comes immediately.
 * @see https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/
 */
export function computeBackoffMs(retryIndex: number, policy: RetryPolicy, random: () => number): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retryIndex);
  return Math.round(step / 2 + (random() * step) / 2);
}
