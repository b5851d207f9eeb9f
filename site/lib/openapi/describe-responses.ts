import { METHOD_NOT_ALLOWED, NOT_FOUND, TOO_MANY_REQUESTS } from '../../../contract/api-errors.ts';
import { ALLOWED_METHODS } from '../edge/api-headers.ts';
import { headerRef } from './describe-headers.ts';
import { componentRef } from './to-component-schema.ts';

/** A `$ref` to one of the responses below, by its name. */
export const responseRef = (name: keyof ReturnType<typeof describeResponses>) => ({
  $ref: `#/components/responses/${name}`,
});

/**
 * The answers every operation shares (`components.responses`): 304, 429 and every other status,
 * each twice, for GET (with its body) and for HEAD (headers only, RFC 9110, section 9.3.2).
 */
export function describeResponses({ limit }: { limit: string }) {
  const tooManyRequests = {
    description: `Too Many Requests: more than ${limit}. The limit is counted over a sliding window; wait for \`Retry-After\` seconds, then retry.`,
    headers: {
      'Retry-After': headerRef('Retry-After'),
      RateLimit: headerRef('RateLimit'),
      'RateLimit-Policy': headerRef('RateLimit-Policy'),
      'Access-Control-Allow-Origin': headerRef('Access-Control-Allow-Origin'),
    },
  };
  // JSON only: a generated client types its error as the Error schema, with nothing to narrow.
  // What a network in front of the API may answer instead is said in words, not typed.
  const otherError = {
    description: [
      'Any other status, with the Error body.',
      `The API answers 404 on any other path under \`/api/\`, and 405 on any method but ${ALLOWED_METHODS.join(', ')} (\`Allow\` lists them; RFC 9110, section 15.5.6).`,
      'An error from the network in front of the API (such as a 502) may have another body: read it as an Error only when its `Content-Type` is `application/json`.',
    ].join(' '),
  };
  return {
    NotModified: {
      description:
        'Not Modified: the `If-None-Match` sent names the current `ETag`, so the copy the client has is current (RFC 9110, section 15.4.5). No body.',
      headers: {
        ETag: headerRef('ETag'),
        'Cache-Control': headerRef('Cache-Control'),
        'Access-Control-Allow-Origin': headerRef('Access-Control-Allow-Origin'),
      },
    },
    TooManyRequests: {
      ...tooManyRequests,
      content: { 'application/json': { schema: componentRef('Error'), example: TOO_MANY_REQUESTS } },
    },
    TooManyRequestsHeaders: { ...tooManyRequests, description: `${tooManyRequests.description} No body.` },
    OtherError: {
      ...otherError,
      content: {
        'application/json': {
          schema: componentRef('Error'),
          // Keyed by what the API reference's example picker shows.
          examples: {
            '404 Not Found': { summary: 'Any other path under /api/', value: NOT_FOUND },
            '405 Method Not Allowed': { summary: 'A write, such as POST', value: METHOD_NOT_ALLOWED },
          },
        },
      },
    },
    OtherErrorHeaders: {
      description: `Any other status: a HEAD request gets the status and headers of the GET's, and no body.`,
    },
  };
}
