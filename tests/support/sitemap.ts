import type { APIRequestContext } from '@playwright/test';

/**
 * Every page path the sitemap lists (`/`, `/docs/`, …), read from the served
 * `/sitemap-index.xml` and the sitemaps it names, as a search engine would.
 */
export async function readSitemapPaths(request: APIRequestContext): Promise<string[]> {
  const locs = async (path: string) => {
    const response = await request.get(path);
    if (!response.ok()) throw new Error(`GET ${path} answered ${response.status()}`);
    return [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  };
  const sitemaps = await locs('/sitemap-index.xml');
  const pages = (await Promise.all(sitemaps.map(locs))).flat();
  if (pages.length === 0) throw new Error('the sitemap lists no page');
  return pages.sort();
}
