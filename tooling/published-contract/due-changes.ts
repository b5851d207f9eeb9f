/**
 * Announced breaking changes whose effective date has come and that are not published yet: a
 * removal that is due keeps the site serving a platform whose `Sunset` date has passed. The build
 * and `npm run changes` print one warning each (`warning: …` then `hint: …`), and go on: a date
 * that has passed breaks nothing clients rely on (the notice told them it may happen from then
 * on), and failing would stop every other publish, a typo fix too, until someone makes the change.
 * The smoke check fails instead on a deployed site that serves a `Sunset` in the past
 * (tooling/smoke/smoke-checks.ts), which is where an unattended due change is seen.
 */
import type { PendingChange } from '../../site/lib/changelog/pending-changes.ts';
import type { ContractChange } from './contract-change.ts';

export interface DueChange {
  announcement: PendingChange;
  /** Whether data/ already makes every change announced (then it only waits to be recorded). */
  made: boolean;
}

/** The announcements in `pending` due on `today`, oldest first; `changes` are what data/ would publish now. */
export function listDueChanges(
  pending: readonly PendingChange[],
  changes: readonly ContractChange[],
  today: string,
): DueChange[] {
  const summaries = new Set(changes.map(({ summary }) => summary));
  return pending
    .filter(({ effective }) => effective <= today)
    .map((announcement) => ({
      announcement,
      made: announcement.changes.every(({ summary }) => summaries.has(summary)),
    }));
}

/** `warning: …` and `hint: …`: the change that is due and the command that makes it. */
export function formatDueChange({ announcement, made }: DueChange): string {
  const what = announcement.changes.map(({ summary }) => summary).join('; ');
  return [
    `warning: due since ${announcement.effective} and not published (announced in ${announcement.id}): ${what}`,
    made
      ? 'hint: npm run changes -- --record, then publish'
      : 'hint: make the change in data/, run npm run changes -- --record, then publish; until then the answers carry a Sunset date in the past',
  ].join('\n');
}
