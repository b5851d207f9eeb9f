import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSchemaValidator } from '../../../contract/create-schema-validator.ts';
import type { DataProblem } from '../../../contract/data-problem.ts';
import { describeSchemaError } from '../../../contract/describe-schema-error.ts';
import { changelogDataSchema, type ChangelogData } from '../../../contract/schemas/index.ts';
import { defaultDataDir } from '../data/load-site-data.ts';

export const CHANGELOG_FILE = 'changelog.json';

export type ChangelogResult = { ok: true; entries: ChangelogData } | { ok: false; problems: DataProblem[] };

let validate: ReturnType<ReturnType<typeof createSchemaValidator>['compile']> | undefined;

/** Reads and checks `changelog.json` of the data folder: its entries, newest first. */
export function loadChangelog(dataDir = defaultDataDir(), displayDir = 'data'): ChangelogResult {
  const file = `${displayDir}/${CHANGELOG_FILE}`;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(join(dataDir, CHANGELOG_FILE), 'utf8'));
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    const expected = missing
      ? 'must exist: the changelog, written by npm run changes -- --record'
      : `must be valid JSON: ${(error as Error).message}`;
    return { ok: false, problems: [{ file, pointer: '', expected }] };
  }
  const problems = checkChangelog(value, file);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, entries: value as ChangelogData };
}

/**
 * What is wrong with a changelog (the schema, then unique ids and newest first), named as `file`:
 * the build reads it, and `npm run changes` checks the changelog it is about to write.
 */
export function checkChangelog(value: unknown, file: string): DataProblem[] {
  validate ??= createSchemaValidator().compile(changelogDataSchema);
  if (!validate(value)) return (validate.errors ?? []).map((error) => describeSchemaError(file, error));
  const entries = value as ChangelogData;
  const problems: DataProblem[] = [];
  const seen = new Set<string>();
  entries.forEach(({ id, date }, index) => {
    if (seen.has(id)) problems.push({ file, pointer: `/${index}/id`, expected: 'must be unique', found: id });
    seen.add(id);
    const previous = entries[index - 1];
    if (previous && previous.date < date)
      problems.push({
        file,
        pointer: `/${index}/date`,
        expected: `must not be after /${index - 1}/date (newest first)`,
        found: date,
      });
  });
  return problems;
}

/** The changelog, or an error listing every problem. */
export function loadChangelogOrThrow(dataDir?: string): ChangelogData {
  const result = loadChangelog(dataDir);
  if (result.ok) return result.entries;
  throw new Error(
    `Invalid changelog:\n${result.problems.map((p) => `${p.file}#${p.pointer}: ${p.expected}`).join('\n')}`,
  );
}
