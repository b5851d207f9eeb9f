/**
 * The breaking changes announced and not published yet, as paragraphs for `/llms.txt` and the
 * Agent Skill: what goes, from when, why, and where it is described. From data/changelog.json at
 * build time (site/lib/changelog/pending-changes.ts), so that it is empty again once published.
 */
import { MINIMUM_NOTICE_DAYS } from '../../../contract/change-notice.ts';
import { CHANGELOG_FEED_PATH } from '../changelog/build-changelog-feed.ts';
import { loadChangelogOrThrow } from '../changelog/load-changelog.ts';
import { listPendingChanges, type PendingChange } from '../changelog/pending-changes.ts';
import { announcementPath } from '../edge/change-notice-headers.ts';
import { escapeMarkdownMarkup } from '../text/escape-markdown.ts';

export function describePendingChanges(baseUrl: string, pending: readonly PendingChange[] = loadPending()): string[] {
  const rule = `Breaking changes are announced at least ${MINIMUM_NOTICE_DAYS} days ahead, in the changelog feed (${baseUrl}${CHANGELOG_FEED_PATH}) and in the \`Deprecation\` and \`Sunset\` headers of the answers they affect.`;
  if (pending.length === 0) return [`No breaking change is announced now. ${rule}`];
  return [
    `Announced breaking changes, not in effect yet. ${rule}`,
    ...pending.flatMap((change) =>
      change.changes.map(
        ({ summary }) =>
          `From ${change.effective}: ${escapeMarkdownMarkup(summary)}. Why: ${escapeMarkdownMarkup(change.reason)} Details: ${baseUrl}${announcementPath(change.id)}`,
      ),
    ),
  ];
}

function loadPending(): PendingChange[] {
  return listPendingChanges(loadChangelogOrThrow());
}
