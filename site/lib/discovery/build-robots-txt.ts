/**
 * `/robots.txt`: everything may be crawled, the sitemap lists every page, and the content signals
 * say what the content may be used for once fetched.
 * @see https://www.rfc-editor.org/rfc/rfc9309 (the Robots Exclusion Protocol: groups of rules per user agent)
 * @see https://contentsignals.org/ (the `Content-Signal` line, inside a group)
 * @see https://www.sitemaps.org/protocol.html#submit_robots (the `Sitemap` line, an absolute URL)
 */

/**
 * Public developer documentation, which we want search engines to index, agents to read when they
 * answer, and models to learn: every use is allowed.
 */
export const CONTENT_SIGNALS = { search: 'yes', 'ai-input': 'yes', 'ai-train': 'yes' } as const;

/** The sitemap index `@astrojs/sitemap` writes. */
const SITEMAP_PATH = '/sitemap-index.xml';

export function buildRobotsTxt(baseUrl: string): string {
  const signals = Object.entries(CONTENT_SIGNALS)
    .map(([name, value]) => `${name}=${value}`)
    .join(', ');
  return ['User-agent: *', `Content-Signal: ${signals}`, 'Allow: /', '', `Sitemap: ${baseUrl}${SITEMAP_PATH}`, ''].join(
    '\n',
  );
}
