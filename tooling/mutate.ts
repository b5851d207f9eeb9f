/**
 * `npm run mutate`: mutation testing of the modules that decide what users get (StrykerJS).
 *
 * Each module is changed one line at a time the way a slip would change it (a `<` for a `<=`, a
 * condition forced true, a string emptied), and the unit tests that cover it run against each
 * change. A change no test notices is a survivor: a line the tests do not pin. The score is the
 * share of changes noticed; below `THRESHOLD` in any module the run exits 1. A change that cannot
 * alter behaviour (an equivalent mutant) is marked in place, with its reason:
 * `// Stryker disable next-line <mutator>: <reason>`, never by lowering the threshold.
 *
 *   npm run mutate                                   # every module in MUTATED_MODULES
 *   npm run mutate -- contract/rate-limit.ts         # the groups holding the files named
 *   npm run mutate -- --force                        # forget the results kept from the last run
 *
 * Incremental: each group's results are kept in `reports/mutation/` (not committed); a second
 * run tests again only the mutants whose code changed. The command runner cannot tell Stryker which
 * test covers which mutant, so when a group's test files change the whole group runs again.
 * Slow by design (a test run per mutant): it runs in the weekly scheduled job and before a
 * release, not in `npm test`. Stryker uses `STRYKER_CONCURRENCY` processes (2 by default).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import type { LogLevel, MutantResult } from '@stryker-mutator/api/core';
import { Stryker } from '@stryker-mutator/core';
import { MUTATED_MODULES, type MutatedGroup } from './mutate/mutated-modules.ts';

/** The least share of mutants a module's tests must notice, in percent. */
export const THRESHOLD = 85;

const REPORTS = 'reports/mutation';

const { values, positionals } = parseArgs({
  options: { force: { type: 'boolean', default: false } },
  allowPositionals: true,
});

const groups = positionals.length
  ? MUTATED_MODULES.filter((group) => positionals.some((file) => group.files.includes(file)))
  : MUTATED_MODULES;
if (groups.length === 0) {
  console.error(`error: no mutated module is named ${positionals.join(', ')}`);
  console.error('hint: the modules are listed in tooling/mutate/mutated-modules.ts');
  process.exit(2);
}

/** A fingerprint of a group's test files: when it changes, every mutant of the group runs again. */
function hashTests(group: MutatedGroup) {
  const hash = createHash('sha256');
  for (const file of group.tests) hash.update(file).update(readFileSync(file));
  return hash.digest('hex');
}

async function mutateGroup(group: MutatedGroup) {
  mkdirSync(REPORTS, { recursive: true });
  const slug = group.name.replace(/[^a-z0-9]+/gi, '-');
  const incrementalFile = `${REPORTS}/${slug}.incremental.json`;
  const testsHashFile = `${REPORTS}/${slug}.tests-hash`;
  const testsHash = hashTests(group);
  const testsChanged = !existsSync(testsHashFile) || readFileSync(testsHashFile, 'utf8') !== testsHash;
  const stryker = new Stryker({
    mutate: group.files,
    testRunner: 'command',
    commandRunner: { command: `node --test --test-reporter=dot ${group.tests.join(' ')}` },
    coverageAnalysis: 'off',
    concurrency: Number(process.env.STRYKER_CONCURRENCY ?? 2),
    incremental: true,
    incrementalFile,
    force: values.force || testsChanged,
    reporters: ['progress-append-only'],
    ignorePatterns: ['dist', 'releases', 'bench-results', 'test-results', 'playwright-report', '.cache', '.astro'],
    tempDirName: '.stryker-tmp',
    cleanTempDir: 'always',
    timeoutMS: 20_000,
    // LogLevel is a const enum, which type stripping cannot inline: its value, named by its type.
    logLevel: 'warn' as LogLevel,
    allowConsoleColors: false,
  });
  const results = await stryker.runMutationTest();
  writeFileSync(testsHashFile, testsHash);
  return results;
}

/** Stryker's mutation score: detected (killed or timed out) over detected and undetected. */
function scoreOf(results: MutantResult[]) {
  const detected = results.filter((result) => result.status === 'Killed' || result.status === 'Timeout').length;
  const undetected = results.filter((result) => result.status === 'Survived' || result.status === 'NoCoverage');
  const ignored = results.filter((result) => result.status === 'Ignored').length;
  const total = detected + undetected.length;
  return { detected, undetected, ignored, total, score: total === 0 ? 100 : (100 * detected) / total };
}

const rows: { file: string; mutants: number; ignored: number; score: number }[] = [];
const survivors: MutantResult[] = [];
for (const group of groups) {
  console.log(`── ${group.name}: ${group.files.length} file(s), tests: ${group.tests.join(' ')}`);
  const results = await mutateGroup(group);
  for (const file of group.files) {
    const { undetected, ignored, total, score } = scoreOf(results.filter((result) => result.fileName.endsWith(file)));
    rows.push({ file, mutants: total, ignored, score });
    survivors.push(...undetected);
  }
}

for (const survivor of survivors) {
  const { line, column } = survivor.location.start;
  const replacement = (survivor.replacement ?? '').replace(/\s+/g, ' ').slice(0, 80);
  const file = relative(process.cwd(), survivor.fileName);
  console.log(`survived: ${file}:${line}:${column + 1} ${survivor.mutatorName} → ${replacement}`);
}
const width = Math.max(...rows.map((row) => row.file.length));
console.log(`\n${'module'.padEnd(width)}  mutants  ignored  score`);
for (const row of rows) {
  const mark = row.score < THRESHOLD ? `  below ${THRESHOLD} %` : '';
  console.log(
    `${row.file.padEnd(width)}  ${String(row.mutants).padStart(7)}  ${String(row.ignored).padStart(7)}  ${row.score.toFixed(1).padStart(5)} %${mark}`,
  );
}
const below = rows.filter((row) => row.score < THRESHOLD);
if (below.length > 0) {
  console.error(`error: ${below.length} module(s) below ${THRESHOLD} %: ${below.map((row) => row.file).join(', ')}`);
  console.error(
    'hint: add a test that fails for each survivor above, or mark an equivalent mutant in place with its reason',
  );
  process.exitCode = 1;
}
