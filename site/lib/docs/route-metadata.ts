/**
 * Starlight route middleware (`routeMiddleware` in astro.config.mjs): gives the API reference
 * pages their own titles and descriptions (site/lib/docs/api-reference-pages.ts). Starlight builds
 * a page's `<head>` before middleware runs, so the head's title and description tags are updated
 * with the page's data.
 * @see https://starlight.astro.build/guides/route-data/
 */
import { defineRouteMiddleware } from '@astrojs/starlight/route-data';
import { buildOpenApiDocument } from '../openapi/build-openapi-document.ts';
import { loadSiteContext } from '../site-context.ts';
import { describeApiReferencePages } from './api-reference-pages.ts';

let pages: ReturnType<typeof describeApiReferencePages> | undefined;

export const onRequest = defineRouteMiddleware((context) => {
  pages ??= describeApiReferencePages(buildOpenApiDocument(loadSiteContext()));
  const path = context.url.pathname.endsWith('/') ? context.url.pathname : `${context.url.pathname}/`;
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
