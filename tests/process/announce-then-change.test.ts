import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { run } from '../../client/src/run.ts';
import { addDays, MINIMUM_NOTICE_DAYS } from '../../contract/change-notice.ts';
import { formatDeprecationDate, formatSunsetDate } from '../../site/lib/edge/change-notice-headers.ts';
import { findFreePort } from '../../tooling/local-server.ts';
import { TODAY_VARIABLE } from '../../tooling/today.ts';
import { createTestIo } from '../support/cli-io.ts';
import { copyProjectFiles } from '../support/project-copy.ts';
import { copyPublishingFixture } from '../support/publishing-fixture.ts';

/**
 * The whole life of a platform's removal, as the docs' versioning page tells it, in a copy of the
 * project built and served by its own local server (`npm start -- --no-build`): announce it (the
 * answers carry Deprecation, Sunset and Link; the feed has the entry; the client prints its line,
 * once), try to publish it early (the build refuses at once, naming the date), then publish it on
 * the effective date with the clock moved (EARSHOT_TODAY): the id is gone, so are the headers, and
 * the changelog says it happened. Two builds: the announcement and the publication. The copy's
 * `data/` is the publishing fixture (tests/support/publishing-fixture.ts): a change announced in
 * the shipped data changes nothing here.
 */
const root = mkdtempSync(join(tmpdir(), 'earshot-announce-'));
const stateHome = mkdtempSync(join(tmpdir(), 'earshot-state-'));
const today = new Date().toISOString().slice(0, 10);
const effective = addDays(today, MINIMUM_NOTICE_DAYS);
const platformsFile = join(root, 'data', 'platforms.json');
let port = 0;
let baseUrl = '';
let removed = { id: '', name: '' };
let server: ChildProcess | undefined;

/** The test's environment but a moved clock (each step names its own day in `extra`). */
function projectEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { [TODAY_VARIABLE]: _moved, ...inherited } = process.env;
  return {
    ...inherited,
    PATH: `${join(root, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`,
    SITE_URL: baseUrl,
    EARSHOT_BUILD_LOG: 'silent',
    ...extra,
  };
}

function runInCopy(
  args: string[],
  extra: Record<string, string> = {},
): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: projectEnv(extra) });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, output }));
  });
}

/** The copy's data without the platform, or with it again. */
function setRemoved(gone: boolean, original: string): void {
  const platforms = JSON.parse(original) as { id: string }[];
  writeFileSync(
    platformsFile,
    gone
      ? `${JSON.stringify(
          platforms.filter(({ id }) => id !== removed.id),
          null,
          2,
        )}\n`
      : original,
  );
}

/** Runs `check` against the copy's local server, started for it and stopped after it. */
async function withServer(check: () => Promise<void>): Promise<void> {
  await startServer();
  try {
    await check();
  } finally {
    await stopServer();
  }
}

