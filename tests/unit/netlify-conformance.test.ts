import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import {
  BINARY_BODY_BYTES,
  buildConformanceChecks,
  judgeAnswer,
  NETLIFY_CONFORMANCE,
  respellings,
  type ConformanceRow,
  type RawAnswer,
} from '../../tooling/smoke/netlify-conformance.ts';
import {
  buildFunctionLimitCheck,
  buildOtherHostCheck,
  burstBudget,
  SmokeFailure,
  type SmokeContext,
} from '../../tooling/smoke/smoke-checks.ts';

/**
 * The conformance table judges a deploy rightly: what Netlify documents, or what the site depends
 * on, fails a deploy; what it does not document is observed (printed, never failed).
 */
const row = (expect: ConformanceRow['expect'], judge: ConformanceRow['judge'] = 'deploy'): ConformanceRow => ({
  behaviour: 'a row',
  citation: 'a citation',
  request: { method: 'GET', path: '/' },
  expect,
  judge,
});
const answer = (status: number, headers: RawAnswer['headers'] = {}): RawAnswer => ({ status, headers, body: '' });
const POLICY = NETLIFY_CONFORMANCE.find((each) => each.expect.headers?.['ratelimit-policy'])!.expect.headers![
  'ratelimit-policy'
]!;

describe('judgeAnswer', () => {
  const cases: [string, ConformanceRow['expect'], RawAnswer, boolean][] = [
    [
      'the media type, with its charset',
      { mediaTypes: { 'content-type': 'text/markdown' } },
      answer(200, { 'content-type': 'text/markdown; charset=utf-8' }),
      true,
    ],
    [
      'the media type, without a charset',
      { mediaTypes: { 'content-type': 'text/markdown' } },
      answer(200, { 'content-type': 'text/markdown' }),
      true,
    ],
    [
      'the media type, in capitals',
      { mediaTypes: { 'content-type': 'text/markdown' } },
      answer(200, { 'content-type': 'Text/Markdown;charset=UTF-8' }),
      true,
    ],
    [
      'another media type',
      { mediaTypes: { 'content-type': 'text/markdown' } },
      answer(200, { 'content-type': 'text/plain; charset=utf-8' }),
      false,
    ],
    [
      'a token of Vary',
      { tokens: { vary: 'Accept-Encoding' } },
      answer(200, { vary: 'Accept, accept-encoding' }),
      true,
    ],
    ['a Vary without it', { tokens: { vary: 'Accept-Encoding' } }, answer(200, { vary: 'Accept' }), false],
    ['refused: a 404', { refused: true }, answer(404), true],
    ['refused: the file', { refused: true }, answer(200), false],
    ['guarded: a 404', { guarded: true }, answer(404), true],
    ['guarded: the limited route', { guarded: true }, answer(200, { 'ratelimit-policy': POLICY }), true],
    ['guarded: a 200 past the limit', { guarded: true }, answer(200), false],
    ['guarded: a redirect', { guarded: true }, answer(301), false],
    [
      'an error labelled JSON with its Error body',
      { errorWhenJson: true },
      {
        ...answer(404, { 'content-type': 'application/json; charset=utf-8' }),
        body: '{"error":"Not Found","statusCode":404}',
      },
      true,
    ],
    [
      'an error labelled JSON with an HTML body',
      { errorWhenJson: true },
      { ...answer(404, { 'content-type': 'application/json' }), body: '<!doctype html><title>Not found</title>' },
      false,
    ],
    [
      'an error labelled JSON with the Error of another status',
      { errorWhenJson: true },
      { ...answer(404, { 'content-type': 'application/json' }), body: '{"error":"Gone","statusCode":410}' },
      false,
    ],
    [
      'an error in HTML, labelled so',
      { errorWhenJson: true },
      { ...answer(404, { 'content-type': 'text/html' }), body: '<!doctype html>' },
      true,
    ],
  ];
  for (const [name, expect, given, passes] of cases)
    it(`${name}: ${passes ? 'passes' : 'fails'}`, () =>
      assert.equal(judgeAnswer(row(expect), given).length === 0, passes, judgeAnswer(row(expect), given).join('; ')));
});

