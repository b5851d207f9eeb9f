import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordAsPublished } from '../../tooling/published-contract/record-as-published.ts';
import { runChanges } from '../../tooling/published-contract/run-changes.ts';

/**
 * The data the tests of the publishing rules edit, frozen: platforms, product and changelog with
 * ids no one would add for real (`fixture-alpha` …), so that an everyday change to `data/` (a
 * platform added, renamed, announced for removal) changes no expected line. Five platforms: the
 * OpenAPI examples show the first three (EXAMPLE_PLATFORM_COUNT), so an edit to the last two
 * leaves `/openapi.json` as it was. Only tests/unit/data-validation.test.ts reads the shipped `data/`.
 */
export const PUBLISHING_FIXTURE = 'tests/fixtures/publishing';

/**
 * A copy of the fixture in a new temporary folder (the caller removes it), with its
 * `published-contract.json` recorded from it as the current code publishes it (recordAsPublished):
 * the code's half of the lock (schemas, operations, the OpenAPI digest) is never frozen, so a
 * schema description reworded and recorded changes nothing here.
 */
export function copyPublishingFixture(prefix = 'earshot-fixture-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(PUBLISHING_FIXTURE, dir, { recursive: true });
  recordAsPublished(dir);
  return dir;
}

/** `npm run changes <argv>` on the data in `dir`, with the build's clock at `today`: its exit code and output. */
export function runChangesOn(dir: string, argv: string[], today: string) {
  let stdout = '';
  let stderr = '';
  const code = runChanges(argv, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    dataDir: dir,
    today,
  });
  return { code, stdout, stderr };
}
