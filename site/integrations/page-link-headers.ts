import type { AstroIntegration } from 'astro';
import { appendFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OPENAPI_PATH } from '../../contract/endpoints.ts';
import { API_CATALOG_PATH } from '../lib/discovery/build-api-catalog.ts';
import { markdownPathOf } from '../lib/discovery/build-llms-full-txt.ts';
import { buildPageHeadersFile, HEADERS_FILE } from '../lib/edge/page-link-headers.ts';
import { loadSiteContext } from '../lib/site-context.ts';

/**
 * After the build (and after markdownPages, which writes the twins): the `Link` header and
 * `Vary: Accept` of every page that has a Markdown twin, into the publish folder's `_headers`
 * (site/lib/edge/page-link-headers.ts). Appended, so that a `_headers` from site/public/ keeps its rules.
 */
export function pageLinkHeaders(): AstroIntegration {
  return {
    name: 'earshot-page-link-headers',
    hooks: {
      'astro:build:done': ({ dir, pages }) => {
        const outDir = fileURLToPath(dir);
        const withTwin = pages
          .map(({ pathname }) => `/${pathname}`)
          .filter((pathname) => pathname.endsWith('/') && existsSync(`${outDir}${markdownPathOf(pathname).slice(1)}`));
        const { product } = loadSiteContext().data;
        appendFileSync(
          `${outDir}${HEADERS_FILE}`,
          buildPageHeadersFile(withTwin, {
            apiCatalog: API_CATALOG_PATH,
            openApi: OPENAPI_PATH,
            docs: product.resources.documentation,
          }),
        );
      },
    },
  };
}
