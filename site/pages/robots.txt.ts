import type { APIRoute } from 'astro';
import { loadSiteContext } from '../lib/site-context.ts';

/**
 * `GET /robots.txt`: everything may be crawled; the sitemap (written by @astrojs/sitemap) lists
 * every page. The Sitemap line must be absolute (sitemaps.org protocol).
 */
export const GET: APIRoute = () => {
  const { baseUrl } = loadSiteContext();
  const body = ['User-agent: *', 'Allow: /', '', `Sitemap: ${baseUrl}/sitemap-index.xml`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
