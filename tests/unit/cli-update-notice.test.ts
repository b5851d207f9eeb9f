import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { RELEASE_PATHS } from '../../contract/release-paths.ts';
import { environmentVariableDefinitions } from '../../client/src/definitions.ts';
import {
  compareVersions,
  startUpdateCheck,
  UPDATE_CHECK_INTERVAL_MS,
  UPDATE_NOTIFIER_OPT_OUT,
  type UpdateCheckIo,
} from '../../client/src/update-notice.ts';
import { describeRelease } from '../../site/lib/cli-package/releases.ts';

const SITE = 'https://earshot.example';
const stateHomes: string[] = [];
after(() => {
  for (const dir of stateHomes) rmSync(dir, { recursive: true, force: true });
});

/** A manifest as the site serves it, with the records `describeRelease` writes. */
function manifestOf(...versions: string[]) {
  return {
    package: 'earshot',
    releases: versions.map((version) => describeRelease(version, new TextEncoder().encode(version), '2026-11-24')),
  };
}

interface Scenario {
  argv?: string[];
  env?: Record<string, string>;
  stdoutTty?: boolean;
  stderrTty?: boolean;
  manifest?: unknown;
  status?: number;
}

/** One `earshot` start and finish against a fake site; returns what it printed and fetched. */
function createHarness() {
  const stateHome = mkdtempSync(join(tmpdir(), 'earshot-state-'));
  stateHomes.push(stateHome);
  let clock = Date.parse('2026-11-24T12:00:00Z');
  const fetched: string[] = [];
  return {
    stateHome,
    advance: (ms: number) => (clock += ms),
    fetched,
    async run({
      argv = ['platforms'],
      env = {},
      stdoutTty = true,
      stderrTty = true,
      manifest,
      status = 200,
    }: Scenario) {
      let err = '';
      const io: UpdateCheckIo = {
        stdout: { write: () => true, isTTY: stdoutTty },
        stderr: { write: (text: string) => (err += text), isTTY: stderrTty },
        env: { XDG_STATE_HOME: stateHome, ...env },
        version: '1.0.0',
        siteUrl: SITE,
        now: () => clock,
        fetch: async (url) => {
          fetched.push(url);
          return new Response(JSON.stringify(manifest ?? manifestOf('1.0.0', '1.1.0')), { status });
        },
      };
      await startUpdateCheck(argv, io).finish();
      return err;
    },
  };
}

describe('the update notice', () => {
  it('on a terminal, names the newer release and its install command on stderr, once a day', async () => {
    const harness = createHarness();
    const notice = await harness.run({});
    const newest = manifestOf('1.1.0').releases[0]!;
    assert.deepEqual(harness.fetched, [`${SITE}${RELEASE_PATHS.manifest}`]);
    assert.match(notice, /A new release of earshot is available: 1\.0\.0 → 1\.1\.0/);
    assert.ok(notice.includes(`npm install --global ${SITE}${RELEASE_PATHS.tarballDirectory}${newest.fileName}`));
    assert.ok(notice.includes(UPDATE_NOTIFIER_OPT_OUT));

    assert.equal(await harness.run({}), '', 'a second run the same day says nothing');
    harness.advance(UPDATE_CHECK_INTERVAL_MS - 1);
    assert.equal(await harness.run({}), '');
    assert.equal(harness.fetched.length, 1, 'the manifest is read once a day');
    harness.advance(1);
    assert.match(await harness.run({}), /1\.0\.0 → 1\.1\.0/, 'a day later it checks again');
    assert.equal(harness.fetched.length, 2);
  });

  const silent: [string, Scenario][] = [
    ['in CI (CI)', { env: { CI: 'true' } }],
    ['in CI (BUILD_NUMBER)', { env: { BUILD_NUMBER: '12' } }],
    ['in CI (RUN_ID)', { env: { RUN_ID: '12' } }],
    ['with --json', { argv: ['platforms', '--json'] }],
    ['when stdout is piped', { stdoutTty: false }],
    ['when stderr is piped', { stderrTty: false }],
    [`with ${UPDATE_NOTIFIER_OPT_OUT} set`, { env: { [UPDATE_NOTIFIER_OPT_OUT]: '1' } }],
    ['for the MCP server, whose streams speak the protocol', { argv: ['mcp'] }],
    ['for a completion script', { argv: ['completion', 'bash'] }],
  ];
  for (const [name, scenario] of silent)
    it(`says nothing and reads nothing ${name}`, async () => {
      const harness = createHarness();
      assert.equal(await harness.run(scenario), '');
      assert.deepEqual(harness.fetched, []);
    });

  const nothingNewer: [string, Scenario][] = [
    ['when the installed version is the newest', { manifest: manifestOf('0.9.0', '1.0.0') }],
    ['when only a pre-release is newer', { manifest: manifestOf('1.0.0', '1.1.0-beta.1') }],
    ['when the site answers an error', { status: 503 }],
    ['when the manifest is not one', { manifest: { releases: 'soon' } }],
    ['when records are unusable', { manifest: { releases: [{ version: 'two', fileName: 'x.tgz' }, null] } }],
  ];
  for (const [name, scenario] of nothingNewer)
    it(`says nothing ${name}, and waits a day before asking again`, async () => {
      const harness = createHarness();
      assert.equal(await harness.run(scenario), '');
      assert.equal(await harness.run(scenario), '');
      assert.equal(harness.fetched.length, 1);
      const state = JSON.parse(readFileSync(join(harness.stateHome, 'earshot', 'state.json'), 'utf8')) as object;
      assert.deepEqual(Object.keys(state), ['updateCheckedAt']);
    });

  it('says nothing when the site cannot be reached', async () => {
    const stateHome = mkdtempSync(join(tmpdir(), 'earshot-state-'));
    stateHomes.push(stateHome);
    let err = '';
    await startUpdateCheck(['platforms'], {
      stdout: { write: () => true, isTTY: true },
      stderr: { write: (text: string) => (err += text), isTTY: true },
      env: { XDG_STATE_HOME: stateHome },
      version: '1.0.0',
      siteUrl: SITE,
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    }).finish();
    assert.equal(err, '');
  });

  it('orders versions as semantic versions', () => {
    const cases: [string, string, number][] = [
      ['1.10.0', '1.9.0', 1],
      ['2.0.0', '10.0.0', -1],
      ['1.0.0', '1.0.0-rc.1', 1],
      ['1.0.0', '1.0.0', 0],
    ];
    for (const [a, b, sign] of cases) assert.equal(Math.sign(compareVersions(a, b)), sign, `${a} vs ${b}`);
  });

  it('is documented with the other environment variables', () => {
    assert.ok(environmentVariableDefinitions.some((variable) => variable.name === UPDATE_NOTIFIER_OPT_OUT));
  });
});
