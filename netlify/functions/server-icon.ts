/**
 * `/icons/earshot.svg`: the icon the MCP Server Card and the MCP server's `serverInfo` tell hosts
 * to show (client/src/mcp/server-icon.ts). A function rather than a static file because its answer
 * must say `Cross-Origin-Resource-Policy: cross-origin`, so that a host on another origin (a web
 * page, a desktop app) may show it, while `netlify.toml` gives every static file `same-origin`
 * and Netlify would join two values of one header, not replace one. The CDN keeps the answer until
 * the next deploy, so it is invoked about once per deploy and edge location.
 */
import { EARSHOT_ICON_SVG } from '../../client/src/mcp/server-icon.ts';
import { withSecurityHeaders } from '../../site/lib/edge/security-headers.ts';

/**
 * Netlify reads this object from the source at deploy time, as literals only: the path is
 * `SERVER_ICON_PATH` and the rate limit the API's (netlify.toml), and
 * `tests/process/netlify-functions-bundle.test.ts` fails when they differ. Over the limit, Netlify's own 429.
 */
export const config = {
  path: '/icons/earshot.svg',
  method: ['GET', 'HEAD'],
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'], action: 'rate_limit' },
};

export default (request: Request): Response =>
  withSecurityHeaders(
    new Response(request.method === 'HEAD' ? null : EARSHOT_ICON_SVG, {
      headers: {
        'Content-Type': 'image/svg+xml',
        'Cross-Origin-Resource-Policy': 'cross-origin',
        'Access-Control-Allow-Origin': '*',
        'X-Content-Type-Options': 'nosniff',
        // Opened as a document, the SVG runs nothing and loads nothing.
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        'Cache-Control': 'public, max-age=3600',
        // Netlify's CDN keeps it until the next deploy purges it.
        'Netlify-CDN-Cache-Control': 'public, durable, s-maxage=31536000',
      },
    }),
  );
