/**
 * The changelog as a JSON Feed 1.1, one item per entry, newest first: what feed readers and agents
 * subscribe to. Each item links to its entry on the changelog page.
 * @see https://www.jsonfeed.org/version/1.1/
 */
import type { ChangelogData, ChangelogEntry } from '../../../contract/schemas/index.ts';
import { escapeHtml } from '../text/escape-html.ts';

export const CHANGELOG_PAGE_PATH = '/docs/changelog/';
export const CHANGELOG_FEED_PATH = '/docs/changelog/feed.json';
/** The JSON Feed media type (JSON Feed 1.1, "Discovery"). */
export const CHANGELOG_FEED_TYPE = 'application/feed+json';

export interface ChangelogFeedInput {
  entries: ChangelogData;
  baseUrl: string;
  productName: string;
}

/** The changes of one entry in words, one line each: the feed's text and the page's list say the same. */
export function describeEntryLines(entry: ChangelogEntry): string[] {
  return [
    ...(entry.breaking ? [`Breaking, effective ${entry.breaking.effective}: ${entry.breaking.reason}`] : []),
    ...entry.changes.map(
      ({ kind, summary, where }) => `${kind}: ${summary}${where.length > 0 ? ` (${where.join(', ')})` : ''}`,
    ),
  ];
}

export function buildChangelogFeed({ entries, baseUrl, productName }: ChangelogFeedInput) {
  const pageUrl = `${baseUrl}${CHANGELOG_PAGE_PATH}`;
  return {
    version: 'https://jsonfeed.org/version/1.1',
    title: `${productName} API changelog`,
    home_page_url: pageUrl,
    feed_url: `${baseUrl}${CHANGELOG_FEED_PATH}`,
    description: `Every change to what the ${productName} discovery API publishes: platforms, target types, resource links and shapes, breaking ones marked.`,
    language: 'en',
    authors: [{ name: productName, url: `${baseUrl}/` }],
    items: entries.map((entry) => {
      const lines = describeEntryLines(entry);
      return {
        id: `${pageUrl}#${entry.id}`,
        url: `${pageUrl}#${entry.id}`,
        title: entry.breaking ? `Breaking: ${entry.title}` : entry.title,
        content_text: lines.join('\n'),
        content_html: `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
        date_published: `${entry.date}T00:00:00Z`,
        tags: [...new Set(entry.changes.map(({ kind }) => kind))],
      };
    }),
  };
}
