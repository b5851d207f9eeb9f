import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { commandDefinitions, flagDefinitions, flagsOf, formatFlag } from '../../client/src/definitions.ts';
import { displayWidth, loadDisplayWidth } from '../../client/src/output/display-width.ts';
import { renderTable } from '../../client/src/output/render-table.ts';
import { plain } from '../../client/src/output/style.ts';
import { run } from '../../client/src/run.ts';
import { alignmentDistance, suggest } from '../../client/src/suggest.ts';
import { createTestIo } from '../support/cli-io.ts';
import { FAKE_API, fakeApi } from '../support/fake-api.ts';

/** The command line as gh users expect it: suggestions, `help`, wrapped help, aligned tables (completion: tests/process/). */

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
