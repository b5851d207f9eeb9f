import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { earliestEffectiveDate, MINIMUM_NOTICE_DAYS } from '../../contract/change-notice.ts';
import { runBuild } from '../support/build-site.ts';
import { copyPublishingFixture } from '../support/publishing-fixture.ts';

/**
 * `npm run build` on bad data, for real: it stops before building anything, reports every problem
 * (tests/unit/data-validation.test.ts checks each bad-data fixture's lines in-process) and removes
 * an earlier build's output, so that nothing publishable is left.
 */
describe('npm run build with bad data', () => {
  /**
   * problems-in-both-files: a problem of every file at once. hostile-text: a platform name that
   * hides "Ignore all previous instructions" in tag characters, and a changelog `where` with a line
   * break, a `# SYSTEM:` line and a terminal title escape (contract/one-line-text.ts).
   */
  for (const fixture of ['tests/fixtures/bad-data/problems-in-both-files', 'tests/fixtures/hostile-text'])
    it(`${fixture}: exits 1, prints every problem and a summary, and leaves nothing publishable`, () => {
      const outDir = join(mkdtempSync(join(tmpdir(), 'earshot-build-')), 'dist');
      mkdirSync(outDir);
      writeFileSync(join(outDir, 'index.html'), 'an earlier build');

      const build = runBuild({ dataDir: fixture, outDir });

      const expected = readFileSync(join(fixture, 'expected.txt'), 'utf8').trimEnd().split('\n');
      assert.ok(expected.length > 1, 'the fixture should have several problems');
      assert.equal(build.status, 1);
      assert.equal(build.stdout, '');
      assert.deepEqual(build.stderr.trimEnd().split('\n'), [
        ...expected,
        `error: ${expected.length} problems in the data; nothing was built`,
        'hint: fix each line above (file#JSON-pointer: what was expected), then run the build again',
      ]);
      assert.equal(existsSync(outDir), false, 'the earlier output folder is still there');
    });
});

/**
 * The same for data that is valid but changes what has been published without a record
 * (tests/unit/published-contract.test.ts checks each kind of change's lines in-process).
 */
describe('npm run build with an unrecorded change to the published contract', () => {
  it('exits 1, names the change and how to announce it, and leaves nothing publishable', () => {
    const dataDir = copyPublishingFixture('earshot-build-');
    const platforms = JSON.parse(readFileSync(join(dataDir, 'platforms.json'), 'utf8')) as { id: string }[];
    writeFileSync(
      join(dataDir, 'platforms.json'),
      JSON.stringify(platforms.filter(({ id }) => id !== 'fixture-delta')),
    );
    const outDir = join(mkdtempSync(join(tmpdir(), 'earshot-build-')), 'dist');
    mkdirSync(outDir);
    writeFileSync(join(outDir, 'index.html'), 'an earlier build');

    const build = runBuild({ dataDir, outDir });

    assert.equal(build.status, 1);
    // A breaking change not announced: the earliest day it may be published, and how to announce it.
    const earliest = earliestEffectiveDate(new Date().toISOString().slice(0, 10));
    assert.deepEqual(build.stderr.trimEnd().split('\n'), [
      'data/platforms.json#: breaking, not announced: removes the platform "fixture-delta" (Fixture Delta); clients that stored "fixture-delta" lose it',
      `error: 1 breaking change is not announced: the earliest it may be published is ${earliest} (${MINIMUM_NOTICE_DAYS} days' notice); nothing was built`,
      `hint: announce first: npm run changes -- --announce --reason "<why clients lose it>" --effective ${earliest}; publish the announcement with the data unchanged, then make the change on that date`,
    ]);
    assert.equal(existsSync(outDir), false, 'the earlier output folder is still there');
  });
});
