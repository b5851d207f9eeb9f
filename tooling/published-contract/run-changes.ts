/**
 * `npm run changes`: shows what the next build would publish that has not been published yet, in
 * words, endpoint by endpoint, and the breaking changes announced with the day each may be
 * published; `--announce` announces breaking changes (a changelog entry, the lock unchanged);
 * `--record` records changes (the lock and a changelog entry).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { MINIMUM_NOTICE_DAYS } from '../../contract/change-notice.ts';
import { formatDataProblem } from '../../contract/data-problem.ts';
import { CHANGELOG_FILE, checkChangelog } from '../../site/lib/changelog/load-changelog.ts';
import type { ChangelogData } from '../../contract/schemas/index.ts';
import type { ContractChange } from './contract-change.ts';
import { inspectPublication } from './inspect-publication.ts';
import { CONTRACT_FILE, writePublishedContract } from './published-contract.ts';
import { listPendingChanges, type PendingChange } from '../../site/lib/changelog/pending-changes.ts';
import { listDueChanges, formatDueChange } from './due-changes.ts';
import { announceChanges, announceCommand, findAnnouncement, recordChanges } from './record-changes.ts';

export interface ChangesIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  dataDir: string;
  /** How the data folder is named in messages, `data` by default. */
  displayDir?: string;
  /** Today, `YYYY-MM-DD` (injected, so that tests do not depend on the clock; see tooling/today.ts). */
  today: string;
}

const CHANGES_USAGE = `Usage: npm run changes [-- --announce --reason "<why>" --effective <YYYY-MM-DD> | --record [--emergency --reason "<why>"]] [--title "<text>"]

Shows what the next build would publish that has not been published yet, endpoint by endpoint,
each change classified as added, changed, breaking or refused, and the breaking changes announced,
with the day each may be published. The build fails until a change is recorded.

  --announce            announce the breaking changes in data/ (a changelog entry; nothing else changes):
                        undo them in data/ and publish; make them again on the effective date
  --reason "<why>"      why clients lose something (with --announce or --emergency)
  --effective <date>    the first day they may be published, YYYY-MM-DD, ${MINIMUM_NOTICE_DAYS} days away at least
  --record              record the changes: update ${CONTRACT_FILE} and add a changelog entry;
                        breaking ones only once announced and on or after their effective date
  --emergency           with --record: publish breaking changes now, without notice (the changelog says so)
  --title "<text>"      the changelog entry's title (default: a summary of the changes)
`;

const KIND_WIDTH = 9;

