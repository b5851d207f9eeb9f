/**
 * The breaking changes announced and not published yet, from the changelog: an announcement entry
 * is pending until an entry that publishes its changes names it (`breaking.announced`). The
 * headers of the affected endpoints, `/llms.txt`, the Agent Skill and `npm run changes` read them here.
 */
import type { ChangelogData } from '../../../contract/schemas/index.ts';

export interface PendingChange {
  /** The announcement's entry id: its anchor on the changelog page. */
  id: string;
  title: string;
  /** The day it was announced, `YYYY-MM-DD`. */
  announced: string;
  /** The first day it may be published, `YYYY-MM-DD`. */
  effective: string;
  reason: string;
  changes: { summary: string; where: string[] }[];
}

export function listPendingChanges(entries: ChangelogData): PendingChange[] {
  const published = new Set(entries.flatMap(({ breaking }) => (breaking?.announced ? [breaking.announced] : [])));
  return entries
    .filter((entry) => entry.announcement && !published.has(entry.id))
    .map(({ id, title, date, announcement, changes }) => ({
      id,
      title,
      announced: date,
      effective: announcement!.effective,
      reason: announcement!.reason,
      changes: changes.map(({ summary, where }) => ({ summary, where: [...where] })),
    }))
    .sort((a, b) => (a.effective === b.effective ? a.id.localeCompare(b.id) : a.effective < b.effective ? -1 : 1));
}
