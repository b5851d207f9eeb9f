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
 * Over the rate limit, the CDN answers Netlify's own 429 without invoking the function.
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
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'], action: 'rate_limit' },
};

export default (request: Request): Response => withSecurityHeaders(answerOtherMethod(request, config.rateLimit));
