/**
 * The one retry rule every published word states: the pages, their code samples, `/llms.txt`,
 * the Agent Skill. It is read from its home, the client's own policy
 * (`client/src/api/retry-policy.ts`: how many retries, how long in all) and the rate limit of
 * `netlify.toml` (the window, the longest wait in all). The client,
 * its library and `earshot mcp` run that same policy, so what a page tells a reader to do is what
 * the official client does.
 */
import { DEFAULT_RETRIES, DEFAULT_RETRY_POLICY, MCP_MAX_WAIT_SECONDS } from '../../../client/src/api/retry-policy.ts';
import type { RateLimit } from '../../../contract/rate-limit.ts';

export interface RetryRule {
  /** Retries after the first attempt (the client's default). */
  retries: number;
  /** Attempts in all: the first and its retries. */
  attempts: number;
  /** The longest wait in all, in seconds: one rate-limit window. */
  maxWaitSeconds: number;
  /** Without a usable `Retry-After`: the first wait, doubled at each retry up to `backoffMaxSeconds`. */
  backoffFirstSeconds: number;
  backoffMaxSeconds: number;
  /** The longest `earshot mcp` waits before a tool call answers with an error result. */
  mcpMaxWaitSeconds: number;
}

export function loadRetryRule(rateLimit: Pick<RateLimit, 'windowSize'>): RetryRule {
  return {
    retries: DEFAULT_RETRIES,
    attempts: DEFAULT_RETRIES + 1,
    maxWaitSeconds: rateLimit.windowSize,
    backoffFirstSeconds: DEFAULT_RETRY_POLICY.baseDelayMs / 1000,
    backoffMaxSeconds: DEFAULT_RETRY_POLICY.maxDelayMs / 1000,
    mcpMaxWaitSeconds: MCP_MAX_WAIT_SECONDS,
  };
}

const seconds = (count: number) => `${count} second${count === 1 ? '' : 's'}`;
const times = (count: number) => (count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`);

/** How many retries, as every statement of the rule says it: "twice at most". */
export function describeRetryLimit(retries: number): string {
  return `${times(retries)} at most`;
}

/**
 * The rule in one sentence, as every page, `/llms.txt` and the skill print it:
 * "On HTTP 429, wait the seconds that `Retry-After` names, then retry, twice at most; do not retry other errors."
 */
export function describeRetryRule(rule: RetryRule): string {
  return `On HTTP 429, wait the seconds that \`Retry-After\` names, then retry, ${describeRetryLimit(rule.retries)}; do not retry other errors.`;
}

/**
 * The wait before retry `retryIndex` (0 for the first) when the answer has no usable
 * `Retry-After`: a random time in this range, so that clients limited together do not retry
 * together. The range doubles at each retry until its top reaches `backoffMaxSeconds`.
 * tests/unit/cli-retry-rule.test.ts holds the client to these ranges.
 */
export function findBackoffRange(rule: RetryRule, retryIndex: number): { fromSeconds: number; toSeconds: number } {
  const toSeconds = Math.min(rule.backoffMaxSeconds, rule.backoffFirstSeconds * 2 ** retryIndex);
  return { fromSeconds: toSeconds / 2, toSeconds };
}

const range = ({ fromSeconds, toSeconds }: { fromSeconds: number; toSeconds: number }) =>
  `between ${fromSeconds} and ${seconds(toSeconds)}`;

/** The same rule as numbered steps, for the rate-limit page. */
export function describeRetrySteps(rule: RetryRule): string[] {
  return [
    'On a `429`, stop, and wait the number of seconds that `Retry-After` names.',
    `If there is no \`Retry-After\`, wait a random time ${range(findBackoffRange(rule, 0))}, then ${range(findBackoffRange(rule, 1))}, doubling up to ${seconds(rule.backoffMaxSeconds)}.`,
    `Retry ${describeRetryLimit(rule.retries)}, then report the failure.`,
    'Do not retry any other error status.',
  ];
}