describe('the rows', () => {
  it('each states its evidence: a citation, and a judge', () => {
    for (const each of NETLIFY_CONFORMANCE) {
      assert.ok(each.citation.length > 10, each.behaviour);
      assert.ok(['local', 'deploy', 'observe'].includes(each.judge), each.behaviour);
    }
  });

  it('the body that must reach a function is binary, and under 6 MB once Base64-encoded', () => {
    const reaches = NETLIFY_CONFORMANCE.find((each) => each.request.bodyBytes === BINARY_BODY_BYTES)!;
    assert.equal(reaches.request.headers?.['content-type'], 'application/octet-stream');
    assert.ok(Math.ceil(BINARY_BODY_BYTES / 3) * 4 < 6 * 1024 * 1024);
  });

  it('the status of a body over the limit is observed: Netlify does not document it', () => {
    const over = NETLIFY_CONFORMANCE.find((each) => each.expect.status === 413)!;
    assert.equal(over.judge, 'observe');
  });

  it('asks every API path, its file and /mcp in capitals, with %2F, with an encoded letter and with \\', () => {
    const paths = new Set(NETLIFY_CONFORMANCE.map((each) => each.request.path));
    for (const path of [
      '/API/v1/platforms.json',
      '/api%2Fv1/platforms.json',
      '/%61pi/v1/platforms.json',
      '/api\\v1/platforms.json',
      '/API/v1/capabilities',
      '/MCP',
      '/%2Fmcp',
      '/%6Dcp',
      '/\\mcp',
    ])
      assert.ok(paths.has(path), path);
    assert.deepEqual(
      respellings('/mcp').map(({ path }) => path),
      ['/MCP', '/%2Fmcp', '/%6Dcp', '/\\mcp'],
    );
  });

  it("asks the functions' own URLs", () => {
    for (const name of ['too-many-requests', 'mcp-too-many-requests', 'mcp'])
      assert.ok(
        NETLIFY_CONFORMANCE.some((each) => each.request.path === `/.netlify/functions/${name}`),
        name,
      );
  });

  it('netlify/README.md lists every row, in order, with its judge and its evidence', () => {
    const listed = [
      ...readFileSync('netlify/README.md', 'utf8').matchAll(/^\| `(\S+) (\S+)`\s*\| (\w+)\s*\|[^|]*\|\s*(.*?)\s*\|$/gm),
    ].map(([, method, path, judge, evidence]) => ({ method, path, judge, evidence: evidence!.replace(/\\\|/g, '|') }));
    assert.deepEqual(
      listed,
      NETLIFY_CONFORMANCE.map((each) => ({ ...each.request, judge: each.judge, evidence: each.citation })).map(
        ({ method, path, judge, evidence }) => ({ method, path, judge, evidence }),
      ),
    );
  });

  it('a burst allows for a limit enforced late: up to twice the limit', () => {
    assert.equal(burstBudget(60), 120);
  });
});

describe('buildConformanceChecks against a CDN that answers every request with a 200', () => {
  let baseUrl = '';
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
  });
  before(async () => {
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  it('fails the rows a deploy judges, and prints the observed rows without failing', async () => {
    const checks = buildConformanceChecks(baseUrl);
    const outcomes = await Promise.all(
      checks.map(async (check, index) => {
        const judge = NETLIFY_CONFORMANCE[index]!.judge;
        try {
          const detail = await check.run();
          return { judge, failed: false, detail };
        } catch (error) {
          assert.ok(error instanceof SmokeFailure);
          return { judge, failed: true, detail: undefined };
        }
      }),
    );
    for (const outcome of outcomes.filter(({ judge }) => judge === 'observe')) {
      assert.equal(outcome.failed, false);
      assert.match(String(outcome.detail), /^200, content-type: text\/plain/);
    }
    assert.ok(outcomes.filter(({ judge }) => judge === 'deploy').every(({ failed }) => failed));
  });
});

describe('the observed burst checks print what came back and never fail', () => {
  /** A fetch that answers the function's JSON 429 `functionAnswers` times, then the CDN's plain 429. */
  const fakeFetch = (functionAnswers: number): typeof fetch => {
    let sent = 0;
    return (async () => {
      sent += 1;
      const json = sent <= functionAnswers;
      return new Response(json ? '{}' : 'Too Many Requests', {
        status: 429,
        headers: { 'content-type': json ? 'application/json' : 'text/plain' },
      });
    }) as typeof fetch;
  };
  const context = (send: typeof globalThis.fetch) =>
    ({
      baseUrl: 'https://earshot.dev',
      fetch: send,
      rateLimit: { windowLimit: 3, windowSize: 60 },
    }) as unknown as SmokeContext;
  const cases: [string, number, RegExp][] = [
    [
      'the CDN limits the function at its own URL',
      3,
      /^the CDN's own 429 \(text\/plain\) after 4 requests: the limit applies$/,
    ],
    ['no limit at its own URL', 100, /^the function answered all 6: no limit seen at its own URL$/],
  ];
  for (const [name, functionAnswers, expected] of cases)
    it(`a function's limit without a path: ${name}`, async () =>
      assert.match(String(await buildFunctionLimitCheck(context(fakeFetch(functionAnswers))).run()), expected));

  it('another hostname that cannot be reached is reported, not failed', async () => {
    const refused = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    assert.match(
      String(await buildOtherHostCheck(context(refused), 'https://earshot.netlify.app').run()),
      /^could not ask it/,
    );
  });
});
