/**
 * Records the changes the build would publish: the new lock, and the changelog entry that tells
 * clients and agents about them. Additions and wording changes need nothing more; breaking changes
 * are announced first (`announceChanges`: a reason and an effective date at least
 * MINIMUM_NOTICE_DAYS away) and recorded on or after that date, or at once as an emergency, with a
 * reason; refused changes cannot be recorded.
 */
import { earliestEffectiveDate, MINIMUM_NOTICE_DAYS } from '../../contract/change-notice.ts';
import { OPENAPI_PATH } from '../../contract/endpoints.ts';
import { MAX_TITLE_LENGTH } from '../../contract/schemas/changelog-data.ts';
import type { ChangelogData, ChangelogEntry } from '../../contract/schemas/index.ts';
import { listPendingChanges, type PendingChange } from '../../site/lib/changelog/pending-changes.ts';
import type { ContractChange } from './contract-change.ts';
import type { PublishedContract } from './published-contract.ts';

export interface RecordOptions {
  /** Today, `YYYY-MM-DD`: the entry's date. */
  date: string;
  title?: string | undefined;
  reason?: string | undefined;
  /** `YYYY-MM-DD`: from when the breaking changes apply (announcements only). */
  effective?: string | undefined;
  /** Publish breaking changes now, without their notice period (needs `reason`). */
  emergency?: boolean | undefined;
}

/** The command that announces breaking changes, with the earliest date it accepts. */
export function announceCommand(today: string): string {
  return `npm run changes -- --announce --reason "<why clients lose it>" --effective ${earliestEffectiveDate(today)}`;
}

/** Where each breaking change stands against the announcements: the one that covers it, if any. */
export function findAnnouncement(change: ContractChange, pending: readonly PendingChange[]): PendingChange | undefined {
  return pending.find((announcement) => announcement.changes.some(({ summary }) => summary === change.summary));
}

/**
 * Why breaking changes may not be recorded today, or `undefined` when they may: each must be
 * announced, and today must be on or after its announcement's effective date.
 */
export function checkNotice(
  changes: readonly ContractChange[],
  changelog: ChangelogData,
  today: string,
): { error: string; hint: string; from: string } | undefined {
  const pending = listPendingChanges(changelog);
  const breaking = changes.filter(({ kind }) => kind === 'breaking');
  const unannounced = breaking.filter((change) => !findAnnouncement(change, pending));
  if (unannounced.length > 0) {
    const from = earliestEffectiveDate(today);
    return {
      from,
      error: `${count(unannounced.length, 'breaking change')} ${unannounced.length === 1 ? 'is' : 'are'} not announced: the earliest ${unannounced.length === 1 ? 'it' : 'they'} may be published is ${from} (${MINIMUM_NOTICE_DAYS} days' notice)`,
      hint: `announce first: ${announceCommand(today)}; publish the announcement with the data unchanged, then make the change on that date`,
    };
  }
  const early = breaking
    .map((change) => findAnnouncement(change, pending)!)
    .filter(({ effective }) => effective > today)
    .sort((a, b) => (a.effective < b.effective ? 1 : -1));
  const [latest] = early;
  if (!latest) return undefined;
  return {
    from: latest.effective,
    error: `announced in the changelog entry ${latest.id} for ${latest.effective}: it may be published from ${latest.effective}, not ${today}`,
    hint: `until then, publish the data unchanged (the answers carry the notice); from ${latest.effective}: npm run changes -- --record`,
  };
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
  const refusal = checkRecordOptions(changes, options);
  if (refusal) return refusal;
  const breaking = changes.some(({ kind }) => kind === 'breaking');
  const reason = options.reason?.trim();
  const found = breaking && !options.emergency ? findTheAnnouncement(changes, changelog, options.date) : {};
  if ('ok' in found) return found;
  const { announcement } = found;
  const effective = breaking ? (announcement?.effective ?? options.date) : undefined;
  const platforms = withWithdrawnPlatforms(published, current, {
    effective: effective ?? options.date,
    reason: announcement?.reason ?? reason ?? '',
  });
  const entry: ChangelogEntry = {
    id: uniqueId(options.date, changelog),
    date: options.date,
    title: options.title?.trim() || describeEntry(changes),
    ...(breaking && effective
      ? {
          breaking: announcement
            ? { reason: announcement.reason, effective, announced: announcement.id }
            : { reason: reason ?? '', effective, emergency: true as const },
        }
      : {}),
    changes: changes.map(({ kind, summary, where }) => ({
      kind: kind as 'added' | 'changed' | 'breaking',
      summary,
      where,
    })),
  };
  return { ok: true, contract: { ...current, platforms }, changelog: [entry, ...changelog], entry };
}

type Refusal = Extract<RecordResult, { ok: false }>;

/** Why `--record` with these options cannot record these changes; undefined when it can. */
function checkRecordOptions(changes: ContractChange[], options: RecordOptions): Refusal | undefined {
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
  const { emergency } = options;
  const reason = options.reason?.trim();
  if (options.effective !== undefined)
    return {
      ok: false,
      error: '--effective goes with --announce: a recorded change takes effect the day it is published',
      hint: `announce breaking changes first: ${announceCommand(options.date)}`,
    };
  if (emergency && (!breaking || !reason))
    return {
      ok: false,
      error: breaking
        ? '--emergency needs --reason: the changelog says why clients got no notice'
        : '--emergency is for breaking changes only; none is pending',
      hint: breaking ? 'add --reason "<why it cannot wait>"' : 'record them with a bare npm run changes -- --record',
    };
  if (!emergency && reason)
    return {
      ok: false,
      error: '--reason goes with --announce or --emergency: a recorded change takes its reason from its announcement',
      hint: `announce breaking changes first: ${announceCommand(options.date)}`,
    };
  return undefined;
}

