/**
 * The headers every answer of the public JSON resources carries, as the functions in
 * `netlify/functions/` set them. The static files get theirs from the `[[headers]]` rules of
 * `netlify.toml`, which a deployed function cannot read; `tests/unit/netlify-config.test.ts`
 * fails when a value here and the one there differ.
 * @see https://fetch.spec.whatwg.org/#http-cors-protocol
 */

/** The methods the public resources answer; anything else is 405 (see `other-methods.ts`). */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;

/**
 * The response headers a script on another origin may read, beyond the CORS-safelisted ones
 * (Cache-Control, Content-Type and a few more): the validator to revalidate with, the links to
 * * follow, the rate-limit signals to back off by, and the notice of an announced breaking change.
 */
export const CORS_EXPOSED_HEADERS = [
  'ETag',
  'Link',
  'Retry-After',
  'RateLimit',
  'RateLimit-Policy',
  'Deprecation',
  'Sunset',
] as const;

/**
 * How long a browser may reuse a preflight answer, in seconds. Browsers cap it (Chromium at
 * 2 hours, Firefox at 24 hours); every preflight that reaches the CDN is a function invocation.
 */
export const CORS_PREFLIGHT_MAX_AGE_SECONDS = 86400;

/** What every public JSON answer carries for CORS: any origin, no credentials. */
export const CORS_RESPONSE_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': CORS_EXPOSED_HEADERS.join(', '),
} as const;

/**
 * RFC 8631 and RFC 9727 links on every API answer: its OpenAPI document, its docs, and the
 * publisher's API catalog. Site paths, so that a deploy preview links to itself.
 */
export const API_LINK_HEADER =
  '</openapi.json>; rel="service-desc", </docs/>; rel="service-doc", </.well-known/api-catalog>; rel="api-catalog"';
