/**
 * Starlight route middleware (`routeMiddleware` in astro.config.mjs): gives the API reference
 * pages their own titles and descriptions (site/lib/docs/api-reference-pages.ts), gives a sidebar
 * link whose label another link repeats (starlight-openapi labels both the reference's overview
 * and each tag's page "Overview") its page's own title, and takes the canonical link off the
 * not-found page. Starlight builds
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
  // starlight-openapi adds its sidebar group in a route middleware that runs after this one: let
  // it run, then tell the labels apart.
  await next();
  relabelRepeatedLinks(context.locals.starlightRoute.sidebar, pages);
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

type SidebarEntry =
  { type: 'link'; label: string; href: string } | { type: 'group'; label: string; entries: SidebarEntry[] };

/**
 * Sidebar links that share a label with another link are told apart by their page's title, where
 * the API reference describes that page, unless that title only repeats the group's own label: the
 * tag's page becomes "Discovery operations", and the reference's overview (titled "API reference",
 * in the group "API reference") stays "Overview", then the only one.
 */
export function relabelRepeatedLinks(sidebar: SidebarEntry[], titles: ReadonlyMap<string, { title: string }>): void {
  type Link = Extract<SidebarEntry, { type: 'link' }>;
  const links = (entries: SidebarEntry[], groups: string[]): { link: Link; groups: string[] }[] =>
    entries.flatMap((entry) =>
      entry.type === 'link' ? [{ link: entry, groups }] : links(entry.entries, [...groups, entry.label]),
    );
  const all = links(sidebar, []);
  const count = new Map<string, number>();
  for (const { link } of all) count.set(link.label, (count.get(link.label) ?? 0) + 1);
  for (const { link, groups } of all) {
    const title = titles.get(link.href)?.title;
    if (count.get(link.label)! > 1 && title && !groups.includes(title)) link.label = title;
  }
}
