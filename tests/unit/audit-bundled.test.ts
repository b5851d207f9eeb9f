import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { auditBundledPackages, COULD_NOT_CHECK } from '../../tooling/audit-bundled.ts';
import { judgeAudit } from '../../tooling/release.ts';

/**
 * `npm run audit` against a registry on loopback that answers as npm's does, refuses as the
 * registry of these machines does (405), or finds an advisory.
 */
const packages = [
  { name: 'undici', version: '7.30.2' },
  { name: '@modelcontextprotocol/server', version: '2.4.0' },
];
let answer: { status: number; body: unknown } = { status: 200, body: {} };
const received: unknown[] = [];
let server: Server;
let registry = '';

before(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ method: request.method, url: request.url, body: JSON.parse(body || 'null') as unknown });
      response.writeHead(answer.status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
after(() => server.close());

const advisory = (range: string) => ({
  id: 1,
  title: 'Request smuggling',
  severity: 'high',
  url: 'https://github.com/advisories/GHSA-0000',
  vulnerable_versions: range,
});

describe('npm run audit', () => {
  it('asks the registry about exactly the bundled packages and versions', async () => {
    received.length = 0;
    answer = { status: 200, body: {} };
    await auditBundledPackages(packages, registry);
    assert.deepEqual(received, [
      {
        method: 'POST',
        url: '/-/npm/v1/security/advisories/bulk',
        body: { undici: ['7.30.2'], '@modelcontextprotocol/server': ['2.4.0'] },
      },
    ]);
  });

  const cases: [string, { status: number; body: unknown }, 0 | 1 | typeof COULD_NOT_CHECK, RegExp][] = [
    [
      'says in one line which packages it checked when none is affected',
      { status: 200, body: {} },
      0,
      /^audit: no known vulnerability in the 2 packages bundled into earshot [^:]+: undici@7\.30\.2, @modelcontextprotocol\/server@2\.4\.0$/,
    ],
    [
      'ignores an advisory whose range leaves the bundled version out',
      { status: 200, body: { undici: [advisory('<7.0.0')] } },
      0,
      /^audit: no known vulnerability/,
    ],
    [
      'fails, naming the advisory, when a bundled version is affected',
      { status: 200, body: { undici: [advisory('>=7.0.0 <7.31.0')] } },
      1,
      /^undici@7\.30\.2: high: Request smuggling \(>=7\.0\.0 <7\.31\.0\) https:\/\/github\.com\/advisories\/GHSA-0000\nerror: 1 known vulnerability in the 2 packages bundled/,
    ],
    [
      'says in one line that it could not check when the registry refuses, with an exit code of its own (3), neither clean nor vulnerable',
      { status: 405, body: { error: 'Method Not Allowed' } },
      COULD_NOT_CHECK,
      /^audit: could not check the 2 packages bundled into earshot [^:]+: http:\/\/127\.0\.0\.1:\d+\/-\/npm\/v1\/security\/advisories\/bulk answered 405 Method Not Allowed; no result, neither clean nor vulnerable$/,
    ],
  ];
  for (const [name, registryAnswer, code, output] of cases)
    it(name, async () => {
      answer = registryAnswer;
      const outcome = await auditBundledPackages(packages, registry);
      assert.equal(outcome.code, code);
      assert.match(outcome.lines.join('\n'), output);
      if (code !== 1) assert.equal(outcome.lines.length, 1);
    });

  it('says in one line that it could not check when the registry cannot be reached', async () => {
    const outcome = await auditBundledPackages(packages, 'http://127.0.0.1:9/');
    assert.equal(outcome.code, COULD_NOT_CHECK);
    assert.equal(outcome.lines.length, 1);
    assert.match(outcome.lines[0]!, /^audit: could not check .* did not answer \(.+\); no result/);
  });
});

describe('npm run release, after its audit', () => {
  const clean = { code: 0 as const, lines: ['audit: no known vulnerability in …'] };
  const vulnerable = {
    code: 1 as const,
    lines: ['undici@7.30.2: high: …', 'error: 1 known vulnerability in …', 'hint: update …'],
  };
  const unchecked = {
    code: COULD_NOT_CHECK,
    lines: ['audit: could not check …; no result, neither clean nor vulnerable'],
  };
  const cases: [string, Parameters<typeof judgeAudit>, boolean, number | undefined, RegExp][] = [
    ['goes on when nothing is known', [clean, false], true, undefined, /^audit: no known/],
    [
      'stops on a known vulnerability, even with --accept-unaudited',
      [vulnerable, true],
      false,
      1,
      /error: 1 known vulnerability in …\nhint: update/,
    ],
    [
      'stops when the audit could not check: a question, not a pass',
      [unchecked, false],
      false,
      COULD_NOT_CHECK,
      /\nerror: the audit could not check the bundled packages, so nothing was released\nhint: .*npm run release -- --accept-unaudited/,
    ],
    [
      'goes on unaudited with --accept-unaudited, and says so',
      [unchecked, true],
      true,
      undefined,
      /\nnote: released unaudited/,
    ],
  ];
  for (const [name, args, go, code, output] of cases)
    it(name, () => {
      const verdict = judgeAudit(...args);
      assert.equal(verdict.go, go);
      if (!verdict.go) assert.equal(verdict.code, code);
      assert.match(verdict.lines.join('\n'), output);
    });
});
