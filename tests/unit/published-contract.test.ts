import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { addDays, MINIMUM_NOTICE_DAYS } from '../../contract/change-notice.ts';
import { formatDataProblem } from '../../contract/data-problem.ts';
import type { ChangelogData, PlatformsData, ProductData } from '../../contract/schemas/index.ts';
import { toUnrecordedProblem } from '../../tooling/published-contract/contract-change.ts';
import { inspectPublication } from '../../tooling/published-contract/inspect-publication.ts';
import { CONTRACT_FILE, type PublishedContract } from '../../tooling/published-contract/published-contract.ts';
import { describeEntryLines } from '../../site/lib/changelog/build-changelog-feed.ts';
import { copyPublishingFixture, runChangesOn } from '../support/publishing-fixture.ts';
import { EXAMPLE_PLATFORM_COUNT } from '../../site/lib/openapi/describe-endpoint.ts';

/**
 * Each case is an edit an editor could make to a copy of the publishing fixture (its lock and
 * changelog included; tests/support/publishing-fixture.ts), the exact lines the build prints for it, and whether `npm run changes -- --record`
 * (with the arguments given) makes it publishable. The build runs `inspectPublication` first and
 * prints exactly these lines (tooling/build.ts), so nothing of it reaches dist/ unrecorded.
 */
