/**
 * What the build checks of the changelog against today: no entry is dated after today, and no
 * breaking change is published before its effective date. `npm run changes` never writes either;
 * this catches a hand edit, or a record made with a moved clock (tooling/today.ts).
 */
import type { DataProblem } from '../../contract/data-problem.ts';
import type { ChangelogData } from '../../contract/schemas/index.ts';
import { CHANGELOG_FILE } from '../../site/lib/changelog/load-changelog.ts';

export function checkChangelogDates(changelog: ChangelogData, today: string, displayDir = 'data'): DataProblem[] {
  const file = `${displayDir}/${CHANGELOG_FILE}`;
  return changelog.flatMap(({ date, breaking }, index) => [
    ...(date > today
      ? [{ file, pointer: `/${index}/date`, expected: `must not be after today, ${today}`, found: date }]
      : []),
    ...(breaking && breaking.effective > today && !breaking.emergency
      ? [
          {
            file,
            pointer: `/${index}/breaking/effective`,
            expected: `must not be after today, ${today}: a breaking change is published on or after its effective date`,
            found: breaking.effective,
          },
        ]
      : []),
  ]);
}
