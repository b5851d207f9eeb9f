import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { readChangeNotice } from '../../client/src/api/change-notice.ts';
import { describeNoticeForModel, earshotTools, formatDataErrorLines } from '../../client/src/mcp/mcp-tools.ts';
import { run } from '../../client/src/run.ts';
import type { ChangelogData } from '../../contract/schemas/index.ts';
import { listPendingChanges } from '../../site/lib/changelog/pending-changes.ts';
import { toPublishedDataSource } from '../../site/lib/mcp/published-answers.ts';
import {
  buildChangeNoticeHeaders,
  buildChangeNoticeHeadersFile,
  formatDeprecationDate,
  formatSunsetDate,
} from '../../site/lib/edge/change-notice-headers.ts';
import { checkChangelogDates } from '../../tooling/published-contract/check-changelog-dates.ts';
import { checkBreakingNotice } from '../../tooling/published-contract/check-breaking-notice.ts';
import { readToday } from '../../tooling/today.ts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { readRateLimit } from '../../contract/rate-limit.ts';
import { describeHeaders } from '../../site/lib/openapi/describe-headers.ts';
import { createTestIo } from '../support/cli-io.ts';

const URL_ = 'https://earshot.example/api/v1/platforms';
const ENTRY = 'https://earshot.example/docs/changelog/#2026-12-01';
const announced = new Date('2026-12-01T00:00:00Z');
const effective = new Date('2026-12-31T00:00:00Z');
const valid = {
  Deprecation: '@1796083200',
  Sunset: 'Thu, 31 Dec 2026 00:00:00 GMT',
  Link: '</openapi.json>; rel="service-desc", </docs/changelog/#2026-12-01>; rel="deprecation"; type="text/html", </docs/changelog/#2026-12-01>; rel="sunset"',
};

describe('the client reads a change notice tolerantly (Deprecation, Sunset, Link)', () => {
  const cases: [string, Record<string, string>, ReturnType<typeof readChangeNotice>][] = [
    ['no notice headers: no notice', { Link: valid.Link.split(', ')[0]! }, undefined],
    ['all three', valid, { announcedAt: announced, effectiveAt: effective, links: [ENTRY] }],
    [
      'a malformed Deprecation is left out',
      { ...valid, Deprecation: 'yesterday' },
      { effectiveAt: effective, links: [ENTRY] },
    ],
    [
      'a Sunset that is not an HTTP date is left out',
      { ...valid, Sunset: '2026-12-31' },
      { announcedAt: announced, links: [ENTRY] },
    ],
    ['Deprecation alone', { Deprecation: valid.Deprecation }, { announcedAt: announced, links: [] }],
    [
      'a link that is not http(s) is dropped',
      { Deprecation: valid.Deprecation, Link: '<javascript:alert(1)>; rel="deprecation"' },
      { announcedAt: announced, links: [] },
    ],
    [
      'a link with both relations, unquoted, counts once',
      { Link: '<https://other.example/x>; rel=deprecation, <https://other.example/x>; rel="sunset deprecation"' },
      { links: ['https://other.example/x'] },
    ],
    ['an absurd Deprecation is left out', { Deprecation: '@999999999999999' }, { links: [] }],
  ];
  for (const [name, headers, want] of cases)
    it(name, () => assert.deepEqual(readChangeNotice(new Headers(headers), URL_), want));
});

