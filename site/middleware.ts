import { defineMiddleware } from 'astro:middleware';
import { mendApiReferenceHeadings } from './lib/docs/api-reference-headings.ts';
import { addTableCodeBreaks } from './lib/docs/table-code-breaks.ts';

/**
 * Every HTML page as built, with break points in the text of its tables (table-code-breaks.ts)
 * and, on the API reference, unique heading ids and levels in order (api-reference-headings.ts).
 */
export const onRequest = defineMiddleware(async (_, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  const html = addTableCodeBreaks(await response.text());
  return new Response(html.includes('sl-openapi') ? mendApiReferenceHeadings(html) : html, response);
});
