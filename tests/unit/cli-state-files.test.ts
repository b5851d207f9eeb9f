import fc from 'fast-check';
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import fs, {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it, mock } from 'node:test';
import { pathToFileURL } from 'node:url';
import { NOTICES_FILE } from '../../client/src/change-notice-line.ts';
import { run } from '../../client/src/run.ts';
import { startUpdateCheck } from '../../client/src/update-notice.ts';
import { STATE_FILE_MAX_BYTES } from '../../client/src/read-state-file.ts';
import { writeStateFile } from '../../client/src/write-state-file.ts';
import { createTestIo } from '../support/cli-io.ts';

/**
 * What `earshot` keeps in its state directory (the change notices shown, when it last looked for a
 * release) is written so that nothing planted there is followed, and a notice is remembered per
 * server: one server's headers never hide another's notice.
 */
const folders: string[] = [];
after(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));
const tempFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'earshot-state-'));
  folders.push(folder);
  return folder;
};

const SUNSET = 'Thu, 31 Dec 2026 00:00:00 GMT';
const REAL = 'https://earshot.example';
const noticeHeaders = {
  Deprecation: '@1796083200',
  Sunset: SUNSET,
  Link: `<${REAL}/docs/changelog/#2026-12-01>; rel="deprecation"`,
};
const body = JSON.stringify({ data: [{ id: 'dev', name: 'DEV', targetTypes: ['keyword'] }] });

async function platforms(stateHome: string, baseUrl: string, headers: Record<string, string> = noticeHeaders) {
  const io = createTestIo({
    env: { XDG_STATE_HOME: stateHome },
    fetch: async () => new Response(body, { headers: { 'Content-Type': 'application/json', ...headers } }),
  });
  const code = await run(['platforms', '--base-url', baseUrl], io);
  return { code, err: io.err() };
}

