// @ts-check
import sitemap from '@astrojs/sitemap';
import starlight from '@astrojs/starlight';
import { defineConfig } from 'astro/config';
import { existsSync } from 'node:fs';
import { cliTarballFile } from './site/lib/cli-package/cli-tarball.ts';
import { buildCliPackage } from './tooling/build-cli.ts';
import { contentSecurityPolicy } from './site/integrations/content-security-policy.ts';
import starlightOpenAPI, { openAPISidebarGroups } from 'starlight-openapi';
import { earshotData } from './site/integrations/earshot-data.ts';
import { markdownPages } from './site/integrations/markdown-pages.ts';
import { pageLinkHeaders } from './site/integrations/page-link-headers.ts';
import { WEBMCP_SCRIPT_PATH } from './site/lib/discovery/build-webmcp-script.ts';
import { API_REFERENCE_BASE, docsSidebar } from './site/lib/docs/docs-navigation.ts';
import { forApiReference } from './site/lib/docs/api-reference-pages.ts';
import { buildOpenApiDocument } from './site/lib/openapi/build-openapi-document.ts';
import { writeOpenApiFile } from './site/lib/openapi/write-openapi-file.ts';
import { loadSiteContext } from './site/lib/site-context.ts';
import {
  buildPublishedAnswers,
  PUBLISHED_ANSWERS_FILE,
  writePublishedAnswers,
} from './site/lib/mcp/write-published-answers.ts';
import { readNetlifyConfig } from './site/lib/edge/netlify-config.ts';
import { resolve } from 'node:path';
import { CHANGELOG_FEED_PATH, CHANGELOG_FEED_TYPE } from './site/lib/changelog/build-changelog-feed.ts';

const context = loadSiteContext();

// The pages and /mcp.json name the client tarball's pinned URL, so it must exist before Astro
// renders anything. `npm run build` always packs it afresh; `astro dev` and `astro check` on a
// fresh clone pack it once here.
if (!existsSync(cliTarballFile())) await buildCliPackage();
const { product } = context.data;

// starlight-openapi reads its document from a file while Astro loads this config; it gets the
// very document /openapi.json serves, built by the same function (see write-openapi-file.ts),
// without the tags' descriptions, so that a tag is a sidebar group and not a page of its own
// (forApiReference in site/lib/docs/api-reference-pages.ts).
const openApiFile = writeOpenApiFile(forApiReference(buildOpenApiDocument(context)));

// The remote MCP endpoint (netlify/functions/mcp.ts) answers from the bodies this build serves,
// written where the function imports them. Only `astro build` of the directory Netlify publishes
// writes them: a test building elsewhere, or `astro check` (which loads this config with the
// default base URL), must not change what the local server's /mcp answers. Any Astro run writes
// them when they are missing, so that type-checking a fresh clone finds the file.
const outDir = process.env.EARSHOT_OUT_DIR ?? 'dist';
if (!existsSync(PUBLISHED_ANSWERS_FILE)) writePublishedAnswers(buildPublishedAnswers(context));
/** @type {import('astro').AstroIntegration} */
const publishedAnswers = {
  name: 'earshot-published-answers',
  hooks: {
    'astro:config:setup': ({ command }) => {
      if (command === 'build' && resolve(outDir) === resolve(readNetlifyConfig().build?.publish ?? 'dist')) {
        writePublishedAnswers(buildPublishedAnswers(context));
      }
    },
  },
};

export default defineConfig({
  // The site's sources live in site/ (beside client/, contract/ and tooling/; see ARCHITECTURE.md).
  srcDir: './site',
  site: context.baseUrl,
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [
    earshotData(),
    publishedAnswers,
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
    // The sitemap lists pages; the changelog feed is not one (pages announce it in their head).
    sitemap(),
    contentSecurityPolicy(),
    markdownPages(),
    // After markdownPages: a page's Link header names its Markdown twin.
    pageLinkHeaders(),
  ],
});
