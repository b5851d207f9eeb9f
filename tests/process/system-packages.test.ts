import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';

/**
 * What `npm test` does on a machine that lacks the Debian packages its layers run: it installs
 * them with apt-get when it can without a question, else stops with one line that names them and
 * the command that installs them. Each case runs with a PATH of its own, holding `sh` and, where
 * the case says, a fake `apt-get`: the machine's own packages are never touched.
 */
const PROCESS_LAYER_PACKAGES = ['zsh', 'fish', 'tmux', 'unzip'];
const INSTALL = `sudo apt-get install -y --no-install-recommends ${PROCESS_LAYER_PACKAGES.join(' ')}`;
const dirs: string[] = [];

/** A folder to be the whole PATH: `sh`, and `apt-get` written as the given shell script when there is one. */
function pathWith(aptGet?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'earshot-path-'));
  dirs.push(dir);
  symlinkSync('/bin/sh', join(dir, 'sh'));
  if (aptGet !== undefined) {
    writeFileSync(join(dir, 'apt-get'), `#!/bin/sh\n${aptGet}\n`);
    chmodSync(join(dir, 'apt-get'), 0o755);
  }
  return dir;
}

/** `npm test -- --only process`, as far as its first step: the check of the system packages. */
function runTests(path: string) {
  return spawnSync(process.execPath, ['tests/run-tests.ts', '--only', 'process', 'tests/process/none.test.ts'], {
    env: { HOME: process.env.HOME, PATH: path, CI: 'true' },
    encoding: 'utf8',
  });
}

/** The check alone, in a process with that PATH: what it leaves missing, as the one line it would print. */
function ensure(path: string) {
  const script =
    "const { ensureSystemPackages } = await import('./tests/support/system-packages.ts');" +
    "process.stdout.write(JSON.stringify(ensureSystemPackages(new Set(['process'])) ?? null));";
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { HOME: process.env.HOME, PATH: path },
    encoding: 'utf8',
  });
  assert.equal(result.status, 0, result.stderr);
  return { lacking: JSON.parse(result.stdout.slice(result.stdout.lastIndexOf('\n') + 1)) as string | null };
}

describe('npm test on a machine that lacks the system packages', () => {
  after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('without apt-get, stops before any step with one line: the packages and the command that installs them', () => {
    const result = runTests(pathWith());
    assert.equal(result.status, 1);
    assert.equal(
      result.stderr,
      `error: the tests need ${PROCESS_LAYER_PACKAGES.join(', ')}, which this machine lacks; install them with: ${INSTALL}\n`,
    );
  });

  // apt-get runs without a question only as root (or through sudo without a password, which a
  // PATH of its own cannot offer): these cases need root, as CI has.
  const asRoot = { skip: process.getuid?.() !== 0 && 'apt-get runs without a question only as root here' };

  it('when apt-get fails, says so in one line with the command', asRoot, () => {
    assert.deepEqual(ensure(pathWith('exit 100')), {
      lacking: `the tests need ${PROCESS_LAYER_PACKAGES.join(', ')}, and apt-get could not install them; install them with: ${INSTALL}`,
    });
  });

  it('when apt-get installs them without recommended packages, nothing is left missing', asRoot, () => {
    // The fake apt-get "installs" a package by putting a command of its name next to itself, and
    // refuses an install that would bring recommended packages too.
    // Only `sh` is on the PATH: the script uses its built-ins and /bin/chmod.
    const path = pathWith(
      [
        'dir=${0%/*}',
        '[ "$1" = install ] || exit 0',
        'case " $* " in *" --no-install-recommends "*) ;; *) exit 100;; esac',
        'shift',
        'for word in "$@"; do',
        '  case "$word" in -*) continue;; esac',
        '  printf \'#!/bin/sh\\n\' > "$dir/$word" && /bin/chmod +x "$dir/$word"',
        'done',
      ].join('\n'),
    );
    assert.deepEqual(ensure(path), { lacking: null });
  });

  it('when apt-get says it installed them but they are still missing, names them', asRoot, () => {
    assert.deepEqual(ensure(pathWith('exit 0')), {
      lacking: `the tests need ${PROCESS_LAYER_PACKAGES.join(', ')}, still missing after apt-get; install them with: ${INSTALL}`,
    });
  });
});