async function startServer(): Promise<void> {
  server = spawn(process.execPath, ['tooling/serve.ts', '--no-build'], {
    cwd: root,
    env: projectEnv({ PORT: String(port) }),
    stdio: 'ignore',
  });
  const started = server;
  // Waits on readiness, not on time: a loaded machine takes long to start a server.
  for (;;) {
    if (started.exitCode !== null) throw new Error(`the local server exited with ${started.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/v1/platforms`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function stopServer(): Promise<void> {
  const running = server;
  server = undefined;
  if (!running || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGTERM');
  await exited;
}

/** `earshot platforms` in-process, against the copy's server, with a state directory of its own. */
async function earshotPlatforms(...flags: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = createTestIo({ env: { XDG_STATE_HOME: stateHome, EARSHOT_NO_UPDATE_NOTIFIER: '1' } });
  const code = await run(['platforms', '--base-url', baseUrl, ...flags], io);
  return { code, out: io.out(), err: io.err() };
}

describe('announce, then change: the life of a removed platform', { timeout: 30 * 60 * 1000 }, () => {
  let original = '';
  let announcementId = '';

  before(async () => {
    copyProjectFiles(root);
    const fixture = copyPublishingFixture();
    rmSync(join(root, 'data'), { recursive: true, force: true });
    cpSync(fixture, join(root, 'data'), { recursive: true });
    rmSync(fixture, { recursive: true, force: true });
    const linked = spawnSync('cp', ['-al', 'node_modules', join(root, 'node_modules')]);
    assert.equal(linked.status, 0, linked.stderr?.toString());
    port = await findFreePort();
    baseUrl = `http://localhost:${port}`;
    original = readFileSync(platformsFile, 'utf8');
    const last = (JSON.parse(original) as { id: string; name: string }[]).at(-1)!;
    removed = { id: last.id, name: last.name };
  });
  after(async () => {
    await stopServer();
    rmSync(root, { recursive: true, force: true });
    rmSync(stateHome, { recursive: true, force: true });
  });

  it('1. announce: the answers carry the notice, the feed has the entry, the client prints one line once', async () => {
    setRemoved(true, original);
    const announced = await runInCopy([
      'tooling/changes.ts',
      '--announce',
      '--reason',
      'The platform closed its API.',
      '--effective',
      effective,
    ]);
    assert.equal(announced.status, 0, announced.output);
    announcementId = /\(entry ([a-z0-9-]+):/.exec(announced.output)?.[1] ?? '';
    assert.ok(announcementId, announced.output);
    setRemoved(false, original);
    const build = await runInCopy(['tooling/build.ts']);
    assert.equal(build.status, 0, build.output);
    await withServer(async () => {
      const answer = await fetch(`${baseUrl}/api/v1/platforms`);
      assert.equal(answer.headers.get('deprecation'), formatDeprecationDate(today));
      assert.equal(answer.headers.get('sunset'), formatSunsetDate(effective));
      const link = answer.headers.get('link') ?? '';
      for (const rel of ['deprecation', 'sunset'])
        assert.ok(link.includes(`</docs/changelog/#${announcementId}>; rel="${rel}"`), link);
      assert.ok(link.includes('rel="service-desc"'), `the API's own links are kept: ${link}`);
      const ids = ((await answer.json()) as { data: { id: string }[] }).data.map(({ id }) => id);
      assert.ok(ids.includes(removed.id), 'the platform stays until the effective date');

      const feed = (await (await fetch(`${baseUrl}/docs/changelog/feed.json`)).json()) as {
        items: { id: string; title: string; content_text: string }[];
      };
      const item = feed.items.find(({ id }) => id.endsWith(`#${announcementId}`));
      assert.ok(item, `the feed has no item for ${announcementId}`);
      assert.equal(item.title.startsWith(`Announced for ${effective}:`), true, item.title);
      assert.ok(item.content_text.includes('The platform closed its API.'), item.content_text);

      const first = await earshotPlatforms('--json');
      assert.equal(first.code, 0, first.err);
      assert.equal(
        first.err,
        `notice: ${baseUrl}/api/v1/platforms announces a breaking change from ${effective}: read ${baseUrl}/docs/changelog/#${announcementId} (shown once)\n`,
      );
      assert.equal((await earshotPlatforms()).err, '', 'the second call of a script prints nothing');
      const llms = await (await fetch(`${baseUrl}/llms.txt`)).text();
      assert.ok(llms.includes(`From ${effective}: removes the platform "${removed.id}"`), 'llms.txt lacks the change');

      // The smoke check a deploy gets expects the same notice, from the copy's changelog.
      const smoke = await runInCopy(['tooling/smoke.ts', baseUrl]);
      assert.equal(smoke.status, 0, smoke.output);
      assert.match(smoke.output, /GET \/api\/v1\/platforms announces its pending breaking change/);
    });
  });

  it('2. publish early: the build refuses before Astro starts, naming the date it is allowed from', async () => {
    setRemoved(true, original);
    const early = await runInCopy(['tooling/build.ts']);
    assert.equal(early.status, 1, early.output);
    assert.match(
      early.output,
      new RegExp(`breaking, announced for ${effective}: removes the platform "${removed.id}"`),
    );
    assert.match(
      early.output,
      new RegExp(`error: .*may be published from ${effective}, not ${today}; nothing was built`),
    );
    assert.match(early.output, /hint: .*npm run changes -- --record/);
    const record = await runInCopy(['tooling/changes.ts', '--record']);
    assert.equal(record.status, 1, record.output);
    assert.match(record.output, new RegExp(`may be published from ${effective}`));
  });

  it('3. publish on the effective date: the id is gone, so are the headers, and the changelog says it happened', async () => {
    const onTheDay = { [TODAY_VARIABLE]: effective };
    const recorded = await runInCopy(['tooling/changes.ts', '--record'], onTheDay);
    assert.equal(recorded.status, 0, recorded.output);
    const build = await runInCopy(['tooling/build.ts'], onTheDay);
    assert.equal(build.status, 0, build.output);
    await withServer(async () => {
      const answer = await fetch(`${baseUrl}/api/v1/platforms`);
      const ids = ((await answer.json()) as { data: { id: string }[] }).data.map(({ id }) => id);
      assert.equal(ids.includes(removed.id), false);
      assert.equal(answer.headers.get('deprecation'), null);
      assert.equal(answer.headers.get('sunset'), null);
      assert.doesNotMatch(answer.headers.get('link') ?? '', /rel="(deprecation|sunset)"/);

      const feed = (await (await fetch(`${baseUrl}/docs/changelog/feed.json`)).json()) as {
        items: { id: string; title: string; content_text: string }[];
      };
      const published = feed.items[0]!;
      assert.equal(
        published.title,
        `Breaking: Removes the platform "${removed.id}" (${removed.name}); clients that stored "${removed.id}" lose it`,
      );
      assert.ok(
        published.content_text.includes(`Announced on ${today}, in the entry ${announcementId}.`),
        published.content_text,
      );
      const announcement = feed.items.find(({ id }) => id.endsWith(`#${announcementId}`))!;
      assert.ok(announcement.content_text.includes(`Published on ${effective}`), announcement.content_text);
      const llms = await (await fetch(`${baseUrl}/llms.txt`)).text();
      assert.ok(llms.includes('No breaking change is announced now.'), 'llms.txt still lists the change');
      assert.equal((await earshotPlatforms()).err, '');
    });
  });
});
