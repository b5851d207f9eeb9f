/**
 * The notice of an announced breaking change, in the answers themselves: from the announcement to
 * its publication, each endpoint the change affects answers with `Deprecation` (the day it was
 * announced), `Sunset` (the first day it may be published) and `Link`s to the changelog entry.
 * Written at build into the publish folder's `_headers`, which Netlify merges with netlify.toml's
 * rules (a `Link` there and here are joined into one list); nothing runs on the edge for it.
 * @see https://www.rfc-editor.org/rfc/rfc9745 (the Deprecation header field)
 * @see https://www.rfc-editor.org/rfc/rfc8594 (the Sunset header field)
 * @see https://docs.netlify.com/routing/headers/#syntax-for-the-headers-file
 */
import { endpointFile, endpoints, type Endpoint } from '../../../contract/endpoints.ts';
import { CHANGELOG_PAGE_PATH } from '../changelog/build-changelog-feed.ts';
import type { PendingChange } from '../changelog/pending-changes.ts';

/** A day as an RFC 9745 structured-field Date: `@` and the seconds since 1970 at its start, UTC. */
export function formatDeprecationDate(date: string): string {
  return `@${Date.parse(`${date}T00:00:00Z`) / 1000}`;
}

/** A day as an HTTP date (RFC 9110, section 5.6.7), its start in UTC: `Sat, 26 Dec 2026 00:00:00 GMT`. */
export function formatSunsetDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toUTCString();
}

/** The changelog entry of an announcement: a site path, so that a deploy preview links to its own. */
export function announcementPath(id: string): string {
  return `${CHANGELOG_PAGE_PATH}#${id}`;
}

/** The notice headers of one endpoint, from the announcements that affect it; none when none does. */
export function buildChangeNoticeHeaders(
  pending: readonly PendingChange[],
): Map<Endpoint['path'], Record<string, string>> {
  const byPath = new Map<Endpoint['path'], Record<string, string>>();
  for (const { path } of endpoints) {
    const affecting = pending.filter(({ changes }) => changes.some(({ where }) => where.includes(path)));
    if (affecting.length === 0) continue;
    // The earliest of each: deprecated since the first announcement, and the first day anything may go.
    const announced = affecting.map((change) => change.announced).sort()[0]!;
    const effective = affecting.map((change) => change.effective).sort()[0]!;
    byPath.set(path, {
      Deprecation: formatDeprecationDate(announced),
      Sunset: formatSunsetDate(effective),
      Link: affecting
        .flatMap(({ id }) => [
          `<${announcementPath(id)}>; rel="deprecation"; type="text/html"`,
          `<${announcementPath(id)}>; rel="sunset"; type="text/html"`,
        ])
        .join(', '),
    });
  }
  return byPath;
}

/**
 * The `_headers` blocks for the notice headers; an empty string when nothing is pending. Each
 * endpoint's rule is written for the path clients ask for and for the file netlify.toml rewrites
 * it to (`/api/v1/platforms.json`): which of the two a rule must name for a rewritten answer is not
 * documented: the local server matches the path asked for, and `npm run smoke` judges a deploy.
 * The file's own path answers the JSON 404.
 */
export function buildChangeNoticeHeadersFile(pending: readonly PendingChange[]): string {
  const blocks = [...buildChangeNoticeHeaders(pending)].flatMap(([path, headers]) =>
    [path, endpointFile({ path })].map((rulePath) =>
      [rulePath, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n'),
    ),
  );
  if (blocks.length === 0) return '';
  return [
    '# Written by the build (site/integrations/change-notice-headers.ts): the notice of each breaking',
    '# change announced in data/changelog.json and not published yet, on the endpoints it affects.',
    ...blocks,
    '',
  ].join('\n');
}
