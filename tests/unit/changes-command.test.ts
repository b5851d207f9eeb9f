import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { addDays, MINIMUM_NOTICE_DAYS } from '../../contract/change-notice.ts';
import { OPENAPI_PATH } from '../../contract/endpoints.ts';
import { MAX_TITLE_LENGTH } from '../../contract/schemas/changelog-data.ts';
import type { PlatformsData } from '../../contract/schemas/index.ts';
import type { ContractChange } from '../../tooling/published-contract/contract-change.ts';
import { describeEntry } from '../../tooling/published-contract/record-changes.ts';
import { copyPublishingFixture, runChangesOn } from '../support/publishing-fixture.ts';

/**
 * `npm run changes` in the editor's loop: a record with nothing to record is refused, the default
 * changelog title reads as a sentence, and an announced change whose date has passed is named
 * with the command that makes it. Each case edits a copy of the publishing fixture (tests/support/publishing-fixture.ts), never the
 * shipped data/.
 */
const TODAY = '2026-12-01';
const EFFECTIVE = addDays(TODAY, MINIMUM_NOTICE_DAYS);
const folders: string[] = [];
after(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function copyData(edit: (platforms: PlatformsData) => void = () => {}): string {
  const dir = copyPublishingFixture('earshot-changes-');
  folders.push(dir);
  const platforms = JSON.parse(readFileSync(join(dir, 'platforms.json'), 'utf8')) as PlatformsData;
  edit(platforms);
  writeFileSync(join(dir, 'platforms.json'), JSON.stringify(platforms));
  return dir;
}

const changes = (dir: string, argv: string[], today = TODAY) => runChangesOn(dir, argv, today);

const ADDED = { id: 'zz-loop-forum', name: 'Loop Forum', targetTypes: ['keyword'] } as PlatformsData[number];

describe('npm run changes with nothing to record', () => {
  for (const argv of [['--record'], ['--record', '--title', 'A title for nothing'], ['--announce']])
    it(`refuses ${argv.join(' ')}: one error and one hint, exit 1, nothing written`, () => {
      const dir = copyData();
      const before = readFileSync(join(dir, 'changelog.json'), 'utf8');
      const { code, stderr } = changes(dir, argv);
      assert.equal(code, 1);
      assert.match(stderr, /^error: nothing to (record|announce): .*\nhint: change data\/ first; .*\n$/);
      assert.equal(readFileSync(join(dir, 'changelog.json'), 'utf8'), before);
    });
});

describe('the default title of a changelog entry', () => {
  const change = (kind: ContractChange['kind'], summary = 'renames something', where = ['/api/v1/platforms']) =>
    ({ kind, summary, file: 'data/platforms.json', pointer: '', where }) as ContractChange;
  const derived = change('changed', 'changes the OpenAPI document: its examples changed', [OPENAPI_PATH]);
  const cases: [ContractChange[], string][] = [
    [[change('added', 'adds the platform "x" (X)')], 'Adds the platform "x" (X)'],
    [[derived, change('changed', 'renames the platform "x"')], 'Renames the platform "x", and 1 other change'],
    [
      [
        change('changed', 'renames the platform "x"'),
        change('changed', 'renames the platform "x"', ['/api/v1/capabilities']),
      ],
      'Renames the platform "x"',
    ],
    [
      [change('changed'), change('added', 'adds the platform "y" (Y)'), change('breaking', 'removes the platform "z"')],
      'Removes the platform "z", and 2 other changes',
    ],
    [
      [change('added', `adds the platform "${'y'.repeat(MAX_TITLE_LENGTH)}"`), change('changed'), derived],
      '1 addition and 2 changes',
    ],
  ];
  for (const [list, title] of cases)
    it(`reads "${title}" for ${list.map(({ kind }) => kind).join(', ')}`, () =>
      assert.equal(describeEntry(list), title));
});

describe('an announced change whose date has passed', () => {
  /** A copy of the fixture with the platform ADDED published, then its removal announced TODAY. */
  function announcedRemoval(): string {
    const dir = copyData((platforms) => platforms.push(ADDED));
    assert.equal(changes(dir, ['--record']).code, 0);
    const removed = JSON.parse(readFileSync(join(dir, 'platforms.json'), 'utf8')) as PlatformsData;
    writeFileSync(join(dir, 'platforms.json'), JSON.stringify(removed.filter(({ id }) => id !== ADDED.id)));
    const announced = changes(dir, ['--announce', '--reason', 'The forum closed', '--effective', EFFECTIVE]);
    assert.equal(announced.code, 0, announced.stderr);
    // As the announcement says: undo the change in data/ and publish until the effective date.
    writeFileSync(join(dir, 'platforms.json'), JSON.stringify(removed));
    return dir;
  }
  const removal = `removes the platform "${ADDED.id}" \\(${ADDED.name}\\)`;

  it('is not named before its date', () => {
    assert.doesNotMatch(changes(announcedRemoval(), [], addDays(EFFECTIVE, -1)).stderr, /warning:/);
  });

  it('is named from its date on, with the command that makes it (a warning: exit 0)', () => {
    const shown = changes(announcedRemoval(), [], EFFECTIVE);
    assert.equal(shown.code, 0);
    const [warning, hint] = shown.stderr.trimEnd().split('\n');
    assert.match(
      warning!,
      new RegExp(`^warning: due since ${EFFECTIVE} and not published \\(announced in [\\d-]+\\): ${removal}`),
    );
    assert.match(hint!, /^hint: make the change in data\/, run npm run changes -- --record, then publish; /);
  });

  it('once made in data/, asks only to be recorded', () => {
    const dir = announcedRemoval();
    const platforms = JSON.parse(readFileSync(join(dir, 'platforms.json'), 'utf8')) as PlatformsData;
    writeFileSync(join(dir, 'platforms.json'), JSON.stringify(platforms.filter(({ id }) => id !== ADDED.id)));
    assert.match(
      changes(dir, [], addDays(EFFECTIVE, 3)).stderr,
      /\nhint: npm run changes -- --record, then publish\n$/,
    );
  });
});
