/**
 * Every method but GET and HEAD on the public JSON resources: CORS preflights (OPTIONS) and the
 * methods the API does not have (405). See `site/lib/edge/other-methods.ts`.
 */
import { answerOtherMethod } from '../../site/lib/edge/other-methods.ts';
import { withSecurityHeaders } from '../../site/lib/edge/security-headers.ts';

/**
 * Netlify reads this object from the source at deploy time, as literals only (no imports), so
 * `tests/process/netlify-functions-bundle.test.ts` holds it to netlify.toml: the paths are those the
 * `[[headers]]` rules give CORS, and the rate limit is the API's.
 *
 * `method` keeps the function off the GET path: GET and HEAD never match it and stay static
 * files served by the CDN, with no invocation. A function with a `path` runs before the
 * redirect rules, so the 404 catch-all under /api/ does not take these methods first.
 * The methods share one rate limit across every path (one function, one limit). Over it, the CDN
 * rewrites the request to too-many-requests, as the API's own rules do: a preflight still gets its
 * 204 there (a browser can read no answer to a preflight but a 2xx: the Fetch standard's
 * CORS-preflight fetch), and any other method the JSON 429 with CORS headers, which a script can read.
 * Netlify's own 429 would be plain text without CORS headers: a network error to the browser.
 * @see https://docs.netlify.com/build/functions/configuration/ (Routing: path, method)
 * @see https://docs.netlify.com/platform/request-chain/
 */
export const config = {
  path: [
    '/api/*',
    '/openapi.json',
    '/mcp.json',
    '/server.json',
    '/.well-known/api-catalog',
    '/.well-known/mcp/*',
    '/.well-known/agent-skills/*',
    '/schemas/*',
    '/docs/changelog/feed.json',
    '/releases/*',
  ],
  method: ['OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'],
  rateLimit: {
    windowLimit: 60,
    windowSize: 60,
    aggregateBy: ['ip', 'domain'],
    action: 'rewrite',
    to: '/.netlify/functions/too-many-requests',
  },
};

export default (request: Request): Response => withSecurityHeaders(answerOtherMethod(request, config.rateLimit));
