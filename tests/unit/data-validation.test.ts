import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { formatDataProblem } from '../../contract/data-problem.ts';
import { loadSiteData } from '../../site/lib/data/load-site-data.ts';
import { checkBreakingNotice } from '../../tooling/published-contract/check-breaking-notice.ts';
import { toUnrecordedProblem } from '../../tooling/published-contract/contract-change.ts';
import { inspectPublication } from '../../tooling/published-contract/inspect-publication.ts';

const FIXTURES = 'tests/fixtures/bad-data';

/**
 * The one test of the shipped `data/`: whatever an editor changed and recorded, it passes every
 * schema and rule, and publishes exactly what `data/published-contract.json` records, as the build
 * checks it. Every other test of the publishing rules reads tests/fixtures/publishing/.
 */
describe('the shipped data', () => {
  it('passes every schema rule and every rule beyond the schema', () => {
    const result = loadSiteData({ dataDir: 'data' });
    assert.deepEqual(result.ok ? [] : result.problems.map(formatDataProblem), []);
  });

  it('publishes exactly what has been published, its changelog valid (npm run changes would record nothing)', () => {
    const inspection = inspectPublication({ dataDir: 'data' });
    const lines = inspection.ok
      ? [
          ...checkBreakingNotice(inspection.changelog),
          ...inspection.changes.map((change) => toUnrecordedProblem(change)),
        ].map(formatDataProblem)
      : inspection.problems.map(formatDataProblem);
    assert.deepEqual(lines, []);
  });
});

// One folder per bad-data case: the data files as an editor might break them, and
// expected.txt, the exact lines the build must report, in order. The list of allowed properties
// is the schema's of the day (a field added lengthens it; describe-schema-error.test.ts holds
// how it is listed), so it is compared as "(allowed: …)".
const withoutAllowedList = (line: string) => line.replace(/\(allowed: [^)]*\)$/, '(allowed: …)');

describe('bad data is reported like a compiler: file#pointer, what was expected, what was found', () => {
  for (const name of readdirSync(FIXTURES).sort()) {
    it(name, () => {
      const dir = join(FIXTURES, name);
      const expected = readFileSync(join(dir, 'expected.txt'), 'utf8').trimEnd().split('\n').map(withoutAllowedList);
      const result = loadSiteData({ dataDir: dir, displayDir: 'data' });
      assert.equal(result.ok, false, 'the data was accepted');
      assert.deepEqual(result.ok ? [] : result.problems.map(formatDataProblem).map(withoutAllowedList), expected);
    });
  }
});

/**
 * Each kind of bad data an editor can write, and the fixtures that cover it, so that a missing kind
 * shows up here rather than in production. Every fixture folder is listed under some kind.
 */
const fixturesByKind: Record<string, readonly string[]> = {
  'wrong types': [
    'name-wrong-type',
    'platform-not-object',
    'platforms-not-array',
    'target-type-wrong-type',
    'target-types-not-array',
  ],
  'missing fields': ['missing-description', 'missing-platform-id', 'missing-platform-name', 'missing-resource'],
  'extra fields': ['extra-platform-field', 'extra-resource'],
  'unknown target type': ['unknown-target-type'],
  duplicates: ['duplicate-ids', 'duplicate-target-types'],
  'ids that are not slugs': ['html-in-id', 'id-not-slug'],
  'empty and whitespace-only strings': [
    'empty-description',
    'empty-name',
    'empty-target-types',
    'padded-name',
    'whitespace-description',
    'whitespace-name',
  ],
  'non-URI resource links': ['resource-not-a-path'],
  'relative links where absolute are required': ['base-url-with-path', 'relative-base-url'],
  'absolute links where site paths are required': ['resource-absolute-url'],
  // `//index.md` and `/\\host/` read as paths but resolve to another site.
  'site paths that leave the site': ['resource-backslash-path', 'resource-network-path'],
  'a production base URL over plain HTTP': ['http-base-url'],
  'invalid JSON': ['invalid-json-platforms', 'invalid-json-product', 'not-utf8-platforms'],
  'a missing data file': ['missing-platforms-file', 'missing-product-file'],
  'an empty platform list': ['empty-platform-list'],
  'very long strings': ['id-too-long', 'long-description', 'long-name'],
  // HTML and Unicode that are only hostile, not wrong, must build: tests/fixtures/hostile-data.
  'Unicode and HTML that cannot be published': [
    'description-line-break',
    'html-in-id',
    'name-bidi-control',
    'name-escape-code',
    'name-lone-surrogate',
  ],
  'other values out of range': ['invalid-support-email', 'product-name-not-constant'],
  'problems in both files at once': ['problems-in-both-files'],
};

describe('the bad-data matrix', () => {
  const folders = readdirSync(FIXTURES).sort();
  it('has at least 25 cases', () => {
    assert.ok(folders.length >= 25, `${folders.length} cases`);
  });
  it('covers every kind of bad data the issue names, each with a fixture that exists', () => {
    for (const [kind, fixtures] of Object.entries(fixturesByKind)) {
      assert.ok(fixtures.length > 0, kind);
      for (const fixture of fixtures) assert.ok(folders.includes(fixture), `${kind}: no fixture ${fixture}`);
    }
  });
  it('lists every fixture under a kind', () => {
    const listed = new Set(Object.values(fixturesByKind).flat());
    assert.deepEqual(
      folders.filter((folder) => !listed.has(folder)),
      [],
    );
  });
});
