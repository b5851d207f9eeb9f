import { TOO_MANY_REQUESTS } from '../api/api-errors.ts';

/**
 * The answer to a request over the public rate limit: HTTP 429, the spec's Error body, and
 * `Retry-After` (RFC 9110, section 10.2.3).
 *
 * Netlify applies the `[[headers]]` of `netlify.toml` to static files only, never to a function's
 * answer, so the headers every API answer carries are set here too.
 * @see https://docs.netlify.com/manage/routing/headers/#limitations
 */
export function buildTooManyRequestsResponse(retryAfterSeconds: number): Response {
  return new Response(JSON.stringify(TOO_MANY_REQUESTS), {
    status: TOO_MANY_REQUESTS.statusCode,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Retry-After': String(retryAfterSeconds),
      // Never cached anywhere: a cached 429 would turn away clients that are under the limit.
      'Cache-Control': 'no-store',
      'Access-Control-Allow-Origin': '*',
      // Lets browser clients read Retry-After from a cross-origin answer.
      'Access-Control-Expose-Headers': 'Retry-After',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
