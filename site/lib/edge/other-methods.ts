import { METHOD_NOT_ALLOWED } from '../../../contract/api-errors.ts';
import {
  ALLOWED_METHODS,
  API_LINK_HEADER,
  CORS_PREFLIGHT_MAX_AGE_SECONDS,
  CORS_RESPONSE_HEADERS,
} from './api-headers.ts';
import type { RateLimit } from '../../../contract/rate-limit.ts';
import { formatRateLimitPolicy } from '../../../contract/rate-limit-fields.ts';

/**
 * The answer to every method but GET and HEAD on a public JSON resource. The CDN serves GET and
 * HEAD from static files and never reaches this code; what it does with other methods on a static
 * file is not documented by Netlify, so a function limited to those methods answers them.
 *
 * - `OPTIONS`, the CORS preflight a browser sends before a request with a header that is not
 *   CORS-safelisted (a custom header, or a `User-Agent` in some browsers): 204, any origin, the
 *   allowed methods, any request header (`*`: no credentials are involved), and how long to keep
 *   the answer. Without an `Origin`, it is a plain OPTIONS (RFC 9110, section 9.3.7), and the
 *   same 204 with `Allow` answers it.
 * - Any other method: 405 with the JSON Error body and `Allow` (RFC 9110, section 15.5.6).
 * @see https://fetch.spec.whatwg.org/#http-responses
 */
export function answerOtherMethod(
  request: Request,
  rateLimit: Pick<RateLimit, 'windowLimit' | 'windowSize'>,
): Response {
  if (request.method === 'OPTIONS') return buildPreflightResponse(rateLimit);
  return new Response(JSON.stringify(METHOD_NOT_ALLOWED), {
    status: METHOD_NOT_ALLOWED.statusCode,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      Allow: ALLOWED_METHODS.join(', '),
      'RateLimit-Policy': formatRateLimitPolicy(rateLimit),
      'Cache-Control': 'no-store',
      ...CORS_RESPONSE_HEADERS,
      Link: API_LINK_HEADER,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/**
 * The 204 that answers an OPTIONS request: a CORS preflight, or a plain OPTIONS. It states the
 * limit that OPTIONS counts in (`RateLimit-Policy`), as every other method's answer does.
 */
export function buildPreflightResponse(rateLimit: Pick<RateLimit, 'windowLimit' | 'windowSize'>): Response {
  const allow = ALLOWED_METHODS.join(', ');
  return new Response(null, {
    status: 204,
    headers: {
      Allow: allow,
      ...CORS_RESPONSE_HEADERS,
      'Access-Control-Allow-Methods': allow,
      'Access-Control-Allow-Headers': '*',
      'Access-Control-Max-Age': String(CORS_PREFLIGHT_MAX_AGE_SECONDS),
      'RateLimit-Policy': formatRateLimitPolicy(rateLimit),
      'Cache-Control': 'no-store',
    },
  });
}
