import type { APIRoute } from 'astro';
import { buildSecurityTxt } from '../../lib/discovery/build-security-txt.ts';
import { loadSiteContext } from '../../lib/site-context.ts';

/** `GET /.well-known/security.txt` (RFC 9116), as text/plain with its charset (section 3). */
export const GET: APIRoute = () => {
  const { baseUrl, data } = loadSiteContext();
  const body = buildSecurityTxt({ baseUrl, contactEmail: data.product.supportEmail, now: new Date() });
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
