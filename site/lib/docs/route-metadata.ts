/**
 * Starlight route middleware (`routeMiddleware` in astro.config.mjs): gives the API reference
 * pages their own titles and descriptions (site/lib/docs/api-reference-pages.ts), and takes the
 * canonical link off the not-found page. Starlight builds
 * a page's `<head>` before middleware runs, so the head's title and description tags are updated
 * with the page's data.
 * @see https://starlight.astro.build/guides/route-data/
 */
import { defineRouteMiddleware } from '@astrojs/starlight/route-data';
import { buildOpenApiDocument } from '../openapi/build-openapi-document.ts';
import { loadSiteContext } from '../site-context.ts';
import { describeApiReferencePages } from './api-reference-pages.ts';

let pages: ReturnType<typeof describeApiReferencePages> | undefined;

export const onRequest = defineRouteMiddleware(async (context, next) => {
  pages ??= describeApiReferencePages(buildOpenApiDocument(loadSiteContext()));
  const path = context.url.pathname.endsWith('/') ? context.url.pathname : `${context.url.pathname}/`;
  await next();
  if (path === NOT_FOUND_PATH) return removeCanonical(context.locals.starlightRoute.head);
  const metadata = pages.get(path);
  if (!metadata) return;
  const route = context.locals.starlightRoute;
  route.entry.data.title = metadata.title;
  route.entry.data.description = metadata.description;
  for (const tag of route.head) {
    const { name, property } = tag.attrs ?? {};
    if (tag.tag === 'title') tag.content = `${metadata.title} | ${route.siteTitle}`;
    else if (property === 'og:title' || name === 'twitter:title') tag.attrs!.content = metadata.title;
    else if (name === 'description' || property === 'og:description' || name === 'twitter:description')
      tag.attrs!.content = metadata.description;
  }
});

/** The not-found page's route (site/pages/404.astro), served for every unknown path. */
const NOT_FOUND_PATH = '/404/';

/**
 * The not-found page has no address of its own: it answers unknown paths with status 404, and a
 * canonical link to `/404/` (which answers 200) would name a soft 404 as the page to index.
 */
function removeCanonical(head: { tag: string; attrs?: Record<string, string | boolean | undefined> | undefined }[]) {
  for (let index = head.length - 1; index >= 0; index--) {
    const { tag, attrs } = head[index]!;
    if ((tag === 'link' && attrs?.rel === 'canonical') || (tag === 'meta' && attrs?.property === 'og:url'))
      head.splice(index, 1);
  }
}