export function runChanges(argv: string[], io: ChangesIo): number {
  let options;
  try {
    options = parseArgs({
      args: argv,
      options: {
        record: { type: 'boolean', default: false },
        announce: { type: 'boolean', default: false },
        emergency: { type: 'boolean', default: false },
        title: { type: 'string' },
        reason: { type: 'string' },
        effective: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (error) {
    io.stderr(`error: ${(error as Error).message}\nhint: npm run changes -- --help\n`);
    return 2;
  }
  if (options.help) {
    io.stdout(CHANGES_USAGE);
    return 0;
  }
  const displayDir = io.displayDir ?? 'data';
  const inspection = inspectPublication({ dataDir: io.dataDir, displayDir });
  if (!inspection.ok) {
    for (const problem of inspection.problems) io.stderr(`${formatDataProblem(problem)}\n`);
    io.stderr(
      `error: the data has problems, so what it would publish is unknown\nhint: fix each line above, then run npm run changes again\n`,
    );
    return 1;
  }
  if (options.record && options.announce) {
    io.stderr(
      'error: --announce and --record are two steps, days apart\nhint: announce first; record on or after the effective date\n',
    );
    return 2;
  }
  const { changes } = inspection;
  const pending = listPendingChanges(inspection.changelog);
  if (pending.length > 0) io.stdout(`${describePending(pending, io.today)}\n`);
  for (const due of listDueChanges(pending, changes, io.today)) io.stderr(`${formatDueChange(due)}\n`);
  if (changes.length === 0) {
    io.stdout('No changes: the build publishes what has been published.\n');
    if (!options.record && !options.announce) return 0;
    io.stderr(
      `error: nothing to ${options.record ? 'record' : 'announce'}: the data publishes what has been published, so nothing was written\nhint: change data/ first; npm run changes shows what the build would publish\n`,
    );
    return 1;
  }
  io.stdout(describeChanges(changes, `${displayDir}/${CONTRACT_FILE}`, pending));
  if (options.announce) return announce(inspection, options, io);
  if (!options.record) {
    io.stdout(`\n${recordHint(changes, pending, io.today)}\n`);
    return 0;
  }
  const result = recordChanges(inspection, {
    date: io.today,
    title: options.title,
    reason: options.reason,
    effective: options.effective,
    emergency: options.emergency,
  });
  if (!result.ok) {
    io.stderr(`error: ${result.error}\nhint: ${result.hint}\n`);
    return 1;
  }
  if (!checkWritable(result.changelog, io)) return 1;
  writePublishedContract(join(io.dataDir, CONTRACT_FILE), result.contract);
  writeFileSync(join(io.dataDir, CHANGELOG_FILE), `${JSON.stringify(result.changelog, null, 2)}\n`);
  io.stdout(
    `\nRecorded in ${displayDir}/${CONTRACT_FILE} and ${displayDir}/${CHANGELOG_FILE} (entry ${result.entry.id}: ${result.entry.title}).\nCommit them with the data: the next publish announces it on /docs/changelog/ and in its feed.\n`,
  );
  return 0;
}

function announce(
  inspection: { changes: ContractChange[]; changelog: ChangelogData },
  options: { reason?: string | undefined; effective?: string | undefined; title?: string | undefined },
  io: ChangesIo,
): number {
  const result = announceChanges(inspection, {
    date: io.today,
    reason: options.reason,
    effective: options.effective,
    title: options.title,
  });
  if (!result.ok) {
    io.stderr(`error: ${result.error}\nhint: ${result.hint}\n`);
    return 1;
  }
  if (!checkWritable(result.changelog, io)) return 1;
  const displayDir = io.displayDir ?? 'data';
  writeFileSync(join(io.dataDir, CHANGELOG_FILE), `${JSON.stringify(result.changelog, null, 2)}\n`);
  const { effective } = result.entry.announcement!;
  io.stdout(
    [
      '',
      `Announced in ${displayDir}/${CHANGELOG_FILE} (entry ${result.entry.id}: ${result.entry.title}), effective ${effective}.`,
      `Now undo the change in ${displayDir}/ and publish: the changelog, its feed and the answers' Deprecation and Sunset headers announce it.`,
      `From ${effective}: make the change again, run npm run changes -- --record, and publish.`,
      '',
    ].join('\n'),
  );
  return 0;
}

/**
 * The changelog about to be written passes the build's own check, or nothing is written: a
 * `--title` or `--reason` with a line break would otherwise reach /llms.txt as Markdown of its own.
 */
function checkWritable(changelog: ChangelogData, io: ChangesIo): boolean {
  const problems = checkChangelog(changelog, `${io.displayDir ?? 'data'}/${CHANGELOG_FILE}`);
  for (const problem of problems) io.stderr(`${formatDataProblem(problem)}\n`);
  if (problems.length > 0)
    io.stderr(
      'error: the changelog entry breaks the rules above, so nothing was written\nhint: fix --title or --reason, then run npm run changes again\n',
    );
  return problems.length === 0;
}

/** The announced breaking changes, each with the day it may be published. */
function describePending(pending: PendingChange[], today: string): string {
  const lines = [
    `${pending.length === 1 ? '1 breaking change announced' : `${pending.length} announcements`}, not published yet:`,
  ];
  for (const announcement of pending) {
    const when =
      announcement.effective <= today
        ? `may be published now (effective ${announcement.effective})`
        : `may be published from ${announcement.effective}`;
    lines.push('', `${announcement.id}: ${announcement.title}; ${when}`);
    for (const { summary } of announcement.changes) lines.push(`  breaking  ${summary}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The changes grouped by the public address that shows them: what clients and agents will see. */
function describeChanges(changes: ContractChange[], lockName: string, pending: PendingChange[]): string {
  const byPlace = new Map<string, ContractChange[]>();
  for (const change of changes)
    for (const place of change.where.length > 0 ? change.where : [change.file])
      byPlace.set(place, [...(byPlace.get(place) ?? []), change]);
  const places = [...byPlace.keys()].sort();
  const lines = [`${changes.length === 1 ? '1 change' : `${changes.length} changes`} not recorded in ${lockName}:`];
  for (const place of places) {
    lines.push('', place.startsWith('/api/') ? `GET ${place}` : place);
    for (const change of byPlace.get(place) ?? [])
      lines.push(
        `  ${change.kind.padEnd(KIND_WIDTH)} ${change.summary} (${change.file}#${change.pointer})${announcedAs(change, pending)}`,
      );
  }
  return `${lines.join('\n')}\n`;
}

/** `, announced in 2026-11-26-3 for 2026-12-26` after a breaking change that has been announced. */
function announcedAs(change: ContractChange, pending: PendingChange[]): string {
  if (change.kind !== 'breaking') return '';
  const announcement = findAnnouncement(change, pending);
  return announcement ? `, announced in ${announcement.id} for ${announcement.effective}` : ', not announced';
}

function recordHint(changes: ContractChange[], pending: PendingChange[], today: string): string {
  if (changes.some(({ kind }) => kind === 'refused'))
    return 'Refused changes cannot be recorded: undo them (a shape that breaks v1 clients needs a new version).';
  const breaking = changes.filter(({ kind }) => kind === 'breaking');
  if (breaking.some((change) => !findAnnouncement(change, pending)))
    return `Breaking changes are announced first: ${announceCommand(today)}`;
  const latest = breaking
    .map((change) => findAnnouncement(change, pending)!.effective)
    .sort()
    .pop();
  if (latest && latest > today) return `To publish, record them from ${latest}: npm run changes -- --record`;
  return 'To publish, record them: npm run changes -- --record';
}
