/**
 * Earshot's icon: the one source of the site's `/favicon.svg` (site/pages/favicon.svg.ts) and of
 * the icon that MCP hosts are told to show (`serverInfo.icons`, the Server Card's `icons`).
 */
export const EARSHOT_ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><title>Earshot</title><rect width="32" height="32" rx="7" fill="#4f46e5"/><path d="M11 13a5 5 0 0 1 10 0c0 3-3 4-3 7a3 3 0 0 1-5 2" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/><path d="M23 9a9 9 0 0 1 2 7" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round"/></svg>\n';

/**
 * Where the icon for other origins is served: by netlify/functions/server-icon.ts, with
 * `Cross-Origin-Resource-Policy: cross-origin`, so that an MCP host on any origin (a web page, a
 * desktop app) may show it. Every static file keeps `same-origin` (netlify.toml): Netlify joins
 * the values of a header that two matching `[[headers]]` rules set, so one static file cannot be
 * given another value; a function's answer carries its own headers.
 */
export const SERVER_ICON_PATH = '/icons/earshot.svg';

/** The icon as MCP's `Icon` describes it, for the site at `baseUrl`. */
export function describeServerIcon(baseUrl: string) {
  return { src: `${baseUrl}${SERVER_ICON_PATH}`, mimeType: 'image/svg+xml' as const, sizes: ['any'] };
}
