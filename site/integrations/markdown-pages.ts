import type { AstroIntegration } from 'astro';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildLlmsFullTxt, markdownPathOf } from '../lib/discovery/build-llms-full-txt.ts';
import { convertPageToMarkdown } from '../lib/discovery/page-markdown.ts';
import { CHANGELOG_PAGE_PATH } from '../lib/changelog/build-changelog-feed.ts';
import { API_REFERENCE_BASE, docsPageSlugs } from '../lib/docs/docs-navigation.ts';
import { loadSiteContext } from '../lib/site-context.ts';

/**
 * Every page, also as Markdown, for agents (`/docs/authentication/` → `/docs/authentication.md`,
 * `/` → `/index.md`), and the whole documentation in one file, `/llms-full.txt`. Made from the
 * built pages, after the build, so that the Markdown says exactly what the page says, generated
 * parts (the API reference, facts rendered from data) included.
 */
export function markdownPages(): AstroIntegration {
  return {
    name: 'earshot-markdown-pages',
    hooks: {
      'astro:build:done': ({ dir, pages }) => {
        const outDir = fileURLToPath(dir);
        const converted = pages
          .map(({ pathname }) => pathname)
          .filter((pathname) => !pathname.startsWith('404') && existsSync(`${outDir}${pathname}index.html`))
          .map((pathname) => ({
            pathname: `/${pathname}`,
            ...convertPageToMarkdown(readFileSync(`${outDir}${pathname}index.html`, 'utf8')),
          }));
        for (const page of converted)
          writeFileSync(`${outDir}${markdownPathOf(page.pathname).slice(1)}`, page.markdown);
        const { data, baseUrl } = loadSiteContext();
        // In /llms-full.txt, the first tab of each group: the others are in each page's Markdown.
        const compact = converted.map((page) => ({
          ...page,
          ...convertPageToMarkdown(readFileSync(`${outDir}${page.pathname.slice(1)}index.html`, 'utf8'), {
            firstTabOnly: { markdownUrl: `${baseUrl}${markdownPathOf(page.pathname)}` },
          }),
        }));
        writeFileSync(
          `${outDir}llms-full.txt`,
          buildLlmsFullTxt({
            productName: data.product.name,
            baseUrl,
            docsOrder: docsPageSlugs,
            apiReferenceBase: API_REFERENCE_BASE,
            linkedPages: [CHANGELOG_PAGE_PATH],
            pages: compact,
          }),
        );
      },
    },
  };
}
