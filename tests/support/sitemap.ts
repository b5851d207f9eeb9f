import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { testSite } from './test-build.ts';

/**
 * The sitemap also names files that are not pages (the changelog's feed): the page tests take
 * only paths without a file extension, `/` and `/docs/…/`.
 */
const isPagePath = (path: string) => !/\.[A-Za-z0-9]+$/.test(path);

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
  const pages = (await Promise.all(sitemaps.map(locs))).flat().filter(isPagePath);
  if (pages.length === 0) throw new Error('the sitemap lists no page');
  return pages.sort();
}

/**
 * The same paths, read from the test run's build (`testSite()`) when Playwright collects
 * the tests, so that each page gets a test of its own. The served sitemap is checked against the
 * pages by the crawl.
 */
export function builtSitemapPaths(): string[] {
  const { dir } = testSite();
  const locs = (file: string) =>
    [...readFileSync(join(dir, file), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => new URL(match[1]!).pathname,
    );
  const pages = locs('sitemap-index.xml')
    .flatMap((sitemap) => locs(sitemap.slice(1)))
    .filter(isPagePath);
  if (pages.length === 0) throw new Error(`${dir}: the sitemap lists no page`);
  return pages.sort();
}
