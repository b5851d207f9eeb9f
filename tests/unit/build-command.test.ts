import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runBuild } from '../support/build-site.ts';

/**
 * `npm run build` on bad data, for real: it stops before building anything, reports every problem
 * (tests/unit/data-validation.test.ts checks each bad-data fixture's lines in-process) and removes
 * an earlier build's output, so that nothing publishable is left.
 */
describe('npm run build with bad data', () => {
  it('exits 1, prints every problem and a summary, and leaves nothing publishable', () => {
    const fixture = 'tests/fixtures/bad-data/problems-in-both-files';
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
