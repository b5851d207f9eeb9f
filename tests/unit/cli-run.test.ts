import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { MCP_TERMINAL_NOTE } from '../../client/src/commands/mcp-server.ts';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { buildFacts } from '../../client/src/baked/build-facts.ts';
import {
  commandDefinitions,
  environmentVariableDefinitions,
  flagDefinitions,
  formatUsage,
} from '../../client/src/definitions.ts';
import { exitCodeDefinitions } from '../../client/src/exit-codes.ts';
import {
  renderMcpClientSnippet,
  type McpClientId,
  type McpTransport,
} from '../../client/src/mcp/mcp-client-snippets.ts';
import { renderMcpInstallLinks } from '../../client/src/mcp/mcp-install-links.ts';
import type { McpConfiguration } from '../../contract/schemas/index.ts';
import { run } from '../../client/src/run.ts';
import { createTestIo } from '../support/cli-io.ts';
import { FAKE_API, fakeApi } from '../support/fake-api.ts';
import { validCapabilities, validMcpConfig, validOpenApi, validPlatforms } from '../support/misbehaving-server.ts';

const API = FAKE_API;

describe('earshot output', () => {
  const cases: [string, { argv: string[]; tty: boolean; env?: Record<string, string>; want: string }][] = [
    [
      'platforms, piped: tab-separated, no header',
      {
        argv: ['platforms'],
        tty: false,
        want: 'reddit\tReddit\tkeyword,subreddit\nhacker-news\tHacker News\tkeyword\n',
      },
    ],
    [
      'platforms, on a terminal: aligned with a bold header',
      {
        argv: ['platforms'],
        tty: true,
        want: '\u001b[1mID         \u001b[22m  \u001b[1mNAME       \u001b[22m  \u001b[1mTARGET TYPES\u001b[22m\nreddit       Reddit       keyword, subreddit\nhacker-news  Hacker News  keyword\n',
      },
    ],
    [
      'platforms, on a terminal with NO_COLOR: aligned, no escape codes',
      {
        argv: ['platforms'],
        tty: true,
        env: { NO_COLOR: '1' },
        want: 'ID           NAME         TARGET TYPES\nreddit       Reddit       keyword, subreddit\nhacker-news  Hacker News  keyword\n',
      },
    ],
    [
      'links, piped',
      {
        argv: ['links'],
        tty: false,
        want: Object.entries(validCapabilities(API).data.resources)
          .map(([name, url]) => `${name}\t${url}\n`)
          .join(''),
      },
    ],
    [
      'capabilities, piped: one record per line, its kind first',
      {
        argv: ['capabilities'],
        tty: false,
        want:
          [
            'product\tEarshot',
            'description\tMonitors platforms.',
            'platform\treddit\tReddit\tkeyword,subreddit',
            'platform\thacker-news\tHacker News\tkeyword',
            ...Object.entries(validCapabilities(API).data.resources).map(([name, url]) => `resource\t${name}\t${url}`),
          ].join('\n') + '\n',
      },
    ],
    [
      'openapi, piped: the operations',
      {
        argv: ['openapi'],
        tty: false,
        want: 'GET\t/api/v1/platforms\tlistServicePlatforms\tList the supported platforms\n',
      },
    ],
    [
      'mcp config: one server, the remote endpoint, indented, so that a file written from it registers the server once',
      {
        argv: ['mcp', 'config'],
        tty: false,
        want: `${JSON.stringify({ mcpServers: { earshot: validMcpConfig(API).mcpServers.earshot } }, null, 2)}\n`,
      },
    ],
    [
      'mcp config --transport stdio: one server, the local one',
      {
        argv: ['mcp', 'config', '--transport', 'stdio'],
        tty: false,
        want: `${JSON.stringify({ mcpServers: { 'earshot-stdio': validMcpConfig(API).mcpServers['earshot-stdio'] } }, null, 2)}\n`,
      },
    ],
    [
      "mcp config --client vscode: VS Code's servers shape, for the remote endpoint",
      {
        argv: ['mcp', 'config', '--client', 'vscode'],
        tty: false,
        want: `${JSON.stringify({ servers: { earshot: { type: 'http', url: validMcpConfig(API).mcpServers.earshot.url } } }, null, 2)}\n`,
      },
    ],
    [
      'mcp config --client claude-code --json: the command line, --client winning',
      {
        argv: ['mcp', 'config', '--client', 'claude-code', '--json'],
        tty: false,
        want: `claude mcp add --transport http earshot ${API}/mcp\n`,
      },
    ],
    [
      'mcp config --client claude-code --transport stdio: the command that starts the local server',
      {
        argv: ['mcp', 'config', '--client', 'claude-code', '--transport', 'stdio'],
        tty: false,
        want: `claude mcp add earshot -- npx -y ${API}/cli/earshot-1.0.0-0123456789.tgz mcp --base-url ${API}\n`,
      },
    ],
    [
      'mcp config --client claude-desktop: the URL of the custom connector',
      { argv: ['mcp', 'config', '--client', 'claude-desktop'], tty: false, want: `${API}/mcp\n` },
    ],
    [
      'mcp config --transport stdio: the configuration with only its stdio entry',
      {
        argv: ['mcp', 'config', '--transport', 'stdio'],
        tty: false,
        want: `${JSON.stringify({ mcpServers: { 'earshot-stdio': validMcpConfig(API).mcpServers['earshot-stdio'] } }, null, 2)}\n`,
      },
    ],
  ];
  for (const [name, { argv, tty, env = {}, want }] of cases) {
    it(name, async () => {
      const io = createTestIo({ tty, env: { EARSHOT_BASE_URL: API, ...env }, fetch: fakeApi().fetch });
      const code = await run(argv, io);
      assert.equal(io.err(), '');
      assert.equal(io.out(), want);
      assert.equal(code, 0);
    });
  }

  // The served configuration, as the client reads it.
  const configuration = validMcpConfig(API) as McpConfiguration;
  const installCases: [string, string[], string][] = [
    [
      'cursor: its install link',
      ['mcp', 'config', '--client', 'cursor'],
      `or open: ${renderMcpInstallLinks('cursor', configuration, 'http')[0]!.text}\n`,
    ],
    [
      'vscode, stdio: its install link, then its add command',
      ['mcp', 'config', '--client', 'vscode', '--transport', 'stdio'],
      renderMcpInstallLinks('vscode', configuration, 'stdio')
        .map((install) => `${install.kind === 'link' ? 'or open' : 'or run'}: ${install.text}\n`)
        .join(''),
    ],
    ['claude-code: nothing more, its snippet is the command', ['mcp', 'config', '--client', 'claude-code'], ''],
  ];
  // Claude Desktop installs the local server from the MCP Bundle that /mcp.json names, on the base
  // URL's site (tests/unit/cli-site-links.test.ts refuses any other); the bundle's server reads
  // production unless told otherwise, so a bundle of another site says which base URL to give it.
  const production = buildFacts.productionBaseUrl;
  const bundleCases: [string, string, { url: string; sha256: string } | undefined, string][] = [
    [
      'a bundle of production: where it is',
      production,
      { url: `${production}/cli/earshot-1.1.0-0123456789.mcpb`, sha256: '0'.repeat(64) },
      `or open: ${production}/cli/earshot-1.1.0-0123456789.mcpb (the MCP Bundle: Claude Desktop asks to install it)\n`,
    ],
    [
      'a bundle of another site than production: where it is, and the base URL to give it',
      API,
      { url: `${API}/cli/earshot-1.1.0-0123456789.mcpb`, sha256: '0'.repeat(64) },
      `or open: ${API}/cli/earshot-1.1.0-0123456789.mcpb (the MCP Bundle: Claude Desktop asks to install it; at install, set its API base URL to ${API})\n`,
    ],
    ['no bundle named: nothing more', API, undefined, ''],
  ];
  for (const [name, site, bundle, wantErr] of bundleCases)
    it(`mcp config --client claude-desktop --transport stdio on a terminal offers the MCP Bundle on stderr: ${name}`, async () => {
      const served = { ...validMcpConfig(site), ...(bundle && { bundle }) };
      const io = createTestIo({
        tty: true,
        env: { EARSHOT_BASE_URL: site },
        fetch: fakeApi({
          [`${site}/api/v1/capabilities`]: { body: validCapabilities(site, 'ok') },
          [`${site}/ok/mcp.json`]: { body: served },
        }).fetch,
      });
      assert.equal(await run(['mcp', 'config', '--client', 'claude-desktop', '--transport', 'stdio'], io), 0, io.err());
      assert.equal(io.out(), renderMcpClientSnippet('claude-desktop', served as McpConfiguration, 'stdio').code);
      assert.equal(io.err(), wantErr);
    });

  for (const [name, argv, wantErr] of installCases)
    it(`mcp config --client on a terminal adds the one-step installs on stderr, the snippet alone on stdout: ${name}`, async () => {
      const io = createTestIo({ tty: true, env: { EARSHOT_BASE_URL: API }, fetch: fakeApi().fetch });
      assert.equal(await run(argv, io), 0, io.err());
      const [client, transport] = [argv[3] as McpClientId, (argv[5] ?? 'http') as McpTransport];
      assert.equal(io.out(), renderMcpClientSnippet(client, configuration, transport).code);
      assert.equal(io.err(), wantErr);
    });

  for (const argv of [['platforms'], ['capabilities'], ['openapi'], ['links'], ['mcp', 'config']]) {
    it(`${argv.join(' ')} --json prints exactly the bytes the API returned`, async () => {
      const served = '{ "data" : [ ], "odd spacing": false }';
      const answers = Object.fromEntries(
        [`${API}/api/v1/platforms`, `${API}/api/v1/capabilities`, `${API}/openapi.json`, `${API}/ok/mcp.json`].map(
          (url) => [url, { body: '' }],
        ),
      );
      // Valid bodies, but spaced the way no serializer would: --json must not re-serialize.
      answers[`${API}/api/v1/platforms`] = { body: served.replace(', "odd spacing": false', '') };
      answers[`${API}/api/v1/capabilities`] = { body: `  ${JSON.stringify(validCapabilities(API))}  ` };
      answers[`${API}/openapi.json`] = { body: JSON.stringify(validOpenApi, null, 4) };
      answers[`${API}/ok/mcp.json`] = { body: JSON.stringify(validMcpConfig(API), null, 3) };
      const io = createTestIo({ env: { EARSHOT_BASE_URL: API }, fetch: fakeApi(answers).fetch });
      assert.equal(await run([...argv, '--json'], io), 0, io.err());
      const url = {
        platforms: 'api/v1/platforms',
        capabilities: 'api/v1/capabilities',
        links: 'api/v1/capabilities',
        openapi: 'openapi.json',
        mcp: 'ok/mcp.json',
      }[argv[0]!]!;
      assert.equal(io.out(), answers[`${API}/${url}`]!.body as string);
    });
  }
});

