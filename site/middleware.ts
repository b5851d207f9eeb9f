import { defineMiddleware } from 'astro:middleware';
import { addTableCodeBreaks } from './lib/docs/table-code-breaks.ts';

/** Every HTML page as built, with break points in the code of its tables (see table-code-breaks.ts). */
export const onRequest = defineMiddleware(async (_, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  return new Response(addTableCodeBreaks(await response.text()), response);
});
