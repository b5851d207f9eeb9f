import { TOO_MANY_REQUESTS } from '../../../contract/api-errors.ts';
import { API_LINK_HEADER, CORS_RESPONSE_HEADERS } from './api-headers.ts';
import type { RateLimit } from '../../../contract/rate-limit.ts';
import { formatRateLimit, formatRateLimitPolicy } from '../../../contract/rate-limit-fields.ts';

/**
 * The answer to a request over the public rate limit: HTTP 429, the spec's Error body,
 * `Retry-After` (RFC 9110, section 10.2.3) and the IETF RateLimit fields: the policy, and no
 * request left for `Retry-After` seconds.
 *
 * The CDN counts with a sliding window: a client over the limit gets requests back as its
 * earlier ones leave the window, at the latest one window after it went over. So both waits
 * say one window, which is never too short (the draft: Retry-After SHOULD NOT end before the
 * effective window).
 *
 * Netlify applies the `[[headers]]` of `netlify.toml` to static files only, never to a function's
 * answer, so the headers every API answer carries are set here too.
 * @see https://docs.netlify.com/manage/routing/headers/#limitations
 * @see https://datatracker.ietf.org/doc/draft-ietf-httpapi-ratelimit-headers/ (section 6)
 */
export function buildTooManyRequestsResponse(rateLimit: Pick<RateLimit, 'windowLimit' | 'windowSize'>): Response {
  return new Response(JSON.stringify(TOO_MANY_REQUESTS), {
    status: TOO_MANY_REQUESTS.statusCode,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      ...buildRateLimitedHeaders(rateLimit),
      ...CORS_RESPONSE_HEADERS,
      Link: API_LINK_HEADER,
    },
  });
}

/**
 * What every 429 says of the limit, the API's and the MCP endpoint's alike: wait one window
 * (`Retry-After`), the policy, and nothing left until then; never cached, never sniffed.
 */
export function buildRateLimitedHeaders(rateLimit: Pick<RateLimit, 'windowLimit' | 'windowSize'>) {
  return {
    'Retry-After': String(rateLimit.windowSize),
    'RateLimit-Policy': formatRateLimitPolicy(rateLimit),
    RateLimit: formatRateLimit({ remaining: 0, resetSeconds: rateLimit.windowSize }),
    // Never cached anywhere: a cached 429 would turn away clients that are under the limit.
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  } as const;
}
