import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { renderCompletionScript } from '../../client/src/completion.ts';
import {
  commandDefinitions,
  completionShells,
  flagDefinitions,
  flagsOf,
  formatFlag,
} from '../../client/src/definitions.ts';
import { displayWidth, loadDisplayWidth } from '../../client/src/output/display-width.ts';
import { renderTable } from '../../client/src/output/render-table.ts';
import { plain } from '../../client/src/output/style.ts';
import { run } from '../../client/src/run.ts';
import { alignmentDistance, suggest } from '../../client/src/suggest.ts';
import { createTestIo } from '../support/cli-io.ts';
import { FAKE_API, fakeApi } from '../support/fake-api.ts';

/** The command line as gh users expect it: suggestions, `help`, wrapped help, completion, aligned tables. */

describe('did you mean: a mistyped command, subcommand, flag or value gets a suggestion', () => {
  const cases: [string, { argv: string[]; error: string; hint: string }][] = [
    [
      'a swapped pair of letters in a command',
      { argv: ['platfroms'], error: 'unknown command "platfroms"', hint: 'did you mean "platforms"?' },
    ],
    [
      'a letter missing in a command',
      { argv: ['capabilites'], error: 'unknown command "capabilites"', hint: 'did you mean "capabilities"?' },
    ],
    ['the start of a command', { argv: ['cap'], error: 'unknown command "cap"', hint: 'did you mean "capabilities"?' }],
    ['a command in capitals', { argv: ['LINKS'], error: 'unknown command "LINKS"', hint: 'did you mean "links"?' }],
    [
      'a subcommand',
      { argv: ['mcp', 'confg'], error: 'unknown command "mcp confg"', hint: 'did you mean "mcp config"?' },
    ],
    ['a flag', { argv: ['platforms', '--jsno'], error: 'unknown flag --jsno', hint: 'did you mean --json?' }],
    [
      'a flag before its command',
      { argv: ['--jsno', 'platforms'], error: 'unknown flag --jsno', hint: 'did you mean --json?' },
    ],
    ['a flag with one dash', { argv: ['links', '-json'], error: 'unknown flag -json', hint: 'did you mean --json?' }],
    [
      'a flag with its value inline',
      {
        argv: ['platforms', '--base-ulr=http://x.test'],
        error: 'unknown flag --base-ulr',
        hint: 'did you mean --base-url?',
      },
    ],
    [
      'a flag of this command only',
      { argv: ['mcp', 'config', '--clinet', 'vscode'], error: 'unknown flag --clinet', hint: 'did you mean --client?' },
    ],
    [
      'a shell',
      {
        argv: ['completion', 'zhs'],
        error: 'earshot completion: "zhs" is not a shell it knows (bash, zsh, fish)',
        hint: 'did you mean "zsh"?',
      },
    ],
    [
      "a flag's value",
      {
        argv: ['mcp', 'config', '--client', 'vscod'],
        error:
          '--client must be one of claude-desktop, claude-code, cursor, vscode, windsurf, codex, gemini-cli (got "vscod")',
        hint: 'did you mean --client vscode?',
      },
    ],
    [
      "a flag's value, nothing close: an example of a valid one",
      {
        argv: ['mcp', 'config', '--transport', 'websocket'],
        error: '--transport must be one of http, stdio (got "websocket")',
        hint: 'for example --transport http',
      },
    ],
    [
      'a command named to help',
      { argv: ['help', 'platfrom'], error: 'unknown command "platfrom"', hint: 'did you mean "platforms"?' },
    ],
    [
      'nothing close: the help to read instead',
      { argv: ['monitors'], error: 'unknown command "monitors"', hint: 'run `earshot help` to see the commands' },
    ],
    [
      'no flag close',
      {
        argv: ['platforms', '--yaml'],
        error: 'unknown flag --yaml',
        hint: 'run `earshot platforms --help` to see its flags',
      },
    ],
    [
      'a flag of another command',
      {
        argv: ['platforms', '--client', 'vscode'],
        error: 'earshot platforms does not take --client',
        hint: '--client is a flag of earshot mcp config',
      },
    ],
    [
      '--version on a command',
      {
        argv: ['links', '--version'],
        error: 'earshot links does not take --version',
        hint: 'for the version, run `earshot --version` alone',
      },
    ],
    [
      'completion without a shell',
      {
        argv: ['completion'],
        error: 'earshot completion needs <shell>: bash, zsh, fish',
        hint: 'for example earshot completion bash',
      },
    ],
  ];
  for (const [name, { argv, error, hint }] of cases) {
    it(`${name}: ${argv.join(' ')}`, async () => {
      const api = fakeApi();
      const io = createTestIo({ fetch: api.fetch });
      assert.equal(await run(argv, io), 2);
      assert.equal(io.err(), `error: ${error}\nhint: ${hint}\n`);
      assert.equal(io.out(), '');
      assert.equal(api.calls.length, 0);
    });
  }

  const distances: [string, string, number][] = [
    ['platforms', 'platforms', 0],
    ['platfroms', 'platforms', 1],
    ['jsno', 'json', 1],
    ['confg', 'config', 1],
    // Optimal string alignment edits no substring twice: 3 here, where unrestricted Damerau-Levenshtein says 2.
    ['abc', 'ca', 3],
    ['', 'mcp', 3],
    ['🚀a', 'a🚀', 1],
  ];
  for (const [a, b, want] of distances)
    it(`optimal string alignment distance of "${a}" and "${b}" is ${want}`, () =>
      assert.equal(alignmentDistance(a, b), want));

  it('offers every candidate that is equally close, and none that is far', () => {
    assert.deepEqual(suggest('mpc', ['mcp', 'links']), ['mcp']);
    assert.deepEqual(suggest('bash', ['bash', 'zsh']), ['bash']);
    assert.deepEqual(suggest('xyz', ['bash', 'zsh', 'fish']), []);
    assert.deepEqual(suggest('ab', ['ax', 'ay', 'abc']), ['abc']);
  });
});

