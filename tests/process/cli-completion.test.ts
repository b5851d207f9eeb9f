import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import { commandDefinitions, completionShells, flagDefinitions } from '../../client/src/definitions.ts';
import { run } from '../../client/src/run.ts';
import { createTestIo } from '../support/cli-io.ts';

/** Shell completion as users load it: each script run by the real bash, zsh and fish. */

describe('earshot completion {bash|zsh|fish}: generated from the command definitions', () => {
  const folder = mkdtempSync(join(tmpdir(), 'earshot-completion-'));
  after(() => rmSync(folder, { recursive: true, force: true }));
  const shellAvailable = (shell: string) => spawnSync(shell, ['-c', 'exit 0']).status === 0;

  const scriptOf = async (shell: string) => {
    const io = createTestIo();
    assert.equal(await run(['completion', shell], io), 0, io.err());
    assert.equal(io.err(), '');
    return io.out();
  };

  for (const shell of completionShells) {
    it(`${shell}: the script names every command, subcommand and flag`, async () => {
      const script = await scriptOf(shell);
      for (const command of commandDefinitions)
        assert.ok(script.includes(command.path.at(-1)!), command.path.join(' '));
      for (const flag of flagDefinitions)
        assert.ok(script.includes(`${shell === 'fish' ? '-l ' : '--'}${flag.name}`), flag.name);
    });

    it(
      `${shell} -n: the script parses`,
      { skip: !shellAvailable(shell) && `${shell} is not installed (.ci/run installs it)` },
      async () => {
        const file = join(folder, `earshot.${shell}`);
        writeFileSync(file, await scriptOf(shell));
        const checked = spawnSync(shell, ['-n', file], { encoding: 'utf8' });
        assert.equal(checked.status, 0, checked.stderr);
      },
    );
  }

  /**
   * The line each shell's example in `earshot completion --help` (and the docs) tells a user to
   * run, run as a user without root (`nobody` when the tests run as root, as `.ci/run` does) in an
   * empty home folder, with the real `earshot` on PATH; then a new shell of that user, started as
   * the example says, completes `earshot pla`. A line that writes outside the home folder (the
   * first folder of zsh's `$fpath` is root's) fails here.
   */
  const completionCommand = commandDefinitions.find((command) => command.path.join(' ') === 'completion')!;
  const asUser = process.getuid?.() === 0 ? ['runuser', '-u', 'nobody', '--'] : [];
  const loaded: Record<(typeof completionShells)[number], [string, string[]]> = {
    bash: ['bash', ['-c', 'source ~/.bashrc; complete -p earshot']],
    zsh: [
      'zsh',
      [
        '-f',
        '-c',
        'fpath=(~/.zfunc $fpath); autoload -Uz compinit; compinit -u -d ~/.zcompdump; print -r -- $_comps[earshot]',
      ],
    ],
    fish: ['fish', ['-c', 'complete -C"earshot pla"']],
  };
  const wanted = { bash: /-F _earshot earshot/, zsh: /^_earshot$/m, fish: /^platforms\t/m };
  for (const shell of completionShells) {
    it(
      `${shell}: the documented line works for a user without root, in their own home folder`,
      { skip: !shellAvailable(shell) && `${shell} is not installed (.ci/run installs it)` },
      () => {
        const example = completionCommand.examples.find((candidate) =>
          candidate.command.includes(`completion ${shell}`),
        );
        assert.ok(example, `no example for ${shell}`);
        const home = mkdtempSync(join(tmpdir(), `earshot-home-${shell}-`));
        try {
          mkdirSync(join(home, 'bin'));
          writeFileSync(
            join(home, 'bin', 'earshot'),
            `#!/bin/sh\nexec ${JSON.stringify(realpathSync(process.execPath))} ${JSON.stringify(resolve('client/src/main.ts'))} "$@"\n`,
            { mode: 0o755 },
          );
          if (asUser.length > 0) spawnSync('chown', ['-R', 'nobody', home]);
          const env = { HOME: home, PATH: `${join(home, 'bin')}:/usr/sbin:/usr/bin:/sbin:/bin` };
          // runuser gives the user their own HOME: `env` sets the test's again.
          const asShell = (command: string, args: string[]) =>
            spawnSync('env', [...asUser, 'env', `HOME=${env.HOME}`, `PATH=${env.PATH}`, command, ...args], {
              env,
              cwd: home,
              encoding: 'utf8',
            });
          const installed = asShell(shell, [...(shell === 'zsh' ? ['-f'] : []), '-c', example.command]);
          assert.equal(installed.status, 0, installed.stderr);
          const [command, args] = loaded[shell];
          const completed = asShell(command, args);
          assert.match(completed.stdout, wanted[shell], completed.stderr);
        } finally {
          rmSync(home, { recursive: true, force: true });
        }
      },
    );
  }

  /** What each shell offers after the words typed so far (the last one being completed). */
  const offers: [string, { typed: string[]; want: string[] }][] = [
    [
      'the commands',
      { typed: [''], want: ['platforms', 'capabilities', 'openapi', 'links', 'mcp', 'help', 'completion'] },
    ],
    ['the commands starting with what is typed', { typed: ['c'], want: ['capabilities', 'completion'] }],
    ['the subcommands of mcp', { typed: ['mcp', ''], want: ['config'] }],
    [
      'the values of --client',
      {
        typed: ['mcp', 'config', '--client', ''],
        want: ['claude-desktop', 'claude-code', 'cursor', 'vscode', 'windsurf', 'codex', 'gemini-cli'],
      },
    ],
    ['the values of --transport', { typed: ['mcp', 'config', '--transport', ''], want: ['http', 'stdio'] }],
    [
      'the flags of a command, after a flag and its value',
      {
        typed: ['--base-url', 'http://x.test', 'platforms', '--'],
        want: ['--json', '--base-url', '--timeout', '--retries', '--max-wait', '--help', '--no-color'],
      },
    ],
    ['the shells of completion', { typed: ['completion', ''], want: ['bash', 'zsh', 'fish'] }],
    ['the commands help can name, word by word', { typed: ['help', 'mcp', ''], want: ['config'] }],
    ['nothing after a command that takes no more words', { typed: ['links', ''], want: [] }],
  ];

  const complete: Record<string, (script: string, typed: string[]) => string[]> = {
    bash(script, typed) {
      const file = join(folder, 'complete.bash');
      writeFileSync(file, script);
      const words = ['earshot', ...typed].map((word) => `'${word}'`).join(' ');
      const result = spawnSync(
        'bash',
        [
          '-c',
          `source '${file}'; COMP_WORDS=(${words}); COMP_CWORD=${typed.length}; _earshot; printf '%s\\n' "\${COMPREPLY[@]}"`,
        ],
        { encoding: 'utf8' },
      );
      assert.equal(result.status, 0, result.stderr);
      return result.stdout.split('\n').filter(Boolean);
    },
    zsh(script, typed) {
      // Outside a completion widget, compsys's functions are replaced by ones that print what they were given.
      const file = join(folder, '_earshot');
      writeFileSync(file, script);
      const words = ['earshot', ...typed].map((word) => `'${word}'`).join(' ');
      const harness = `compdef() { : }; _describe() { local name=\${@[-1]}; print -rl -- \${(P)name} }; compadd() { shift; print -rl -- "$@" }; _message() { : }
source '${file}'; words=(${words}); CURRENT=${typed.length + 1}; _earshot`;
      const result = spawnSync('zsh', ['-f', '-c', harness], { encoding: 'utf8' });
      assert.equal(result.status, 0, result.stderr);
      // _describe's items are "word:summary"; a flag's short form is offered too.
      const cur = typed.at(-1)!;
      return result.stdout
        .split('\n')
        .filter(Boolean)
        .map((item) => item.replace(/(?<!\\):.*$/, ''))
        .filter((word) => word.startsWith(cur) && !/^-[a-zA-Z]$/.test(word));
    },
    fish(script, typed) {
      const file = join(folder, 'earshot.fish');
      writeFileSync(file, script);
      const line = ['earshot', ...typed].join(' ');
      const result = spawnSync('fish', ['--no-config', '-c', `source '${file}'; complete -C'${line}'`], {
        encoding: 'utf8',
      });
      assert.equal(result.status, 0, result.stderr);
      return result.stdout
        .split('\n')
        .filter(Boolean)
        .map((entry) => entry.split('\t')[0]!)
        .filter((word) => !/^-[a-zA-Z]$/.test(word));
    },
  };

  for (const shell of completionShells) {
    for (const [name, { typed, want }] of offers) {
      it(
        `${shell} offers ${name}: earshot ${typed.join(' ')}⇥`,
        { skip: !shellAvailable(shell) && `${shell} is not installed` },
        async () => {
          const got = complete[shell]!(await scriptOf(shell), typed);
          assert.deepEqual([...got].sort(), [...want].sort());
        },
      );
    }
  }
});
