/**
 * The changelog as a JSON Feed 1.1, one item per entry, newest first: what feed readers and agents
 * subscribe to. Each item links to its entry on the changelog page.
 * @see https://www.jsonfeed.org/version/1.1/
 */
import { compareVersions } from '../../../client/src/update-notice.ts';
import { MINIMUM_NOTICE_DAYS, REMOVES_OPERATION } from '../../../contract/change-notice.ts';
import type { ChangelogData, ChangelogEntry } from '../../../contract/schemas/index.ts';
import { escapeHtml } from '../text/escape-html.ts';

export const CHANGELOG_PAGE_PATH = '/docs/changelog/';
export const CHANGELOG_FEED_PATH = '/docs/changelog/feed.json';
/** The JSON Feed media type (JSON Feed 1.1, "Discovery"). */
export const CHANGELOG_FEED_TYPE = 'application/feed+json';
/** Where a release entry sends readers to install: the page whose commands name the current tarball. */
const CHANGELOG_CLI_INSTALL_PAGE = '/docs/cli/#install';

/** A release of the client, as `releases/manifest.json` records it, with its tarball's URL. */
export interface ClientRelease {
  version: string;
  date: string;
  url: string;
}

/** One entry of the page and the feed: a change to the contract, or a release of the client. */
export interface ChangelogItem {
  id: string;
  date: string;
  title: string;
  /** What changed, one line each (`kind: summary (where)` for a contract change). */
  lines: string[];
  /** What a client should do about it, in a sentence or two. */
  nextStep: string;
  tags: string[];
}

/** The changes of one entry in words, one line each: the feed's text and the page's list say the same. */
export function describeEntryLines(entry: ChangelogEntry, entries: ChangelogData = [entry]): string[] {
  return [
    ...describeNotice(entry, entries),
    ...entry.changes.map(
      ({ kind, summary, where }) => `${kind}: ${summary}${where.length > 0 ? ` (${where.join(', ')})` : ''}`,
    ),
  ];
}

/** How a breaking change was announced and published, in a line or two: what a client acts on. */
function describeNotice(entry: ChangelogEntry, entries: ChangelogData): string[] {
  const { announcement, breaking } = entry;
  if (announcement) {
    const publication = entries.find((other) => other.breaking?.announced === entry.id);
    return [
      `Announced, effective ${announcement.effective}: ${announcement.reason}`,
      publication
        ? `Published on ${publication.date}, in the entry ${publication.id}.`
        : `Until it is published, the answers it affects carry the Deprecation and Sunset headers.`,
    ];
  }
  if (!breaking) return [];
  // Published without notice: an emergency, or a change no request notices. The reason says which;
  // the label says only what a client acts on.
  if (breaking.emergency)
    return [
      `Breaking, effective ${breaking.effective}: ${breaking.reason}`,
      `Published at once, without the ${MINIMUM_NOTICE_DAYS} days' notice.`,
    ];
  const announced = entries.find(({ id }) => id === breaking.announced);
  return [
    `Breaking, effective ${breaking.effective}: ${breaking.reason}`,
    ...(announced ? [`Announced on ${announced.date}, in the entry ${announced.id}.`] : []),
  ];
}

/**
 * What a client of v1 should do about an entry, from the kinds of its changes: a breaking change
 * needs work before its date, an addition needs none from a client that reads tolerantly, and a
 * reworded text or moved link only matters to a client that kept a copy.
 */
export function describeNextStep(entry: ChangelogEntry): string {
  const kinds = new Set(entry.changes.map(({ kind }) => kind));
  if (entry.announcement)
    return `Stop relying on what goes before ${entry.announcement.effective}: read the list from the API instead of storing it.`;
  if (entry.breaking?.announced)
    return 'Nothing more, if you acted on the announcement: what it announced is gone now.';
  // An operation that never answered with success goes from generated clients only, not from the API.
  const breakingChanges = entry.changes.filter(({ kind }) => kind === 'breaking');
  if (breakingChanges.length > 0 && breakingChanges.every(({ summary }) => summary.startsWith(REMOVES_OPERATION)))
    return 'Generate your client from /openapi.json again and drop the calls to the removed functions; the requests themselves get the same answers.';
  if (entry.breaking || kinds.has('breaking'))
    return `Stop relying on what goes before ${entry.breaking?.effective ?? 'it is published'}: read the list from the API instead of storing it.`;
  if (kinds.has('changed')) return 'Nothing, unless you keep a copy of the changed text or link: fetch it again.';
  return 'Nothing: a v1 client accepts what is added. Show it, or skip what you do not know.';
}

/** An entry's title as the page and the feed show it: an announcement and a breaking change say so first. */
function describeTitle(entry: ChangelogEntry): string {
  if (entry.announcement) return `Announced for ${entry.announcement.effective}: ${entry.title}`;
  return entry.breaking ? `Breaking: ${entry.title}` : entry.title;
}

/** Every entry and every release of the client, newest first; on the same day, the release last. */
export function listChangelogItems(entries: ChangelogData, releases: readonly ClientRelease[]): ChangelogItem[] {
  const changes: ChangelogItem[] = entries.map((entry) => ({
    id: entry.id,
    date: entry.date,
    title: describeTitle(entry),
    lines: describeEntryLines(entry, entries),
    nextStep: describeNextStep(entry),
    tags: [...(entry.announcement ? ['announced'] : []), ...new Set(entry.changes.map(({ kind }) => kind))],
  }));
  // Newest version first, whatever order they come in: two releases can share a day.
  const newestFirst = [...releases].sort((a, b) => compareVersions(b.version, a.version));
  const released: ChangelogItem[] = newestFirst.map((release) => ({
    id: `earshot-${release.version.replaceAll('.', '-')}`,
    date: release.date,
    title: `The earshot client ${release.version}`,
    lines: [`released: earshot ${release.version} (${release.url})`],
    // No install line here: the CLI page's commands always name the version this site serves now.
    nextStep: `Install the current version, as \`${CHANGELOG_CLI_INSTALL_PAGE}\` shows. A configuration that names an older tarball keeps working.`,
    tags: ['release'],
  }));
  return [...changes, ...released].sort((a, b) => (a.date === b.date ? 0 : a.date < b.date ? 1 : -1));
}

export interface ChangelogFeedInput {
  items: readonly ChangelogItem[];
  baseUrl: string;
  productName: string;
}

export function buildChangelogFeed({ items, baseUrl, productName }: ChangelogFeedInput) {
  const pageUrl = `${baseUrl}${CHANGELOG_PAGE_PATH}`;
  return {
    version: 'https://jsonfeed.org/version/1.1',
    title: `${productName} API changelog`,
    home_page_url: pageUrl,
    feed_url: `${baseUrl}${CHANGELOG_FEED_PATH}`,
    description: `Every change to what the ${productName} discovery API publishes, and every release of its client, with what to do about it.`,
    language: 'en',
    authors: [{ name: productName, url: `${baseUrl}/` }],
    items: items.map((item) => {
      const lines = [...item.lines, `What to do: ${item.nextStep}`];
      return {
        id: `${pageUrl}#${item.id}`,
        url: `${pageUrl}#${item.id}`,
        title: item.title,
        content_text: lines.join('\n'),
        content_html: `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
        date_published: `${item.date}T00:00:00Z`,
        tags: item.tags,
      };
    }),
  };
}
