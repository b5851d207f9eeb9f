/**
 * The docs sidebar, in reading order, by page slug (the file's path under
 * `site/content/docs/`). `astro.config.mjs` gives it to Starlight, and `/llms.txt` lists the pages
 * in the same order, so that people and agents read the docs the same way. A new page must be
 * listed here: the build stops naming a page missing from it (site/pages/llms.txt.ts), and the
 * browser tests fail when a page in the sitemap cannot be reached from the menu.
 */
export const docsSidebar = [
  { label: 'Start here', items: ['docs'] },
  {
    label: 'Guides',
    items: [
      'docs/authentication',
      'docs/rate-limits',
      'docs/platforms',
      'docs/webhooks',
      'docs/versioning',
      'docs/changelog',
      'docs/security',
    ],
  },
  { label: 'Tools', items: ['docs/cli', 'docs/mcp'] },
] as const satisfies readonly { label: string; items: readonly string[] }[];

/** Every page slug of the sidebar, in order. */
export const docsPageSlugs: readonly string[] = docsSidebar.flatMap((group) => group.items);

/** Where starlight-openapi puts the API reference generated from the OpenAPI document. */
export const API_REFERENCE_BASE = 'docs/api';