/**
 * The one announcement that the breaking changes publish, when its notice has run and the data
 * makes every change it announces; else why they cannot be published today.
 */
function findTheAnnouncement(
  changes: ContractChange[],
  changelog: ChangelogData,
  today: string,
): { announcement?: PendingChange } | Refusal {
  const notice = checkNotice(changes, changelog, today);
  if (notice) return { ok: false, error: notice.error, hint: notice.hint };
  const pending = listPendingChanges(changelog);
  const announcements = new Set(
    changes.filter(({ kind }) => kind === 'breaking').map((change) => findAnnouncement(change, pending)!),
  );
  if (announcements.size > 1)
    return {
      ok: false,
      error: `these breaking changes were announced in ${announcements.size} entries (${[...announcements].map(({ id }) => id).join(', ')})`,
      hint: "publish one announcement's changes at a time: undo the others in data/, record, then redo them",
    };
  const [announcement] = announcements;
  const left =
    announcement?.changes.filter(({ summary }) => !changes.some((change) => change.summary === summary)) ?? [];
  if (left.length > 0)
    return {
      ok: false,
      error: `the announcement ${announcement!.id} also announces ${left.map(({ summary }) => JSON.stringify(summary)).join(', ')}, which the data does not make`,
      hint: 'publish every change of an announcement together: make them all in data/, then record',
    };
  return announcement ? { announcement } : {};
}

/** The current platforms, and each published one that is gone, marked withdrawn (once, when it first goes). */
function withWithdrawnPlatforms(
  published: PublishedContract,
  current: PublishedContract,
  withdrawn: { effective: string; reason: string },
): PublishedContract['platforms'] {
  const platforms: PublishedContract['platforms'] = {};
  for (const [id, platform] of Object.entries(published.platforms))
    platforms[id] = current.platforms[id] ?? (platform.withdrawn ? platform : { ...platform, withdrawn });
  for (const [id, platform] of Object.entries(current.platforms)) platforms[id] ??= platform;
  return platforms;
}

/**
 * Announces the breaking changes among `changes`: a changelog entry with the reason and the
 * effective date, which must be at least MINIMUM_NOTICE_DAYS away. The lock does not change: the
 * data must be published as it was until the effective date (the build refuses the change before it).
 */
export function announceChanges(
  input: { changes: ContractChange[]; changelog: ChangelogData },
  options: RecordOptions,
): { ok: true; changelog: ChangelogData; entry: ChangelogEntry } | { ok: false; error: string; hint: string } {
  const pending = listPendingChanges(input.changelog);
  const breaking = input.changes.filter(({ kind }) => kind === 'breaking');
  const fresh = breaking.filter((change) => !findAnnouncement(change, pending));
  if (fresh.length === 0)
    return {
      ok: false,
      error:
        breaking.length === 0
          ? 'nothing to announce: the data holds no breaking change'
          : 'every breaking change in the data is announced already',
      hint:
        breaking.length === 0
          ? 'make the breaking change in data/ first; --announce records it without publishing it'
          : 'npm run changes lists them with their dates',
    };
  const reason = options.reason?.trim();
  const from = earliestEffectiveDate(options.date);
  if (!reason || !options.effective)
    return {
      ok: false,
      error: 'an announcement needs a reason and an effective date',
      hint: `add --reason "<why clients lose it>" --effective ${from}`,
    };
  if (!isIsoDate(options.effective))
    return {
      ok: false,
      error: `--effective must be a date such as ${from} (got ${JSON.stringify(options.effective)})`,
      hint: 'use YYYY-MM-DD',
    };
  if (options.effective < from)
    return {
      ok: false,
      error: `--effective must be ${from} or later: clients get ${MINIMUM_NOTICE_DAYS} days' notice (got ${options.effective})`,
      hint: `use --effective ${from} or later; a change that cannot wait is recorded with npm run changes -- --record --emergency --reason "<why>"`,
    };
  const entry: ChangelogEntry = {
    id: uniqueId(options.date, input.changelog),
    date: options.date,
    title: options.title?.trim() || describeEntry(fresh),
    announcement: { reason, effective: options.effective },
    changes: fresh.map(({ summary, where }) => ({ kind: 'breaking' as const, summary, where })),
  };
  return { ok: true, changelog: [entry, ...input.changelog], entry };
}

/**
 * The default title of an entry: the summary of its weightiest change (breaking, then added, then
 * changed; a change of the data before what the OpenAPI document derives from it), and how many
 * others there are: `Adds the platform "mastodon" (Mastodon)`, `Renames the platform "x" from "X"
 * to "Twitter", and 1 other change`. When that would not fit a title, what kinds they are:
 * `1 breaking change, 1 addition and 1 change`.
 */
export function describeEntry(changes: readonly ContractChange[]): string {
  const weight = (change: ContractChange) =>
    (KINDS as readonly string[]).indexOf(change.kind) * 2 +
    (change.where.every((where) => where === OPENAPI_PATH) ? 1 : 0);
  const summaries = [...new Set([...changes].sort((a, b) => weight(a) - weight(b)).map(({ summary }) => summary))];
  const [lead, ...others] = summaries;
  if (lead === undefined) return '';
  const title = others.length === 0 ? lead : `${lead}, and ${count(others.length, 'other change')}`;
  if (title.length <= MAX_TITLE_LENGTH) return capitalize(title);
  const nouns = { breaking: 'breaking change', added: 'addition', changed: 'change' } as const;
  const parts = KINDS.map((kind) => [kind, changes.filter((change) => change.kind === kind).length] as const)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => count(n, nouns[kind]));
  return capitalize(parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? ''));
}

const KINDS = ['breaking', 'added', 'changed'] as const;
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

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