describe('the build writes the notice of each pending announcement, and nothing once it is published', () => {
  const announcement: ChangelogData[number] = {
    id: '2026-12-01',
    date: '2026-12-01',
    title: 'Removes the platform "dev"',
    announcement: { reason: 'Closed', effective: '2026-12-31' },
    changes: [
      { kind: 'breaking', summary: 'removes the platform "dev"', where: ['/api/v1/platforms', '/api/v1/capabilities'] },
    ],
  };
  const publication: ChangelogData[number] = {
    id: '2026-12-31',
    date: '2026-12-31',
    title: 'Removes the platform "dev"',
    breaking: { reason: 'Closed', effective: '2026-12-31', announced: '2026-12-01' },
    changes: announcement.changes,
  };

  it('the headers the client reads back as the announcement', () => {
    const headers = buildChangeNoticeHeaders(listPendingChanges([announcement]));
    assert.deepEqual([...headers.keys()].sort(), ['/api/v1/capabilities', '/api/v1/platforms']);
    const platforms = headers.get('/api/v1/platforms')!;
    assert.equal(platforms.Deprecation, formatDeprecationDate('2026-12-01'));
    assert.equal(platforms.Sunset, formatSunsetDate('2026-12-31'));
    assert.deepEqual(readChangeNotice(new Headers(platforms), URL_), {
      announcedAt: announced,
      effectiveAt: effective,
      links: [ENTRY],
    });
  });

  it('the values match the schemas the OpenAPI document declares for them', () => {
    const declared = describeHeaders({ rateLimit: readRateLimit(), limit: '' });
    const ajv = new Ajv2020({ strict: false });
    const platforms = buildChangeNoticeHeaders(listPendingChanges([announcement])).get('/api/v1/platforms')!;
    for (const name of ['Deprecation', 'Sunset'] as const)
      assert.equal(ajv.validate(declared[name].schema, platforms[name]), true, `${name}: ${platforms[name]}`);
    assert.equal(declared.Deprecation.required, false);
  });

  it('_headers names each endpoint and the file it is rewritten to', () => {
    const paths = buildChangeNoticeHeadersFile(listPendingChanges([announcement]))
      .split('\n')
      .filter((line) => line.startsWith('/'));
    assert.deepEqual(paths.sort(), [
      '/api/v1/capabilities',
      '/api/v1/capabilities.json',
      '/api/v1/platforms',
      '/api/v1/platforms.json',
    ]);
  });

  it('nothing is written once the change is published', () => {
    assert.equal(buildChangeNoticeHeadersFile(listPendingChanges([publication, announcement])), '');
  });

  it('the remote MCP tools mention it, from the same headers', async () => {
    const source = toPublishedDataSource({
      baseUrl: 'https://earshot.example',
      serverVersion: '1.1.0',
      bodies: { listServicePlatforms: '{"data":[]}', getServiceCapabilities: '{}' },
      openapi: '{}',
      notices: {
        listServicePlatforms: buildChangeNoticeHeaders(listPendingChanges([announcement])).get('/api/v1/platforms')!,
      },
    });
    const tool = earshotTools.find(({ operationId }) => operationId === 'listServicePlatforms')!;
    const result = await tool.call(source, formatDataErrorLines);
    assert.deepEqual(result.content[1], {
      type: 'text',
      text: describeNoticeForModel(
        { announcedAt: announced, effectiveAt: effective, links: [ENTRY] },
        'https://earshot.example',
      ),
    });
    assert.match(
      String((result.content[1] as { text: string }).text),
      /from 2026-12-31\. Read https:\/\/earshot\.example\/docs\/changelog\/#2026-12-01/,
    );
  });
});

describe("the MCP tools' notice names only the site's own links, as the command line does", () => {
  const site = 'https://earshot.example';
  const cases: [string, string, boolean][] = [
    ["the site's changelog entry", `${site}/docs/changelog/#2026-12-01`, true],
    ['another origin', 'https://evil.example/docs/changelog/', false],
    ['a user name that reads as the site', 'https://earshot.example@evil.example/x', false],
    ['another scheme', 'http://earshot.example/docs/changelog/', false],
  ];
  for (const [name, link, kept] of cases)
    it(`${name}: ${kept ? 'named' : 'left out, and said so'}`, () => {
      const text = describeNoticeForModel({ effectiveAt: effective, links: [link] }, site);
      assert.equal(text.includes(link), kept, text);
      assert.equal(text.includes('A link to another site was left out.'), !kept, text);
    });
});

describe('the command line prints one line per announcement, once', () => {
  const state = mkdtempSync(join(tmpdir(), 'earshot-notice-'));
  after(() => rmSync(state, { recursive: true, force: true }));
  const body = JSON.stringify({ data: [{ id: 'dev', name: 'DEV', targetTypes: ['keyword'] }] });
  const platforms = async (headers: Record<string, string>, ...flags: string[]) => {
    const io = createTestIo({
      env: { XDG_STATE_HOME: state },
      fetch: async () => new Response(body, { headers: { 'Content-Type': 'application/json', ...headers } }),
    });
    const code = await run(['platforms', '--base-url', 'https://earshot.example', ...flags], io);
    return { code, out: io.out(), err: io.err() };
  };

  it('on stderr, after the answer, with --json too; the next call says nothing', async () => {
    const first = await platforms(valid, '--json');
    assert.equal(first.code, 0);
    assert.equal(first.out, body, 'stdout stays the answer, byte for byte');
    assert.equal(
      first.err,
      `notice: ${URL_} announces a breaking change from 2026-12-31: read ${ENTRY} (shown once)\n`,
    );
    assert.equal((await platforms(valid)).err, '');
  });

  it("a server's link reaches the terminal printable (client/src/output/printable.ts)", async () => {
    const { err } = await platforms({ Link: '<https://earshot.example/a\u001b[2Jb>; rel="deprecation"' });
    assert.equal(err.includes('\u001b'), false);
    assert.match(err, /^notice: .* read https:\/\/earshot\.example\/a/);
  });

  it('no notice, no line', async () => assert.equal((await platforms({})).err, ''));
});