const TODAY = '2026-12-01';
/** The first day a breaking change announced TODAY may be published. */
const EFFECTIVE = addDays(TODAY, MINIMUM_NOTICE_DAYS);
const folders: string[] = [];
after(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

interface DataFiles {
  platforms: PlatformsData;
  product: ProductData;
}

function copyData(edit: (files: DataFiles) => void): string {
  const dir = copyPublishingFixture('earshot-contract-');
  folders.push(dir);
  const read = (name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as never;
  const files: DataFiles = { platforms: read('platforms.json'), product: read('product.json') };
  edit(files);
  writeFileSync(join(dir, 'platforms.json'), JSON.stringify(files.platforms));
  writeFileSync(join(dir, 'product.json'), JSON.stringify(files.product));
  return dir;
}

/** What `npm run build` prints before "error: …" for this data folder, or [] when it builds. */
function buildLines(dir: string): string[] {
  const inspection = inspectPublication({ dataDir: dir });
  const problems = inspection.ok
    ? inspection.changes.map((change) => toUnrecordedProblem(change))
    : inspection.problems;
  return problems.map(formatDataProblem);
}

const changes = (dir: string, argv: string[], today = TODAY) => runChangesOn(dir, argv, today);

/** Announces the breaking changes of `dir` today, then records them on their effective date. */
function announceThenRecord(dir: string, extra: string[] = []): void {
  const announced = changes(dir, ['--announce', '--reason', 'The source closed its API', '--effective', EFFECTIVE]);
  assert.equal(announced.code, 0, announced.stderr);
  const recorded = changes(dir, ['--record', ...extra], EFFECTIVE);
  assert.equal(recorded.code, 0, recorded.stderr);
}

/** The OpenAPI document's change, with the reason shown (the lock keeps only its hash). */
const openApiChanged = (reason: string) =>
  `/openapi.json#: changed, not recorded: changes the OpenAPI document: ${reason}`;
const EXAMPLES_CHANGED = openApiChanged(
  `its examples show the first ${EXAMPLE_PLATFORM_COUNT} platforms of data/platforms.json, and they changed`,
);
/** A breaking change: announced, refused until its effective date, then recorded. */
const BREAKING = ['--announce'];
const platformIndex = (files: DataFiles, id: string) => files.platforms.findIndex((platform) => platform.id === id);

const cases: [string, { edit: (files: DataFiles) => void; want: string[]; record: string[] | undefined }][] = [
  [
    'renaming an id',
    {
      edit: (files) => (files.platforms[platformIndex(files, 'fixture-beta')]!.id = 'fixture-betta'),
      want: [
        'data/platforms.json#/1/id: breaking, not recorded: renames the id of "Fixture Beta" from "fixture-beta" to "fixture-betta"; clients that stored "fixture-beta" lose it',
        EXAMPLES_CHANGED,
      ],
      record: BREAKING,
    },
  ],
  [
    'removing a platform',
    {
      edit: (files) => files.platforms.splice(platformIndex(files, 'fixture-delta'), 1),
      want: [
        'data/platforms.json#: breaking, not recorded: removes the platform "fixture-delta" (Fixture Delta); clients that stored "fixture-delta" lose it',
      ],
      record: BREAKING,
    },
  ],
  [
    'removing a target type',
    {
      edit: (files) => (files.platforms[platformIndex(files, 'fixture-alpha')]!.targetTypes = ['keyword']),
      want: [
        'data/platforms.json#/0/targetTypes: breaking, not recorded: removes the target type "subreddit" from the platform "fixture-alpha"',
        EXAMPLES_CHANGED,
      ],
      record: BREAKING,
    },
  ],
  [
    'adding a platform',
    {
      edit: (files) => files.platforms.push({ id: 'fixture-new', name: 'Fixture New', targetTypes: ['keyword'] }),
      want: [
        'data/platforms.json#/5: added, not recorded: adds the platform "fixture-new" (Fixture New) with the target type "keyword"',
      ],
      record: ['--record'],
    },
  ],
  [
    "rewording a platform's name",
    {
      edit: (files) => (files.platforms[platformIndex(files, 'fixture-omega')]!.name = 'Fixture Omega.com'),
      want: [
        'data/platforms.json#/4/name: changed, not recorded: renames the platform "fixture-omega" from "Fixture Omega" to "Fixture Omega.com"',
      ],
      record: ['--record'],
    },
  ],
  [
    'rewording the product description',
    {
      edit: (files) => (files.product.description = `${files.product.description} Try it free.`),
      want: [
        'data/product.json#/description: changed, not recorded: rewords the product description',
        openApiChanged('it quotes the product description'),
      ],
      record: ['--record'],
    },
  ],
  [
    'moving a resource link (to a page that does not exist: the build output check stops it after the record)',
    {
      edit: (files) => (files.product.resources.webhooks = '/docs/nope/'),
      want: [
        'data/product.json#/resources/webhooks: changed, not recorded: moves the resource link "webhooks" from /docs/webhooks/ to /docs/nope/',
        openApiChanged('it links the resources of data/product.json'),
      ],
      record: ['--record'],
    },
  ],
  [
    'a plain HTTP production base URL',
    {
      edit: (files) => (files.product.baseUrl = 'http://earshot.dev'),
      want: [
        'data/product.json#/baseUrl: must start with https:// (every published link starts with it; a local server sets SITE_URL=http://localhost:…) (got "http://earshot.dev")',
      ],
      record: undefined,
    },
  ],
];

describe('a change to the published contract fails the build until it is recorded', () => {
  it('the fixture publishes exactly what has been published', () => {
    assert.deepEqual(buildLines(copyData(() => {})), []);
  });

  for (const [name, { edit, want, record }] of cases) {
    it(name, () => {
      const dir = copyData(edit);
      assert.deepEqual(buildLines(dir), want);
      if (record === undefined) {
        assert.equal(changes(dir, ['--record']).code, 1, 'recorded data that cannot be published');
        assert.deepEqual(buildLines(dir), want);
        return;
      }
      if (record === BREAKING) {
        const unannounced = changes(dir, ['--record']);
        assert.equal(unannounced.code, 1);
        assert.match(
          unannounced.stderr,
          new RegExp(
            `^error: 1 breaking change is not announced: the earliest it may be published is ${EFFECTIVE} \\(${MINIMUM_NOTICE_DAYS} days' notice\\)\n`,
          ),
        );
        assert.match(
          unannounced.stderr,
          new RegExp(
            `\nhint: announce first: npm run changes -- --announce --reason "<why clients lose it>" --effective ${EFFECTIVE};`,
          ),
        );
        assert.equal(changes(dir, [...BREAKING, '--reason', 'Closed', '--effective', EFFECTIVE]).code, 0);
        const early = changes(dir, ['--record'], addDays(EFFECTIVE, -1));
        assert.equal(early.code, 1);
        assert.match(early.stderr, new RegExp(`it may be published from ${EFFECTIVE}, not ${addDays(EFFECTIVE, -1)}`));
        assert.deepEqual(buildLines(dir), want, 'a refused record changed the lock');
        assert.equal(changes(dir, ['--record'], EFFECTIVE).code, 0);
      } else assert.equal(changes(dir, record).code, 0);
      assert.deepEqual(buildLines(dir), [], 'the second build still fails');
    });
  }

  it('reusing a withdrawn id for another platform is refused, even after a record', () => {
    const dir = copyData((files) => files.platforms.splice(platformIndex(files, 'fixture-delta'), 1));
    announceThenRecord(dir);
    const platforms = JSON.parse(readFileSync(join(dir, 'platforms.json'), 'utf8')) as PlatformsData;
    writeFileSync(
      join(dir, 'platforms.json'),
      JSON.stringify([...platforms, { id: 'fixture-delta', name: 'Fixture Delta Again', targetTypes: ['keyword'] }]),
    );
    const want = [
      `data/platforms.json#/4/id: refused within v1: reuses the id "fixture-delta", published for "Fixture Delta" and withdrawn on ${EFFECTIVE}; a published id is never given to another platform`,
    ];
    assert.deepEqual(buildLines(dir), want);
    const refused = changes(dir, ['--record']);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /^error: 1 change cannot be recorded/);
    assert.deepEqual(buildLines(dir), want);
  });
});

describe('npm run changes', () => {
  it('shows the public diff endpoint by endpoint, each change classified, and how to record it', () => {
    const dir = copyData((files) => {
      files.platforms.splice(platformIndex(files, 'fixture-delta'), 1);
      files.platforms.push({ id: 'fixture-new', name: 'Fixture New', targetTypes: ['keyword'] });
    });
    const shown = changes(dir, []);
    assert.equal(shown.code, 0, shown.stderr);
    assert.equal(
      shown.stdout,
      [
        '2 changes not recorded in data/published-contract.json:',
        '',
        'GET /api/v1/capabilities',
        '  added     adds the platform "fixture-new" (Fixture New) with the target type "keyword" (data/platforms.json#/4)',
        '  breaking  removes the platform "fixture-delta" (Fixture Delta); clients that stored "fixture-delta" lose it (data/platforms.json#), not announced',
        '',
        'GET /api/v1/platforms',
        '  added     adds the platform "fixture-new" (Fixture New) with the target type "keyword" (data/platforms.json#/4)',
        '  breaking  removes the platform "fixture-delta" (Fixture Delta); clients that stored "fixture-delta" lose it (data/platforms.json#), not announced',
        '',
        `Breaking changes are announced first: npm run changes -- --announce --reason "<why clients lose it>" --effective ${EFFECTIVE}`,
        '',
      ].join('\n'),
    );
  });

  it('shows what is announced and from when it may be published', () => {
    const dir = copyData((files) => files.platforms.splice(platformIndex(files, 'fixture-delta'), 1));
    changes(dir, ['--announce', '--reason', 'Closed', '--effective', EFFECTIVE]);
    const shown = changes(dir, []);
    assert.equal(
      shown.stdout,
      [
        '1 breaking change announced, not published yet:',
        '',
        `${TODAY}: Removes the platform "fixture-delta" (Fixture Delta); clients that stored "fixture-delta" lose it; may be published from ${EFFECTIVE}`,
        '  breaking  removes the platform "fixture-delta" (Fixture Delta); clients that stored "fixture-delta" lose it',
        '',
        '1 change not recorded in data/published-contract.json:',
        '',
        'GET /api/v1/capabilities',
        `  breaking  removes the platform "fixture-delta" (Fixture Delta); clients that stored "fixture-delta" lose it (data/platforms.json#), announced in ${TODAY} for ${EFFECTIVE}`,
        '',
        'GET /api/v1/platforms',
        `  breaking  removes the platform "fixture-delta" (Fixture Delta); clients that stored "fixture-delta" lose it (data/platforms.json#), announced in ${TODAY} for ${EFFECTIVE}`,
        '',
        `To publish, record them from ${EFFECTIVE}: npm run changes -- --record`,
        '',
      ].join('\n'),
    );
  });

  const refusals: [string, string[], string][] = [
    [
      'an effective date that is not a date',
      ['--announce', '--reason', 'Closed', '--effective', '2026-02-30'],
      `error: --effective must be a date such as ${EFFECTIVE} (got "2026-02-30")\nhint: use YYYY-MM-DD\n`,
    ],
    [
      'an effective date within the notice period',
      ['--announce', '--reason', 'Closed', '--effective', addDays(EFFECTIVE, -1)],
      `error: --effective must be ${EFFECTIVE} or later: clients get ${MINIMUM_NOTICE_DAYS} days' notice (got ${addDays(EFFECTIVE, -1)})\n`,
    ],
    [
      'an announcement without a reason',
      ['--announce', '--effective', EFFECTIVE],
      'error: an announcement needs a reason and an effective date\n',
    ],
    [
      'an emergency without a reason',
      ['--record', '--emergency'],
      'error: --emergency needs --reason: the changelog says why clients got no notice\n',
    ],
    [
      'a record with an effective date',
      ['--record', '--reason', 'Closed', '--effective', EFFECTIVE],
      'error: --effective goes with --announce',
    ],
    ['both steps at once', ['--announce', '--record'], 'error: --announce and --record are two steps, days apart\n'],
  ];
  for (const [name, argv, error] of refusals)
    it(`refuses ${name}`, () => {
      const dir = copyData((files) => files.platforms.splice(platformIndex(files, 'fixture-delta'), 1));
      const refused = changes(dir, argv);
      assert.equal(refused.code === 1 || refused.code === 2, true);
      assert.ok(refused.stderr.startsWith(error), refused.stderr);
      assert.deepEqual(buildLines(dir).length, 1, 'a refusal changed the lock');
    });

  it('--record --emergency publishes at once and the changelog says so, with the reason', () => {
    const dir = copyData((files) => files.platforms.splice(platformIndex(files, 'fixture-delta'), 1));
    const recorded = changes(dir, ['--record', '--emergency', '--reason', 'Fixture Delta stopped answering']);
    assert.equal(recorded.code, 0, recorded.stderr);
    const [entry] = JSON.parse(readFileSync(join(dir, 'changelog.json'), 'utf8')) as ChangelogData;
    assert.deepEqual(entry?.breaking, { reason: 'Fixture Delta stopped answering', effective: TODAY, emergency: true });
    assert.deepEqual(describeEntryLines(entry!).slice(0, 2), [
      `Breaking, effective ${TODAY}: Fixture Delta stopped answering`,
      // Not "Emergency": the same field marks a change no request notices (the reason says which).
      `Published at once, without the ${MINIMUM_NOTICE_DAYS} days' notice.`,
    ]);
    assert.deepEqual(buildLines(dir), []);
  });

  it('says so when there is nothing to record', () => {
    const shown = changes(
      copyData(() => {}),
      [],
    );
    assert.deepEqual(shown, {
      code: 0,
      stdout: 'No changes: the build publishes what has been published.\n',
      stderr: '',
    });
  });

  it('--record writes the lock (the withdrawn id kept, with its reason) and a changelog entry', () => {
    const dir = copyData((files) => {
      files.platforms.splice(platformIndex(files, 'fixture-delta'), 1);
      files.platforms.push({ id: 'fixture-new', name: 'Fixture New', targetTypes: ['keyword'] });
    });
    const before = JSON.parse(readFileSync(join(dir, 'changelog.json'), 'utf8')) as ChangelogData;
    announceThenRecord(dir, ['--title', 'Fixture New replaces Fixture Delta']);
    const lock = JSON.parse(readFileSync(join(dir, CONTRACT_FILE), 'utf8')) as PublishedContract;
    assert.deepEqual(lock.platforms['fixture-delta'], {
      name: 'Fixture Delta',
      targetTypes: ['keyword'],
      withdrawn: { effective: EFFECTIVE, reason: 'The source closed its API' },
    });
    assert.deepEqual(lock.platforms['fixture-new'], { name: 'Fixture New', targetTypes: ['keyword'] });
    const changelog = JSON.parse(readFileSync(join(dir, 'changelog.json'), 'utf8')) as ChangelogData;
    assert.deepEqual(changelog.slice(2), before, 'older entries are kept, after the new ones');
    assert.deepEqual(changelog[1], {
      id: TODAY,
      date: TODAY,
      title: 'Removes the platform "fixture-delta" (Fixture Delta); clients that stored "fixture-delta" lose it',
      announcement: { reason: 'The source closed its API', effective: EFFECTIVE },
      changes: [
        {
          kind: 'breaking',
          summary: 'removes the platform "fixture-delta" (Fixture Delta); clients that stored "fixture-delta" lose it',
          where: ['/api/v1/capabilities', '/api/v1/platforms'],
        },
      ],
    });
    assert.deepEqual(changelog[0], {
      id: EFFECTIVE,
      date: EFFECTIVE,
      title: 'Fixture New replaces Fixture Delta',
      breaking: { reason: 'The source closed its API', effective: EFFECTIVE, announced: TODAY },
      changes: [
        {
          kind: 'added',
          summary: 'adds the platform "fixture-new" (Fixture New) with the target type "keyword"',
          where: ['/api/v1/capabilities', '/api/v1/platforms'],
        },
        {
          kind: 'breaking',
          summary: 'removes the platform "fixture-delta" (Fixture Delta); clients that stored "fixture-delta" lose it',
          where: ['/api/v1/capabilities', '/api/v1/platforms'],
        },
      ],
    });
  });
});
