import type { RateLimit } from '../../../contract/rate-limit.ts';
import { formatRateLimit, formatRateLimitPolicy } from '../../../contract/rate-limit-fields.ts';
import { addDays, MINIMUM_NOTICE_DAYS } from '../../../contract/change-notice.ts';
import { API_LINK_HEADER } from '../edge/api-headers.ts';
import { formatDeprecationDate, formatSunsetDate } from '../edge/change-notice-headers.ts';

/** A `$ref` to one of the headers below, by its name. */
export const headerRef = (name: keyof ReturnType<typeof describeHeaders>) => ({
  $ref: `#/components/headers/${name}`,
});

/**
 * The response headers (`components.headers`), named after the header each one describes. Each is
 * sent on every answer that lists it, so each is `required` (4.8.21): a deploy that drops one
 * breaks the document, and a validator in front of it (Prism, the e2e tests) says so. The two
 * notice headers are the exception: sent only while a breaking change is announced.
 */
export function describeHeaders({ rateLimit, limit }: { rateLimit: RateLimit; limit: string }) {
  return {
    ETag: {
      required: true,
      description:
        'The validator of this answer: send it back in `If-None-Match` to get `304 Not Modified` while the data has not changed (RFC 9110, section 8.8.3).',
      schema: { type: 'string' },
    },
    'Cache-Control': {
      required: true,
      description:
        'How long the answer may be reused: caches keep it a short time, then revalidate it with the ETag (RFC 9111, section 5.2).',
      schema: { type: 'string' },
    },
    Link: {
      required: true,
      description:
        'The OpenAPI document (`service-desc`), the docs (`service-doc`, RFC 8631) and the API catalog (`api-catalog`, RFC 9727). While a breaking change is announced, also its changelog entry, as `rel="deprecation"` (RFC 9745) and `rel="sunset"` (RFC 8594).',
      schema: { type: 'string' },
      example: API_LINK_HEADER,
    },
    Deprecation: {
      required: false,
      description:
        'Sent only while a breaking change to this answer is announced: the day it was announced, as `@` and seconds since 1970 (RFC 9745). Read the changelog entry the `rel="deprecation"` link names, and stop relying on what goes before the `Sunset` date.',
      schema: { type: 'string', pattern: '^@-?[0-9]+$' },
      example: formatDeprecationDate('2026-12-01'),
    },
    Sunset: {
      required: false,
      description:
        'Sent only while a breaking change to this answer is announced: the first day it may be published, as an HTTP date (RFC 8594). Until then the answer stays as it is.',
      schema: { type: 'string' },
      example: formatSunsetDate(addDays('2026-12-01', MINIMUM_NOTICE_DAYS)),
    },
    'RateLimit-Policy': {
      required: true,
      description: `The rate limit, as the IETF RateLimit header fields draft writes it: \`q\` requests per \`w\` seconds, here ${limit}. The same on every answer.`,
      schema: { type: 'string' },
      example: formatRateLimitPolicy(rateLimit),
    },
    RateLimit: {
      required: true,
      description:
        'What is left of the rate limit (IETF RateLimit header fields draft): `r` requests within the next `t` seconds. Sent with 429, where `r` is 0 and `t` equals `Retry-After`.',
      schema: { type: 'string' },
      example: formatRateLimit({ remaining: 0, resetSeconds: rateLimit.windowSize }),
    },
    'Retry-After': {
      required: true,
      description: 'How many seconds to wait before retrying (RFC 9110, section 10.2.3).',
      schema: { type: 'integer', minimum: 0 },
      example: rateLimit.windowSize,
    },
    'Access-Control-Allow-Origin': {
      required: true,
      description: 'Any origin may read the answer (CORS, without credentials).',
      schema: { type: 'string', const: '*' },
    },
  };
}