describe('the build clock', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  it('is the real day unless EARSHOT_TODAY moves it', () => {
    assert.deepEqual(readToday({}, now), { ok: true, today: '2026-11-26' });
    assert.deepEqual(readToday({ EARSHOT_TODAY: '2026-12-26' }, now), { ok: true, today: '2026-12-26' });
  });
  it('cannot be moved in a Netlify build, nor to something that is not a day', () => {
    assert.equal(readToday({ EARSHOT_TODAY: '2026-12-26', NETLIFY: 'true' }, now).ok, false);
    assert.equal(readToday({ EARSHOT_TODAY: 'tomorrow' }, now).ok, false);
  });
  it('a changelog entry dated after today, or published before its date, stops the build', () => {
    const entry: ChangelogData[number] = {
      id: '2026-12-26',
      date: '2026-12-26',
      title: 'Removes the platform "dev"',
      breaking: { reason: 'Closed', effective: '2026-12-26', announced: '2026-11-26' },
      changes: [{ kind: 'breaking', summary: 'removes the platform "dev"', where: [] }],
    };
    assert.deepEqual(
      checkChangelogDates([entry], '2026-11-26').map(({ pointer }) => pointer),
      ['/0/date', '/0/breaking/effective'],
    );
    assert.deepEqual(checkChangelogDates([entry], '2026-12-26'), []);
  });
});

describe("the changelog's own past keeps the notice rule", () => {
  const removal = { kind: 'breaking' as const, summary: 'removes the platform "dev"', where: [] };
  const announcement: ChangelogData[number] = {
    id: 'dev-announced',
    date: '2026-11-01',
    title: 'Removes the platform "dev"',
    announcement: { reason: 'Closed', effective: '2026-12-01' },
    changes: [removal],
  };
  const published = (breaking: NonNullable<ChangelogData[number]['breaking']>): ChangelogData[number] => ({
    id: 'dev-removed',
    date: breaking.effective,
    title: 'Removes the platform "dev"',
    breaking,
    changes: [removal],
  });
  const cases: [string, { given: ChangelogData; want: string[] }][] = [
    [
      'announced 30 days ahead',
      {
        given: [published({ reason: 'Closed', effective: '2026-12-01', announced: 'dev-announced' }), announcement],
        want: [],
      },
    ],
    [
      'an emergency, with its reason',
      { given: [published({ reason: 'Broken', effective: '2026-11-26', emergency: true })], want: [] },
    ],
    [
      'neither announced nor an emergency',
      { given: [published({ reason: 'Closed', effective: '2026-11-26' })], want: ['/0/breaking: neither'] },
    ],
    [
      'naming an entry that announced nothing',
      {
        given: [published({ reason: 'Closed', effective: '2026-11-26', announced: 'nothing' })],
        want: ['/0/breaking: "nothing", no such announcement'],
      },
    ],
    [
      'published sooner than 30 days after its announcement',
      {
        given: [published({ reason: 'Closed', effective: '2026-11-20', announced: 'dev-announced' }), announcement],
        want: ['/0/breaking/effective: 2026-11-20'],
      },
    ],
    [
      'a breaking change without its "breaking" object',
      { given: [{ id: 'x', date: '2026-11-26', title: 'X', changes: [removal] }], want: ['/0: undefined'] },
    ],
  ];
  for (const [name, { given, want }] of cases)
    it(name, () =>
      assert.deepEqual(
        checkBreakingNotice(given).map(({ pointer, found }) => `${pointer}: ${found}`),
        want,
      ),
    );
});
