import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { formatDataProblem } from '../../src/lib/data/data-problem.ts';
import { loadSiteData } from '../../src/lib/data/load-site-data.ts';

const FIXTURES = 'tests/fixtures/bad-data';

describe('the shipped data', () => {
  it('passes every schema rule and every rule beyond the schema', () => {
    const result = loadSiteData({ dataDir: 'data' });
    assert.deepEqual(result.ok ? [] : result.problems.map(formatDataProblem), []);
  });
});

// One folder per bad-data case: the data files as an editor might break them, and
// expected.txt, the exact lines the build must report, in order.
describe('bad data is reported like a compiler: file#pointer, what was expected, what was found', () => {
  for (const name of readdirSync(FIXTURES).sort()) {
    it(name, () => {
      const dir = join(FIXTURES, name);
      const expected = readFileSync(join(dir, 'expected.txt'), 'utf8').trimEnd().split('\n');
      const result = loadSiteData({ dataDir: dir, displayDir: 'data' });
      assert.equal(result.ok, false, 'the data was accepted');
      assert.deepEqual(result.ok ? [] : result.problems.map(formatDataProblem), expected);
    });
  }
});
