/**
 * The `Link` header of every page that has a Markdown twin (`/` and the docs): where an agent that
 * reads only headers (`HEAD /`, RFC 9727's own discovery example) finds the API catalog, the
 * OpenAPI document, the docs, and this page as Markdown. Written at build into `_headers`, the
 * publish folder's header file, which Netlify reads beside netlify.toml's `[[headers]]` rules.
 * @see https://www.rfc-editor.org/rfc/rfc8288 (Web Linking: the Link header)
 * @see https://www.rfc-editor.org/rfc/rfc9727#section-3 (api-catalog)
 * @see https://www.rfc-editor.org/rfc/rfc8631 (service-desc, service-doc)
 * @see https://docs.netlify.com/routing/headers/#syntax-for-the-headers-file
 */
import { markdownPathOf } from '../discovery/build-llms-full-txt.ts';

/** The publish folder's header file, which Netlify reads beside netlify.toml. */
export const HEADERS_FILE = '_headers';

export interface PageLinkTargets {
  /** `/.well-known/api-catalog` */
  apiCatalog: string;
  /** The OpenAPI document, `/openapi.json`. */
  openApi: string;
  /** The docs for people, `/docs/`. */
  docs: string;
}

/**
 * The Link value for the page at `pathname`: `api-catalog`, `service-desc` (the OpenAPI
 * document), `service-doc` (the docs) and its Markdown twin as `alternate`. `describedby` is left
 * to the API's own answers (netlify.toml's `/api/*` rule and the catalog), whose JSON Schemas
 * describe them; nothing describes a page in that sense.
 */
export function buildPageLinkHeader(pathname: string, targets: PageLinkTargets): string {
  return [
    `<${targets.apiCatalog}>; rel="api-catalog"`,
    `<${targets.openApi}>; rel="service-desc"; type="application/json"`,
    `<${targets.docs}>; rel="service-doc"; type="text/html"`,
    `<${markdownPathOf(pathname)}>; rel="alternate"; type="text/markdown"`,
  ].join(', ');
}

/**
 * The `_headers` file: for each page, its Link header and `Vary: Accept`, since the same URL
 * answers Markdown to a request that prefers it (netlify/edge-functions/markdown-negotiation.ts):
 * a cache must not hand the HTML to an agent that asked for Markdown, nor the other way round.
 * Paths are the pages' own, with their trailing slash, as the sitemap lists them.
 */
export function buildPageHeadersFile(pathnames: readonly string[], targets: PageLinkTargets): string {
  const blocks = [...pathnames]
    .sort()
    .map((pathname) => [pathname, `  Link: ${buildPageLinkHeader(pathname, targets)}`, '  Vary: Accept'].join('\n'));
  return [
    '# Written by the build (site/integrations/page-link-headers.ts): the Link header of every page',
    "# with a Markdown twin. Netlify adds these to netlify.toml's [[headers]] rules.",
    ...blocks,
    '',
  ].join('\n');
}
