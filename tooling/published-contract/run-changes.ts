/**
 * `npm run changes`: shows what the next build would publish that has not been published yet, in
 * words, endpoint by endpoint; `--record` records it (the lock and a changelog entry).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { formatDataProblem } from '../../contract/data-problem.ts';
import { CHANGELOG_FILE } from '../../site/lib/changelog/load-changelog.ts';
import type { ContractChange } from './contract-change.ts';
import { inspectPublication } from './inspect-publication.ts';
import { CONTRACT_FILE, writePublishedContract } from './published-contract.ts';
import { recordChanges } from './record-changes.ts';

export interface ChangesIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  dataDir: string;
  /** How the data folder is named in messages, `data` by default. */
  displayDir?: string;
  /** Today, `YYYY-MM-DD` (injected, so that tests do not depend on the clock). */
  today: string;
}

const CHANGES_USAGE = `Usage: npm run changes [-- --record [--title "<text>"] [--reason "<why>" --effective <YYYY-MM-DD>]]

Shows what the next build would publish that has not been published yet, endpoint by endpoint,
each change classified as added, changed, breaking or refused. The build fails until it is recorded.

  --record              record the changes: update ${CONTRACT_FILE} and add a changelog entry
  --title "<text>"      the changelog entry's title (default: a summary of the changes)
  --reason "<why>"      why clients lose something (required to record breaking changes)
  --effective <date>    from when the breaking changes apply, YYYY-MM-DD (required with --reason)
`;

const KIND_WIDTH = 9;

export function runChanges(argv: string[], io: ChangesIo): number {
  let options;
  try {
    options = parseArgs({
      args: argv,
      options: {
        record: { type: 'boolean', default: false },
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
  const { changes } = inspection;
  if (changes.length === 0) {
    io.stdout('No changes: the build publishes what has been published.\n');
    return 0;
  }
  io.stdout(describeChanges(changes, `${displayDir}/${CONTRACT_FILE}`));
  if (!options.record) {
    io.stdout(`\n${recordHint(changes)}\n`);
    return 0;
  }
  const result = recordChanges(inspection, {
    date: io.today,
    title: options.title,
    reason: options.reason,
    effective: options.effective,
  });
  if (!result.ok) {
    io.stderr(`error: ${result.error}\nhint: ${result.hint}\n`);
    return 1;
  }
  writePublishedContract(join(io.dataDir, CONTRACT_FILE), result.contract);
  writeFileSync(join(io.dataDir, CHANGELOG_FILE), `${JSON.stringify(result.changelog, null, 2)}\n`);
  io.stdout(
    `\nRecorded in ${displayDir}/${CONTRACT_FILE} and ${displayDir}/${CHANGELOG_FILE} (entry ${result.entry.id}: ${result.entry.title}).\nCommit them with the data: the next publish announces it on /docs/changelog/ and in its feed.\n`,
  );
  return 0;
}

/** The changes grouped by the public address that shows them: what clients and agents will see. */
function describeChanges(changes: ContractChange[], lockName: string): string {
  const byPlace = new Map<string, ContractChange[]>();
  for (const change of changes)
    for (const place of change.where.length > 0 ? change.where : [change.file])
      byPlace.set(place, [...(byPlace.get(place) ?? []), change]);
  const places = [...byPlace.keys()].sort();
  const lines = [`${changes.length === 1 ? '1 change' : `${changes.length} changes`} not recorded in ${lockName}:`];
  for (const place of places) {
    lines.push('', place.startsWith('/api/') ? `GET ${place}` : place);
    for (const change of byPlace.get(place) ?? [])
      lines.push(`  ${change.kind.padEnd(KIND_WIDTH)} ${change.summary} (${change.file}#${change.pointer})`);
  }
  return `${lines.join('\n')}\n`;
}

function recordHint(changes: ContractChange[]): string {
  if (changes.some(({ kind }) => kind === 'refused'))
    return 'Refused changes cannot be recorded: undo them (a shape that breaks v1 clients needs a new version).';
  if (changes.some(({ kind }) => kind === 'breaking'))
    return 'To publish, record them: npm run changes -- --record --reason "<why clients lose it>" --effective <YYYY-MM-DD>';
  return 'To publish, record them: npm run changes -- --record';
}
