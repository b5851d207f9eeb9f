/**
 * The transport and isolation headers every answer carries. The static files get them from the
 * last `[[headers]]` rule for `/*` in `netlify.toml`; Netlify applies those rules to static files
 * only, so the functions add the same values with `withSecurityHeaders`, and
 * `tests/unit/security-headers.test.ts` fails when the two differ.
 *
 * - HSTS for two years, subdomains included: browsers never try plain HTTP again.
 *   @see https://www.rfc-editor.org/rfc/rfc6797
 * - COOP `same-origin`: a page of this site shares no browsing context group with a window of
 *   another origin that opened it or that it opens.
 *   @see https://html.spec.whatwg.org/multipage/browsers.html#cross-origin-opener-policies
 * - CORP `same-origin`: another origin cannot embed these answers with a no-cors request (an
 *   image, a script). It does not apply to CORS requests, so `fetch()` from any origin still
 *   reads the API, the OpenAPI document and the rest under their CORS headers; the browser tests
 *   check both sides.
 *   @see https://fetch.spec.whatwg.org/#cross-origin-resource-policy-header
 */
export const SECURITY_HEADERS = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
} as const;

/** The function's answer with the security headers it lacks. */
export function withSecurityHeaders(response: Response): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!headers.has(name)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