describe('earshot requests', () => {
  it('sends Accept: application/json and a User-Agent naming the client, Node and the OS', async () => {
    const api = fakeApi();
    await run(['platforms'], createTestIo({ env: { EARSHOT_BASE_URL: API }, fetch: api.fetch }));
    assert.equal(api.calls[0]!.headers.get('accept'), 'application/json');
    assert.equal(
      api.calls[0]!.headers.get('user-agent'),
      `earshot/${buildFacts.version} (node ${process.version}; ${process.platform} ${process.arch})`,
    );
  });

  const baseUrlCases: [string, { argv: string[]; env: Record<string, string>; want: string }][] = [
    [
      '--base-url wins over EARSHOT_BASE_URL',
      {
        argv: ['--base-url', 'http://flag.test/'],
        env: { EARSHOT_BASE_URL: 'http://env.test' },
        want: 'http://flag.test/api/v1/platforms',
      },
    ],
    [
      'EARSHOT_BASE_URL when there is no flag',
      { argv: [], env: { EARSHOT_BASE_URL: 'http://env.test' }, want: 'http://env.test/api/v1/platforms' },
    ],
    [
      'the production URL from data/product.json otherwise',
      { argv: [], env: {}, want: `${buildFacts.productionBaseUrl}/api/v1/platforms` },
    ],
    [
      'a base URL with a path prefix keeps it',
      { argv: ['--base-url=http://proxy.test/earshot/'], env: {}, want: 'http://proxy.test/earshot/api/v1/platforms' },
    ],
  ];
  for (const [name, { argv, env, want }] of baseUrlCases) {
    it(`base URL: ${name}`, async () => {
      const api = fakeApi();
      await run(['platforms', ...argv], createTestIo({ env, fetch: api.fetch }));
      assert.equal(api.calls[0]!.url, want);
    });
  }

  it("mcp config follows the capabilities' resources.mcp link", async () => {
    const api = fakeApi();
    await run(['mcp', 'config'], createTestIo({ env: { EARSHOT_BASE_URL: API }, fetch: api.fetch }));
    assert.deepEqual(
      api.calls.map((call) => call.url),
      [`${API}/api/v1/capabilities`, `${API}/ok/mcp.json`],
    );
  });

  it('on 429, waits as Retry-After says (seconds or HTTP-date), then succeeds', async () => {
    const now = Date.parse('2026-11-01T12:00:00Z');
    const waits: number[] = [];
    const api = fakeApi({
      [`${API}/api/v1/platforms`]: [
        { status: 429, body: { error: 'Too Many Requests', statusCode: 429 }, headers: { 'retry-after': '2' } },
        {
          status: 429,
          body: { error: 'Too Many Requests', statusCode: 429 },
          headers: { 'retry-after': 'Sun, 01 Nov 2026 12:00:05 GMT' },
        },
        { body: validPlatforms },
      ],
    });
    const io = createTestIo({
      env: { EARSHOT_BASE_URL: API },
      fetch: api.fetch,
      now: () => now,
      sleep: async (ms) => void waits.push(ms),
    });
    assert.equal(await run(['platforms'], io), 0, io.err());
    assert.deepEqual(waits, [2000, 5000]);
  });

  it('on 429 without Retry-After, backs off exponentially with jitter', async () => {
    const waits: number[] = [];
    const limited = { status: 429, body: { error: 'Too Many Requests', statusCode: 429 } };
    const api = fakeApi({ [`${API}/api/v1/platforms`]: [limited, limited, limited, { body: validPlatforms }] });
    const io = createTestIo({
      env: { EARSHOT_BASE_URL: API },
      fetch: api.fetch,
      random: () => 1,
      sleep: async (ms) => void waits.push(ms),
    });
    assert.equal(await run(['platforms', '--retries', '3'], io), 0, io.err());
    assert.deepEqual(waits, [1000, 2000, 4000]);
  });

  it('never waits longer than one rate-limit window in all: a Retry-After past what is left fails at once, and the hint offers only waiting', async () => {
    const waits: number[] = [];
    const limited = (after: string) => ({
      status: 429,
      body: { error: 'Too Many Requests', statusCode: 429 },
      headers: { 'retry-after': after },
    });
    const api = fakeApi({ [`${API}/api/v1/platforms`]: [limited('20'), limited('41'), { body: validPlatforms }] });
    const io = createTestIo({
      env: { EARSHOT_BASE_URL: API },
      fetch: api.fetch,
      sleep: async (ms) => void waits.push(ms),
      now: () => Date.parse('2026-11-24T09:00:00Z'),
    });
    assert.equal(await run(['platforms', '--retries', '5'], io), 3);
    assert.deepEqual(waits, [20000]);
    assert.equal(
      io.err(),
      'rate limited; retrying in 20 s as the server asks (at most 60 s of waiting in all: --max-wait)\nerror: rate limited by api.test (HTTP 429); tried 2 times, and the server asks to wait 41 s, longer than the 60 s this client waits in all (--max-wait)\nhint: try again in 41 s, at 09:00:41 UTC or later\n',
    );
  });

  it('--retries 0 fails on the first 429', async () => {
    const api = fakeApi({
      [`${API}/api/v1/platforms`]: { status: 429, body: { error: 'Too Many Requests', statusCode: 429 } },
    });
    const io = createTestIo({
      env: { EARSHOT_BASE_URL: API },
      fetch: api.fetch,
      sleep: async () => assert.fail('must not wait'),
    });
    assert.equal(await run(['platforms', '--retries', '0'], io), 3);
    assert.equal(api.calls.length, 1);
  });

  it('goes through HTTP_PROXY when it is set, and around it for NO_PROXY hosts', async () => {
    const seen: string[] = [];
    const proxy = createServer((request, response) => {
      // A forward proxy receives the absolute URL; answering it proves the request came here.
      seen.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(validPlatforms));
    });
    await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    try {
      const io = createTestIo({ env: { HTTP_PROXY: proxyUrl, EARSHOT_BASE_URL: 'http://api.example.test' } });
      assert.equal(await run(['platforms'], io), 0, io.err());
      assert.deepEqual(seen, ['http://api.example.test/api/v1/platforms']);

      const bypass = createTestIo({
        env: { HTTP_PROXY: proxyUrl, NO_PROXY: 'nonexistent.invalid', EARSHOT_BASE_URL: 'http://nonexistent.invalid' },
      });
      assert.equal(await run(['platforms'], bypass), 4);
      assert.match(bypass.err(), /cannot resolve the host name nonexistent\.invalid/);
      assert.equal(seen.length, 1);
    } finally {
      proxy.closeAllConnections();
      await new Promise((done) => proxy.close(done));
    }
  });
});

