/**
 * `/.netlify/functions/too-many-requests`: where the rate-limit rules of `netlify.toml` rewrite a
 * request over the limit (see the comment there for why a function rather than a static file).
 */
import { buildPreflightResponse } from '../../site/lib/edge/other-methods.ts';
import { withSecurityHeaders } from '../../site/lib/edge/security-headers.ts';
import { buildTooManyRequestsResponse } from '../../site/lib/edge/too-many-requests.ts';

/**
 * Netlify reads this object from the source at deploy time, as literals only: it cannot import
 * netlify.toml, so the numbers of its rate limit are repeated here, and
 * `tests/process/netlify-functions-bundle.test.ts` fails when they differ (the bundler's own reading of
 * this file included).
 *
 * The function is limited like the API, so that calling it directly, past the rules, cannot run
 * up invocations: over the limit, the CDN answers Netlify's own 429 without invoking it.
 * @see https://docs.netlify.com/manage/security/secure-access-to-sites/rate-limiting/
 */
export const config = {
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'], action: 'rate_limit' },
};

/** How long a client over the limit waits: one window (see `buildTooManyRequestsResponse`). */
export const RETRY_AFTER_SECONDS = config.rateLimit.windowSize;

/**
 * The 429 states the limit it enforces: its Retry-After and RateLimit fields come from the same
 * numbers. A CORS preflight over the limit (other-methods' shared limit) is rewritten here too; it
 * gets the usual 204, so that the browser goes on to send its request and its script can read the
 * answer, a 429 with its Retry-After included, rather than a network error.
 */
export default (request: Request): Response =>
  withSecurityHeaders(
    request.method === 'OPTIONS'
      ? buildPreflightResponse(config.rateLimit)
      : buildTooManyRequestsResponse(config.rateLimit),
  );
