/**
 * Records the changes the build would publish: the new lock, and the changelog entry that tells
 * clients and agents about them. Additions and wording changes need nothing more; breaking changes
 * need a reason and an effective date; refused changes cannot be recorded.
 */
import type { ChangelogData, ChangelogEntry } from '../../contract/schemas/index.ts';
import type { ContractChange } from './contract-change.ts';
import type { PublishedContract } from './published-contract.ts';

export interface RecordOptions {
  /** Today, `YYYY-MM-DD`: the entry's date. */
  date: string;
  title?: string | undefined;
  reason?: string | undefined;
  /** `YYYY-MM-DD`: from when the breaking changes apply. */
  effective?: string | undefined;
}

export type RecordResult =
  | { ok: true; contract: PublishedContract; changelog: ChangelogData; entry: ChangelogEntry }
  | { ok: false; error: string; hint: string };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function recordChanges(
  input: {
    published: PublishedContract;
    current: PublishedContract;
    changes: ContractChange[];
    changelog: ChangelogData;
  },
  options: RecordOptions,
): RecordResult {
  const { published, current, changes, changelog } = input;
  const refused = changes.filter(({ kind }) => kind === 'refused');
  if (refused.length > 0)
    return {
      ok: false,
      error: `${count(refused.length, 'change')} cannot be recorded within v1`,
      hint: 'undo the lines marked "refused"; a shape change that breaks clients needs a new version under a new prefix',
    };
  if (changes.length === 0)
    return {
      ok: false,
      error: 'nothing to record: the build publishes what has been published',
      hint: 'edit data/ first',
    };
  const breaking = changes.some(({ kind }) => kind === 'breaking');
  const { reason, effective } = options;
  if (breaking && (!reason?.trim() || !effective))
    return {
      ok: false,
      error: 'breaking changes need a reason and an effective date to be recorded',
      hint: 'add --reason "<why clients lose it>" --effective <YYYY-MM-DD>',
    };
  if (effective !== undefined && !isIsoDate(effective))
    return {
      ok: false,
      error: `--effective must be a date such as 2026-12-01 (got ${JSON.stringify(effective)})`,
      hint: 'use YYYY-MM-DD',
    };

  const platforms: PublishedContract['platforms'] = {};
  for (const [id, platform] of Object.entries(published.platforms)) {
    platforms[id] =
      current.platforms[id] ??
      (platform.withdrawn
        ? platform
        : { ...platform, withdrawn: { effective: effective ?? options.date, reason: reason ?? '' } });
  }
  for (const [id, platform] of Object.entries(current.platforms)) platforms[id] ??= platform;

  const entry: ChangelogEntry = {
    id: uniqueId(options.date, changelog),
    date: options.date,
    title: options.title?.trim() || describeEntry(changes),
    ...(breaking && reason && effective ? { breaking: { reason: reason.trim(), effective } } : {}),
    changes: changes.map(({ kind, summary, where }) => ({
      kind: kind as 'added' | 'changed' | 'breaking',
      summary,
      where,
    })),
  };
  return { ok: true, contract: { ...current, platforms }, changelog: [entry, ...changelog], entry };
}

/** `Adds the platform "mastodon" (Mastodon)` for one change, `3 changes: 1 breaking, 2 added` for more. */
function describeEntry(changes: ContractChange[]): string {
  const [only] = changes;
  if (changes.length === 1 && only) return only.summary.charAt(0).toUpperCase() + only.summary.slice(1);
  const kinds = (['breaking', 'added', 'changed'] as const)
    .map((kind) => [kind, changes.filter((change) => change.kind === kind).length] as const)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${kind}`);
  return `${changes.length} changes: ${kinds.join(', ')}`;
}

function uniqueId(date: string, changelog: ChangelogData): string {
  const taken = new Set(changelog.map(({ id }) => id));
  let n = 1;
  while (taken.has(n === 1 ? date : `${date}-${n}`)) n++;
  return n === 1 ? date : `${date}-${n}`;
}

function isIsoDate(text: string): boolean {
  return (
    ISO_DATE.test(text) &&
    !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) &&
    new Date(`${text}T00:00:00Z`).toISOString().startsWith(text)
  );
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