describe('earshot usage', () => {
  const usageCases: [string, { argv: string[]; error: string }][] = [
    ['an unknown command', { argv: ['monitors'], error: 'unknown command "monitors"' }],
    ['an unknown flag', { argv: ['platforms', '--yaml'], error: 'unknown flag --yaml' }],
    ['a flag without its value', { argv: ['platforms', '--timeout'], error: '--timeout needs a value <seconds>' }],
    ['a value for a switch', { argv: ['platforms', '--json=yes'], error: '--json takes no value' }],
    [
      'an extra argument',
      { argv: ['platforms', 'reddit'], error: 'unexpected argument "reddit" for earshot platforms' },
    ],
    [
      'a flag the command does not take',
      { argv: ['platforms', '--version'], error: 'earshot platforms does not take --version' },
    ],
    [
      'a relative base URL',
      {
        argv: ['platforms', '--base-url', 'earshot.dev'],
        error: '--base-url must be an absolute http(s) URL such as https://earshot.dev (got "earshot.dev")',
      },
    ],
    [
      'a bad EARSHOT_BASE_URL',
      {
        argv: ['platforms'],
        error: 'EARSHOT_BASE_URL must be an absolute http(s) URL such as https://earshot.dev (got "ftp://x")',
      },
    ],
    [
      'a zero timeout',
      {
        argv: ['platforms', '--timeout', '0'],
        error: '--timeout must be a number of seconds above 0 and at most 300 (got "0")',
      },
    ],
    [
      'a fractional retry count',
      { argv: ['platforms', '--retries', '1.5'], error: '--retries must be a whole number from 0 to 10 (got "1.5")' },
    ],
    [
      'too many retries',
      { argv: ['platforms', '--retries', '11'], error: '--retries must be a whole number from 0 to 10 (got "11")' },
    ],
    [
      'an unknown subcommand of a command that has some',
      { argv: ['mcp', 'serve'], error: 'unknown command "mcp serve"' },
    ],
    [
      'an MCP client the client does not know',
      {
        argv: ['mcp', 'config', '--client', 'zed'],
        error:
          '--client must be one of claude-desktop, claude-code, cursor, vscode, windsurf, codex, gemini-cli (got "zed")',
      },
    ],
    [
      'an MCP transport that does not exist',
      {
        argv: ['mcp', 'config', '--client', 'cursor', '--transport', 'sse'],
        error: '--transport must be one of http, stdio (got "sse")',
      },
    ],
    [
      '--transport on a command that does not take it',
      { argv: ['mcp', '--transport', 'stdio'], error: 'earshot mcp does not take --transport' },
    ],
    [
      '--client on a command that does not take it',
      { argv: ['platforms', '--client', 'vscode'], error: 'earshot platforms does not take --client' },
    ],
  ];
  for (const [name, { argv, error }] of usageCases) {
    it(`${name}: exit 2, error and hint on stderr, nothing sent`, async () => {
      const api = fakeApi();
      const io = createTestIo({
        env: name.includes('EARSHOT_BASE_URL') ? { EARSHOT_BASE_URL: 'ftp://x' } : {},
        fetch: api.fetch,
      });
      assert.equal(await run(argv, io), 2);
      const [first, second, ...rest] = io.err().trimEnd().split('\n');
      assert.equal(first, `error: ${error}`);
      assert.match(second!, /^hint: \S/);
      assert.deepEqual(rest, []);
      assert.equal(io.out(), '');
      assert.equal(api.calls.length, 0);
    });
  }

  it('--version prints the version', async () => {
    const io = createTestIo();
    assert.equal(await run(['--version'], io), 0);
    assert.equal(io.out(), `earshot ${buildFacts.version}\n`);
  });

  it('--help lists every command, flag, environment variable and exit code', async () => {
    const io = createTestIo();
    assert.equal(await run(['--help'], io), 0);
    // Wrapped to 80 columns: compare with the line breaks and indentation folded into spaces.
    const text = io.out().replace(/\s+/g, ' ');
    for (const command of commandDefinitions)
      assert.ok(io.out().includes(`\n  ${command.path.join(' ')}`), command.path.join(' '));
    for (const flag of flagDefinitions) assert.ok(io.out().includes(`--${flag.name}`), flag.name);
    for (const variable of environmentVariableDefinitions) assert.ok(io.out().includes(variable.name), variable.name);
    for (const { code, meaning } of exitCodeDefinitions)
      assert.match(text, new RegExp(` ${code} +${meaning.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), meaning);
  });

  for (const command of commandDefinitions) {
    it(`${command.path.join(' ')} --help shows its usage and examples`, async () => {
      const io = createTestIo();
      assert.equal(await run([...command.path, '--help'], io), 0);
      assert.ok(io.out().includes(`USAGE\n  ${formatUsage(command)}\n`), formatUsage(command));
      // A long command is continued with ` \` at a space: joined again, it is the example as written.
      const joined = io.out().replace(/ \\\n +/g, ' ');
      for (const example of command.examples) assert.ok(joined.includes(`$ ${example.command}`), example.command);
    });
  }

  it('earshot alone shows a short usage on stdout, the commands and one example, and exits 2, as nothing ran', async () => {
    const io = createTestIo();
    assert.equal(await run([], io), 2);
    assert.match(io.out(), /^USAGE$/m);
    for (const command of commandDefinitions)
      assert.ok(io.out().includes(`\n  ${command.path.join(' ')}`), command.path.join(' '));
    assert.equal(io.out().match(/^ {2}\$ /gm)?.length, 1, 'one example');
    assert.match(io.out(), /Run `earshot --help` for every flag, variable and exit code\.\n$/);
    assert.ok(io.out().split('\n').length < 24, 'a screen at most');
    assert.doesNotMatch(io.out(), /EXIT CODES|ENVIRONMENT/);
  });

  const colourCases: [string, { argv?: string[]; env?: Record<string, string>; tty: boolean; coloured: boolean }][] = [
    ['a terminal', { tty: true, coloured: true }],
    ['a pipe', { tty: false, coloured: false }],
    ['NO_COLOR on a terminal', { env: { NO_COLOR: '1' }, tty: true, coloured: false }],
    ['FORCE_COLOR when piped', { env: { FORCE_COLOR: '1' }, tty: false, coloured: true }],
    ['FORCE_COLOR over NO_COLOR', { env: { FORCE_COLOR: '1', NO_COLOR: '1' }, tty: false, coloured: true }],
    ['FORCE_COLOR=0 on a terminal', { env: { FORCE_COLOR: '0' }, tty: true, coloured: false }],
    ['--no-color on a terminal', { argv: ['--no-color'], tty: true, coloured: false }],
    ['--no-color over FORCE_COLOR', { argv: ['--no-color'], env: { FORCE_COLOR: '1' }, tty: true, coloured: false }],
  ];
  for (const [name, { argv = [], env = {}, tty, coloured }] of colourCases) {
    it(`colour, ${name}: ${coloured ? 'coloured' : 'plain'} help and errors`, async () => {
      const help = createTestIo({ tty, env });
      assert.equal(await run(['platforms', '--help', ...argv], help), 0);
      const error = createTestIo({ tty, env });
      assert.equal(await run(['nope', ...argv], error), 2);
      for (const text of [help.out(), error.err()]) assert.equal(/\u001b\[/.test(text), coloured, text);
    });
  }

  for (const terminal of [true, false]) {
    it(`earshot mcp ${terminal ? 'started by hand on a terminal says what it is and how to stop it, once, on stderr' : 'started by an MCP client (pipes) says nothing'}; stdout carries only the protocol`, async () => {
      const stdin = Object.assign(new PassThrough(), { isTTY: terminal });
      const stdout = new PassThrough();
      const io = createTestIo({ env: { EARSHOT_BASE_URL: API }, fetch: fakeApi().fetch });
      io.stdio = { stdin, stdout };
      const running = run(['mcp'], io);
      stdin.end();
      assert.equal(await running, 0);
      assert.equal(io.err(), terminal ? `${MCP_TERMINAL_NOTE}\n` : '');
      assert.equal(stdout.read(), null);
    });
  }

  it('earshot mcp --help lists its subcommands too', async () => {
    const io = createTestIo();
    assert.equal(await run(['mcp', '--help'], io), 0);
    assert.match(io.out(), /^COMMANDS\n {2}mcp config {2}Print the MCP configuration/m);
  });

  it('colours errors on a terminal, never with NO_COLOR', async () => {
    const coloured = createTestIo({ tty: true });
    await run(['nope'], coloured);
    assert.match(coloured.err(), /^\u001b\[31merror:\u001b\[39m unknown command/);
    const plain = createTestIo({ tty: true, env: { NO_COLOR: '1' } });
    await run(['nope'], plain);
    assert.match(plain.err(), /^error: unknown command/);
  });

  it('a server-chosen message cannot break the one-line format', async () => {
    const api = fakeApi({
      [`${API}/api/v1/platforms`]: {
        status: 500,
        body: { error: 'boom\nerror: fake second line\u001b[2J', statusCode: 500 },
      },
    });
    const io = createTestIo({ env: { EARSHOT_BASE_URL: API }, fetch: api.fetch });
    assert.equal(await run(['platforms'], io), 1);
    const lines = io.err().trimEnd().split('\n');
    assert.equal(lines.length, 2);
    assert.doesNotMatch(io.err(), /\u001b/);
  });
});
