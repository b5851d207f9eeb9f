import type { APIRoute } from 'astro';
import { buildRobotsTxt } from '../lib/discovery/build-robots-txt.ts';
import { loadSiteContext } from '../lib/site-context.ts';

/** `GET /robots.txt` (site/lib/discovery/build-robots-txt.ts). */
export const GET: APIRoute = () =>
  new Response(buildRobotsTxt(loadSiteContext().baseUrl), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
