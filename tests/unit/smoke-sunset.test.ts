import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSunsetChecks, SmokeFailure } from '../../tooling/smoke/smoke-checks.ts';

/**
 * `npm run smoke` fails a row when an answer's `Sunset` date has passed: the site still serves
 * what its announcement said would go. Each case is the header a deployment sends and the day.
 */
const TODAY = '2026-12-31';
const cases: [string, string | undefined, 'passes' | RegExp][] = [
  ['no Sunset header', undefined, 'passes'],
  ['a Sunset tomorrow', 'Fri, 01 Jan 2027 00:00:00 GMT', 'passes'],
  [
    'a Sunset today',
    'Thu, 31 Dec 2026 00:00:00 GMT',
    /^Sunset is .*: the announced removal was due on 2026-12-31 and the site still serves it; make the change in data\/, run npm run changes -- --record/,
  ],
  ['a Sunset last month', 'Mon, 30 Nov 2026 00:00:00 GMT', /was due on 2026-11-30/],
  ['a Sunset that is no date', 'soon', /^Sunset must be an HTTP date \(got "soon"\)$/],
];

describe('the smoke check of Sunset dates', () => {
  for (const [name, sunset, outcome] of cases)
    it(`${outcome === 'passes' ? 'passes' : 'fails'} on ${name}`, async () => {
      const fetch = (async () =>
        new Response('{}', { headers: sunset ? { Sunset: sunset } : {} })) as unknown as typeof globalThis.fetch;
      const checks = buildSunsetChecks({ baseUrl: 'http://smoke.test', fetch, today: TODAY });
      assert.ok(checks.length > 0);
      for (const check of checks) {
        assert.match(check.name, new RegExp(`no Sunset date that has passed \\(${TODAY}\\)`));
        if (outcome === 'passes') await check.run();
        else await assert.rejects(check.run(), (error) => error instanceof SmokeFailure && outcome.test(error.message));
      }
    });
});
