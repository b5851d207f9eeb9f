/**
 * Markdown on request, on the CDN (site/lib/edge/markdown-negotiation.ts): a page asked for with an
 * `Accept` that prefers `text/markdown` gets its Markdown twin. Redirect rules cannot match
 * `Accept`, hence an edge function; Netlify runs it in Deno, where tests run it too
 * (tests/support/edge-function-server.ts).
 */
import { negotiatePage } from '../../site/lib/edge/markdown-negotiation.ts';

/**
 * Netlify reads this object from the source at deploy time, as literals only. The function runs
 * only for a GET or HEAD whose `Accept` names Markdown (the `header` condition, a regular
 * expression), on pages: never for a browser's page view, the API, the assets, the discovery
 * files or the twins themselves, which stay static files with no invocation.
 * @see https://docs.netlify.com/build/edge-functions/declarations/
 */
export const config = {
  path: '/*',
  excludedPath: [
    '/api/*',
    '/mcp',
    '/_astro/*',
    '/pagefind/*',
    '/cli/*',
    '/schemas/*',
    '/.well-known/*',
    '/*.md',
    '/*.txt',
    '/*.json',
    '/*.xml',
    '/*.js',
    '/*.svg',
  ],
  method: ['GET', 'HEAD'],
  // Media types are case-insensitive; classes rather than a flag, which not every regex engine reads.
  header: { accept: '[Tt][Ee][Xx][Tt]/[Mm][Aa][Rr][Kk][Dd][Oo][Ww][Nn]' },
};

/** What this function uses of Netlify's `Context`: the page as it would be served without it. */
interface EdgeContext {
  next(): Promise<Response>;
}

export default (request: Request, context: EdgeContext): Promise<Response> =>
  negotiatePage(request, { next: () => context.next(), fetch: (twin) => fetch(twin) });
