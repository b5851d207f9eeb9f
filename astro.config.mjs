// @ts-check
import sitemap from '@astrojs/sitemap';
import starlight from '@astrojs/starlight';
import { defineConfig } from 'astro/config';
import { contentSecurityPolicy } from './site/integrations/content-security-policy.ts';
import starlightOpenAPI, { openAPISidebarGroups } from 'starlight-openapi';
import { earshotData } from './site/integrations/earshot-data.ts';
import { markdownPages } from './site/integrations/markdown-pages.ts';
import { changeNoticeHeaders } from './site/integrations/change-notice-headers.ts';
import { pageLinkHeaders } from './site/integrations/page-link-headers.ts';
import { pagefindFiles } from './site/integrations/pagefind-files.ts';
import { WEBMCP_SCRIPT_PATH } from './site/lib/discovery/build-webmcp-script.ts';
import { API_REFERENCE_BASE, docsSidebar } from './site/lib/docs/docs-navigation.ts';
import { loadSiteContext } from './site/lib/site-context.ts';
import { OPENAPI_FILE_VARIABLE } from './tooling/prepare-site.ts';
import { CHANGELOG_FEED_PATH, CHANGELOG_FEED_TYPE } from './site/lib/changelog/build-changelog-feed.ts';

// This file only configures: what Astro reads from disk (the client tarball, the OpenAPI document
// of the API reference, the MCP endpoint's answers) is written first by tooling/prepare-site.ts,
// which `npm run build`, `npm run dev` and `npm run check` run.
const context = loadSiteContext();
const { product } = context.data;
const openApiFile = process.env[OPENAPI_FILE_VARIABLE];
if (!openApiFile)
  throw new Error(
    `${OPENAPI_FILE_VARIABLE} is not set: run Astro through npm run build, npm run dev or npm run check (tooling/prepare-site.ts writes what this config reads)`,
  );

export default defineConfig({
  // The site's sources live in site/ (beside client/, contract/ and tooling/; see ARCHITECTURE.md).
  srcDir: './site',
  site: context.baseUrl,
  trailingSlash: 'ignore',
  // Every stylesheet inline in its page: a linked one blocks the first paint for a round trip
  // (Lighthouse's simulated phone counted 2 s). style-src allows inline styles already (netlify.toml).
  build: { format: 'directory', inlineStylesheets: 'always' },
  vite: {
    build: {
      rolldownOptions: {
        onwarn(warning, warn) {
          // Astro's own marker in the MDX pages' asset modules, which Astro reads before bundling
          // (astro/dist/content/vite-plugin-content-assets.js): the bundler's doubt is not ours to fix.
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('astro:head-inject')) return;
          warn(warning);
        },
      },
    },
  },
  integrations: [
    earshotData(),
    starlight({
      title: `${product.name} developers`,
      description: product.description,
      // site/pages/404.astro renders the not-found page with Starlight's layout.
      disable404Route: true,
      customCss: ['./site/styles/docs.css'],
      // The API reference pages' own titles and descriptions, from the OpenAPI document.
      routeMiddleware: './site/lib/docs/route-metadata.ts',
      head: [
        // RFC 9727, section 3: the api-catalog link relation points agents at the API catalog.
        { tag: 'link', attrs: { rel: 'api-catalog', href: '/.well-known/api-catalog' } },
        // The changelog's feed, for feed readers and agents that look for one in any page's head.
        {
          tag: 'link',
          attrs: {
            rel: 'alternate',
            type: CHANGELOG_FEED_TYPE,
            title: `${product.name} API changelog`,
            href: CHANGELOG_FEED_PATH,
          },
        },
        // WebMCP: the MCP tools offered to the browser's model-context API, where there is one.
        { tag: 'script', attrs: { src: WEBMCP_SCRIPT_PATH, type: 'module' } },
      ],
      sidebar: [...docsSidebar.map(({ label, items }) => ({ label, items: [...items] })), ...openAPISidebarGroups],
      plugins: [
        starlightOpenAPI([
          {
            base: API_REFERENCE_BASE,
            schema: openApiFile,
            // The method beside each operation's label: GET and HEAD of an endpoint share a summary's start.
            sidebar: { label: 'API reference', collapsed: false, operations: { badges: true } },
          },
        ]),
      ],
    }),
    // After Starlight's Pagefind step: the search index, written whole.
    pagefindFiles(),
    // The sitemap lists pages; the changelog feed is not one (pages announce it in their head).
    sitemap(),
    contentSecurityPolicy(),
    markdownPages(),
    // After markdownPages: a page's Link header names its Markdown twin.
    pageLinkHeaders(),
    // The notice of announced breaking changes on the endpoints they affect.
    changeNoticeHeaders(),
  ],
});
