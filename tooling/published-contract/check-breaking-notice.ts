/**
 * What the build checks of the changelog's own past: every entry that publishes a breaking change
 * keeps the rule the docs state. It names the announcement it follows, made at least
 * MINIMUM_NOTICE_DAYS before its effective date, or it is marked an emergency with its reason.
 * `npm run changes` never writes anything else; this catches a hand edit.
 */
import { addDays, MINIMUM_NOTICE_DAYS } from '../../contract/change-notice.ts';
import type { DataProblem } from '../../contract/data-problem.ts';
import type { ChangelogData } from '../../contract/schemas/index.ts';
import { CHANGELOG_FILE } from '../../site/lib/changelog/load-changelog.ts';

export function checkBreakingNotice(changelog: ChangelogData, displayDir = 'data'): DataProblem[] {
  const file = `${displayDir}/${CHANGELOG_FILE}`;
  return changelog.flatMap((entry, index): DataProblem[] => {
    const { breaking } = entry;
    if (!breaking) {
      const kind = entry.changes.findIndex((change) => change.kind === 'breaking');
      return kind < 0 || entry.announcement
        ? []
        : [{ file, pointer: `/${index}`, expected: 'must have "breaking" (its reason and effective date)' }];
    }
    if (breaking.emergency) return [];
    const announced = changelog.find(({ id }) => id === breaking.announced);
    const found = breaking.announced === undefined ? 'neither' : `"${breaking.announced}", no such announcement`;
    if (!announced?.announcement)
      return [
        {
          file,
          pointer: `/${index}/breaking`,
          expected: `must name its announcement entry ("announced") or be an emergency ("emergency": true): a breaking change comes at least ${MINIMUM_NOTICE_DAYS} days after its announcement`,
          found,
        },
      ];
    const announcedOn = announced.date;
    return breaking.effective < addDays(announcedOn, MINIMUM_NOTICE_DAYS)
      ? [
          {
            file,
            pointer: `/${index}/breaking/effective`,
            expected: `must be at least ${MINIMUM_NOTICE_DAYS} days after its announcement of ${announcedOn}`,
            found: breaking.effective,
          },
        ]
      : [];
  });
}