describe('earshot help [command]', () => {
  for (const command of commandDefinitions) {
    it(`earshot help ${command.path.join(' ')} is earshot ${command.path.join(' ')} --help`, async () => {
      const viaHelp = createTestIo();
      const viaFlag = createTestIo();
      assert.equal(await run(['help', ...command.path], viaHelp), 0);
      assert.equal(await run([...command.path, '--help'], viaFlag), 0);
      assert.equal(viaHelp.out(), viaFlag.out());
    });
  }

  it('earshot help alone is earshot --help, and exits 0', async () => {
    const viaHelp = createTestIo();
    const viaFlag = createTestIo();
    assert.equal(await run(['help'], viaHelp), 0);
    assert.equal(await run(['--help'], viaFlag), 0);
    assert.equal(viaHelp.out(), viaFlag.out());
  });
});

describe('help is wrapped to the terminal, 80 columns when its width is unknown', () => {
  const helps = [[], ...commandDefinitions.map((command) => command.path)];
  const examples = new Set(
    commandDefinitions.flatMap((command) => command.examples.map((example) => `  $ ${example.command}`)),
  );
  const wholeFlags = new Set(flagDefinitions.flatMap((flag) => [formatFlag(flag), `[${formatFlag(flag)}]`]));
  for (const width of [undefined, 60, 100, 200]) {
    for (const path of helps) {
      it(`earshot ${[...path, '--help'].join(' ')} at ${width ?? 'unknown (80)'} columns: no line is longer, no word is cut`, async () => {
        const io = createTestIo({ tty: width !== undefined, env: { NO_COLOR: '1' } });
        if (width !== undefined) io.stdout.columns = width;
        assert.equal(await run([...path, '--help'], io), 0);
        const limit = width ?? 80;
        for (const line of io.out().split('\n')) {
          // Example commands are copied as they are, so they are never wrapped; a single word too
          // wide for the column (the --client choices at 60 columns) stands alone, whole.
          if (examples.has(line) || /^ *\S+$/.test(line) || wholeFlags.has(line.trim())) continue;
          assert.ok(displayWidth(line) <= limit, `${displayWidth(line)} columns: ${JSON.stringify(line)}`);
        }
        // Every flag the command takes appears whole, never broken across lines.
        const command = commandDefinitions.find((candidate) => candidate.path.join(' ') === path.join(' '));
        for (const flag of command ? flagsOf(command) : flagDefinitions)
          assert.ok(io.out().includes(command ? formatFlag(flag) : `--${flag.name}`), flag.name);
      });
    }
  }

  it('earshot --help shows each command with its own flags under it, and only --help, --no-color and --version as flags of every command', async () => {
    const io = createTestIo();
    await run(['--help'], io);
    const [, flagsSection = ''] = /\nFLAGS\n((?: {2}.*\n)+)/.exec(io.out()) ?? [];
    assert.deepEqual(
      flagsSection
        .trimEnd()
        .split('\n')
        .map((line) => line.trim().split(/ {2,}/)[0]),
      ['-h, --help', '--no-color', '-V, --version'],
    );
    const commandsSection = /\nCOMMANDS\n((?: {2}.*\n)+)/.exec(io.out())![1]!;
    assert.match(
      commandsSection,
      / {2}mcp config +Print the MCP configuration for AI clients\n(?: {23}.*\n)*? {23}\[--client <client>\] \[--transport \{http\|stdio\}\]\n/,
    );
    assert.match(
      commandsSection,
      / {2}platforms +List the supported platforms and their target types\n {23}\[--json\] \[--base-url <url>\] \[--timeout <seconds>\]\n {23}\[--retries <n>\] \[--max-wait <seconds>\]\n/,
    );
  });
});

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
    it(`${shell}: the script is the generated one and names every command, subcommand and flag`, async () => {
      const script = await scriptOf(shell);
      assert.equal(script, renderCompletionScript(shell));
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

describe('tables align by display width', () => {
  before(() => loadDisplayWidth());
  const platforms = [
    { id: 'weibo', name: '微博', targetTypes: ['keyword'] },
    { id: 'rocket', name: 'Rocket 🚀 Chat', targetTypes: ['keyword'] },
    { id: 'cafe', name: 'Cafe\u0301 Forum', targetTypes: ['keyword', 'subreddit'] },
    { id: 'family', name: '👨‍👩‍👧 Family', targetTypes: ['keyword'] },
    { id: 'hacker-news', name: 'Hacker News', targetTypes: ['keyword'] },
  ];

  it('CJK, emoji, a ZWJ sequence and a combining mark: every column starts at the same terminal column', async () => {
    const api = fakeApi({ [`${FAKE_API}/api/v1/platforms`]: { body: { data: platforms } } });
    const io = createTestIo({ tty: true, env: { EARSHOT_BASE_URL: FAKE_API, NO_COLOR: '1' }, fetch: api.fetch });
    assert.equal(await run(['platforms'], io), 0, io.err());
    assert.deepEqual(io.out().split('\n'), [
      'ID           NAME            TARGET TYPES',
      'weibo        微博            keyword',
      'rocket       Rocket 🚀 Chat  keyword',
      'cafe         Cafe\u0301 Forum      keyword, subreddit',
      'family       👨‍👩‍👧 Family       keyword',
      'hacker-news  Hacker News     keyword',
      '',
    ]);
  });

  it('pads each cell to the widest of its column, in display columns', () => {
    const rendered = renderTable(
      platforms.map((platform) => [platform.name, platform.id]),
      { tty: true, style: plain },
    );
    const lines = rendered.trimEnd().split('\n');
    // Where the second column starts, in terminal columns: the same on every line, the widest name plus two.
    const starts = lines.map((line, index) => displayWidth(line.slice(0, line.lastIndexOf(platforms[index]!.id))));
    assert.deepEqual(
      new Set(starts),
      new Set([Math.max(...platforms.map((platform) => displayWidth(platform.name))) + 2]),
      rendered,
    );
    // Code points would have padded differently: the test would catch a return to them.
    assert.notDeepEqual(
      lines.map((line, index) => [...line.slice(0, line.lastIndexOf(platforms[index]!.id))].length),
      starts,
    );
  });
});
