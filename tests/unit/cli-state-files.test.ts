import fc from 'fast-check';
import assert from 'node:assert/strict';
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { NOTICES_FILE } from '../../client/src/change-notice-line.ts';
import { run } from '../../client/src/run.ts';
import { startUpdateCheck } from '../../client/src/update-notice.ts';
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