describe('a change notice is remembered per origin', () => {
  it("another server sending the real site's Link and Sunset first does not hide the real site's notice", async () => {
    const home = tempFolder();
    assert.match((await platforms(home, 'https://evil.example')).err, /^notice: https:\/\/evil\.example\//);
    assert.match((await platforms(home, REAL)).err, /^notice: https:\/\/earshot\.example\//);
    assert.equal((await platforms(home, REAL)).err, '', 'shown once per origin');
  });
});

/** Victim files outside the state directory, and what is planted inside it pointing at them. */
function plant(kind: 'symlink' | 'file' | 'directory', at: string, victim: string): void {
  if (kind === 'symlink') symlinkSync(victim, at);
  else if (kind === 'file') writeFileSync(at, 'planted\n');
  else mkdirSync(at);
}

describe('nothing planted in the state directory is written through', () => {
  const names = [NOTICES_FILE, `${NOTICES_FILE}.${process.pid}.tmp`];
  for (const name of names)
    for (const kind of ['symlink', 'file'] as const)
      it(`a ${kind} planted at ${name.replace(String(process.pid), '<pid>')}`, async () => {
        const home = tempFolder();
        const victim = join(tempFolder(), 'victim');
        writeFileSync(victim, 'untouched\n');
        mkdirSync(join(home, 'earshot'));
        plant(kind, join(home, 'earshot', name), victim);
        const { code, err } = await platforms(home, REAL);
        assert.equal(code, 0);
        assert.match(err, /^notice: /);
        assert.equal(readFileSync(victim, 'utf8'), 'untouched\n', 'written through the planted link');
        if (name !== NOTICES_FILE && kind === 'file')
          assert.equal(
            readFileSync(join(home, 'earshot', name), 'utf8'),
            'planted\n',
            'the planted file was overwritten',
          );
        assert.equal(
          lstatSync(join(home, 'earshot', NOTICES_FILE)).isFile(),
          true,
          'notices.json is not a file of its own',
        );
        assert.equal((await platforms(home, REAL)).err, '', 'the notice was not remembered');
      });

  it('a symlink planted at state.json (the update check)', async () => {
    const home = tempFolder();
    const victim = join(tempFolder(), 'victim');
    writeFileSync(victim, 'untouched\n');
    mkdirSync(join(home, 'earshot'));
    symlinkSync(victim, join(home, 'earshot', 'state.json'));
    const manifest = { package: 'earshot', releases: [] };
    await startUpdateCheck(['platforms'], {
      stdout: { write: () => true, isTTY: true },
      stderr: { write: () => true, isTTY: true },
      env: { XDG_STATE_HOME: home },
      version: '1.0.0',
      siteUrl: REAL,
      now: () => Date.parse('2026-11-24T12:00:00Z'),
      fetch: async () => new Response(JSON.stringify(manifest)),
    }).finish();
    assert.equal(readFileSync(victim, 'utf8'), 'untouched\n');
    assert.equal(lstatSync(join(home, 'earshot', 'state.json')).isFile(), true);
  });

  it('whatever the state directory holds, the command answers, prints its notice and writes no victim', async () => {
    const planted = fc.record({
      kind: fc.constantFrom('symlink', 'file', 'directory'),
      name: fc.constantFrom(NOTICES_FILE, `${NOTICES_FILE}.${process.pid}.tmp`, 'state.json'),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(planted, { maxLength: 3 }), fc.boolean(), async (plants, stateIsFile) => {
        const home = tempFolder();
        const victim = join(tempFolder(), 'victim');
        writeFileSync(victim, 'untouched\n');
        if (stateIsFile) writeFileSync(join(home, 'earshot'), 'not a directory\n');
        else {
          mkdirSync(join(home, 'earshot'));
          for (const { kind, name } of plants) {
            const at = join(home, 'earshot', name);
            if (!lstatExists(at)) plant(kind, at, victim);
          }
        }
        const { code, err } = await platforms(home, REAL);
        assert.equal(code, 0);
        assert.match(err, /^notice: /);
        assert.equal(readFileSync(victim, 'utf8'), 'untouched\n');
      }),
      { numRuns: 40, seed: 40 },
    );
  });
});

function lstatExists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * `earshot platforms` (notices.json) and the update check (state.json) in a child process, with
 * at most 2 GiB of memory: a read that never ends (a FIFO without a writer) or never stops
 * growing (`/dev/zero`) kills it or is killed, rather than stalling the test run. The bound on
 * its time only ends a hang; nothing is asserted about how long it took.
 */
function platformsInChild(stateHome: string): Promise<{ code: number | null; out: string; err: string }> {
  const module = (path: string) => JSON.stringify(pathToFileURL(join(import.meta.dirname, path)).href);
  const script = `
    import { run } from ${module('../../client/src/run.ts')};
    import { startUpdateCheck } from ${module('../../client/src/update-notice.ts')};
    import { createTestIo } from ${module('../support/cli-io.ts')};
    const env = { XDG_STATE_HOME: process.env.STATE_HOME };
    const check = startUpdateCheck(['platforms'], {
      stdout: { write: () => true, isTTY: true }, stderr: { write: () => true, isTTY: true },
      env, version: '1.0.0', siteUrl: ${JSON.stringify(REAL)},
      fetch: async () => new Response(JSON.stringify({ package: 'earshot', releases: [] })),
    });
    const io = createTestIo({ env, fetch: async () => new Response(${JSON.stringify(body)}, { headers: ${JSON.stringify({ 'Content-Type': 'application/json', ...noticeHeaders })} }) });
    const code = await run(['platforms', '--base-url', ${JSON.stringify(REAL)}], io);
    await check.finish();
    process.stdout.write(JSON.stringify({ code, err: io.err() }));
  `;
  return new Promise((resolve) => {
    execFile(
      'sh',
      ['-c', 'ulimit -v 2097152 && exec "$@"', 'sh', process.execPath, '--input-type=module', '-e', script],
      { env: { STATE_HOME: stateHome, PATH: process.env.PATH ?? '' }, timeout: 30_000, killSignal: 'SIGKILL' },
      (error, stdout, stderr) => {
        const answer = error ? undefined : (JSON.parse(stdout) as { code: number; err: string });
        resolve({ code: answer?.code ?? null, out: stdout, err: answer?.err ?? `${error?.message}\n${stderr}` });
      },
    );
  });
}

describe('a state file is read only as a small regular file, whatever is at its name', () => {
  const planted: [string, string, (at: string) => void][] = [
    ['a FIFO', NOTICES_FILE, (at) => execFileSync('mkfifo', [at])],
    ['a FIFO', 'state.json', (at) => execFileSync('mkfifo', [at])],
    ['a symlink to /dev/zero', NOTICES_FILE, (at) => symlinkSync('/dev/zero', at)],
    ['a symlink to /dev/zero', 'state.json', (at) => symlinkSync('/dev/zero', at)],
    ['a directory', NOTICES_FILE, (at) => mkdirSync(at)],
  ];
  for (const [kind, name, plantAt] of planted)
    it(`${kind} at ${name}: the command answers and prints its notice`, async () => {
      const home = tempFolder();
      mkdirSync(join(home, 'earshot'));
      plantAt(join(home, 'earshot', name));
      const { code, out, err } = await platformsInChild(home);
      assert.equal(code, 0, `${out}${err}`);
      assert.match(err, /^notice: /);
    });

  it('a symlink at notices.json is not followed: a file it points to does not count as the notices shown', async () => {
    const home = tempFolder();
    const first = tempFolder();
    assert.match((await platforms(first, REAL)).err, /^notice: /);
    mkdirSync(join(home, 'earshot'));
    symlinkSync(join(first, 'earshot', NOTICES_FILE), join(home, 'earshot', NOTICES_FILE));
    assert.match((await platforms(home, REAL)).err, /^notice: /);
  });

  it('a file past the cap reads as absent', async () => {
    const home = tempFolder();
    const first = tempFolder();
    assert.match((await platforms(first, REAL)).err, /^notice: /);
    const shown = readFileSync(join(first, 'earshot', NOTICES_FILE), 'utf8');
    mkdirSync(join(home, 'earshot'));
    writeFileSync(join(home, 'earshot', NOTICES_FILE), `${shown.trimEnd()}${' '.repeat(STATE_FILE_MAX_BYTES)}\n`);
    assert.match((await platforms(home, REAL)).err, /^notice: /);
  });
});

describe('a state file whose write fails leaves no temporary file', () => {
  it('a full disk while writing', () => {
    const folder = tempFolder();
    const file = join(folder, NOTICES_FILE);
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    mock.method(fs, 'writeSync', () => {
      throw full;
    });
    syncBuiltinESMExports();
    try {
      assert.throws(() => writeStateFile(file, '{"shown":[]}\n'), full);
    } finally {
      mock.restoreAll();
      syncBuiltinESMExports();
    }
    assert.deepEqual(readdirSync(folder), []);
  });
});
