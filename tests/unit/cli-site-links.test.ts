import fc from 'fast-check';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ExitCode } from '../../client/src/exit-codes.ts';
import { run } from '../../client/src/run.ts';
import { createTestIo } from '../support/cli-io.ts';
import { FAKE_API, fakeApi } from '../support/fake-api.ts';
import { validMcpConfig } from '../support/misbehaving-server.ts';

/**
 * A link `earshot` prints as the site's own (the remote MCP endpoint in snippets and install links,
 * the MCP Bundle to open, a change notice's changelog entry) is on the base URL's origin and names no user: `https://earshot.dev@evil.example/x` reads
 * as the site's and opens another. Anything else is refused with one line, or left out of a notice.
 */
const SHA = '0'.repeat(64);
const foreignLinks: [string, string][] = [
  ['another origin', 'https://evil.example/cli/earshot-1.1.0-0123456789.mcpb'],
  ['a user name that reads as the site', `https://${new URL(FAKE_API).host}@evil.example/x.mcpb`],
  ['a user name on the same origin', `http://user:pass@${new URL(FAKE_API).host}/cli/x.mcpb`],
  ['another port', `${FAKE_API}:8443/cli/x.mcpb`],
  ['another scheme', `https://${new URL(FAKE_API).host}/cli/x.mcpb`],
];

describe('mcp config refuses a remote endpoint that is not on the site, in every form it prints', () => {
  const printing = [
    ['mcp', 'config'],
    ['mcp', 'config', '--transport', 'stdio'],
    ['mcp', 'config', '--client', 'cursor'],
    ['mcp', 'config', '--client', 'vscode', '--json'],
    ['mcp', 'config', '--client', 'claude-code', '--transport', 'stdio'],
  ];
  const serving = (url: string) => {
    const served = validMcpConfig(FAKE_API);
    return fakeApi({
      [`${FAKE_API}/ok/mcp.json`]: { body: { mcpServers: { ...served.mcpServers, earshot: { type: 'http', url } } } },
    }).fetch;
  };
  for (const [name, url] of foreignLinks)
    for (const argv of printing)
      it(`${name}: ${argv.join(' ')}`, async () => {
        const io = createTestIo({ tty: true, env: { EARSHOT_BASE_URL: FAKE_API, NO_COLOR: '1' }, fetch: serving(url) });
        assert.equal(await run(argv, io), ExitCode.badResponse);
        assert.equal(io.out(), '');
        // One error line and one hint line, wrapped to the terminal.
        assert.match(
          io.err().replace(/\n {6,7}(?=\S)/g, ' '),
          /^error: the MCP configuration of http:\/\/api\.test\/ok\/mcp\.json names a remote MCP endpoint that [^\n]+\nhint: [^\n]+\n$/,
        );
        assert.equal(io.err().includes('evil'), false, io.err());
      });

  it('whatever endpoint is served, it is printed only when it is on the site and names no user', async () => {
    const endpoint = fc.oneof(
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.webUrl().map((url) => url.replace('://', `://${new URL(FAKE_API).host}@`)),
      fc.webPath().map((path) => `${FAKE_API}${path}`),
      fc.constantFrom(...foreignLinks.map(([, url]) => url), `${FAKE_API}/mcp`),
    );
    await fc.assert(
      fc.asyncProperty(endpoint, fc.constantFrom(...printing), async (url, argv) => {
        const io = createTestIo({ tty: true, env: { EARSHOT_BASE_URL: FAKE_API, NO_COLOR: '1' }, fetch: serving(url) });
        const code = await run(argv, io);
        const parsed = new URL(url);
        const ours = parsed.origin === FAKE_API && parsed.username === '' && parsed.password === '';
        assert.equal(code, ours ? 0 : ExitCode.badResponse, `${url}: ${io.err()}`);
        if (!ours) assert.equal(io.out(), '');
      }),
      { numRuns: 60, seed: 40 },
    );
  });

  it('--json alone prints the configuration as served, whatever it names', async () => {
    const io = createTestIo({ env: { EARSHOT_BASE_URL: FAKE_API }, fetch: serving(foreignLinks[0]![1]) });
    assert.equal(await run(['mcp', 'config', '--json'], io), 0, io.err());
    assert.equal(JSON.parse(io.out()).mcpServers.earshot.url, foreignLinks[0]![1]);
  });
});

describe('mcp config refuses a local server whose command installs or reads another site', () => {
  const printing = [
    ['mcp', 'config', '--transport', 'stdio'],
    ['mcp', 'config', '--client', 'cursor', '--transport', 'stdio'],
    ['mcp', 'config', '--client', 'claude-code', '--transport', 'stdio'],
  ];
  // The package npx installs (the tarball) and the site the server reads (--base-url), each replaced in turn.
  const serving = (position: 'package' | 'site', url: string) => {
    const served = validMcpConfig(FAKE_API);
    const stdio = served.mcpServers['earshot-stdio'];
    const args = stdio.args.map((arg, index) =>
      arg.includes('://') && (position === 'package' ? index === 1 : stdio.args[index - 1] === '--base-url')
        ? url
        : arg,
    );
    assert.notDeepEqual(args, stdio.args, 'the served command has the URL this case replaces');
    return fakeApi({
      [`${FAKE_API}/ok/mcp.json`]: {
        body: { ...served, mcpServers: { ...served.mcpServers, 'earshot-stdio': { ...stdio, args } } },
      },
    }).fetch;
  };
  for (const position of ['package', 'site'] as const)
    for (const [name, url] of foreignLinks)
      for (const argv of printing)
        it(`the ${position} on ${name}: ${argv.join(' ')}`, async () => {
          const io = createTestIo({
            env: { EARSHOT_BASE_URL: FAKE_API, NO_COLOR: '1' },
            fetch: serving(position, url),
          });
          assert.equal(await run(argv, io), ExitCode.badResponse);
          assert.equal(io.out(), '');
          assert.match(
            io.err(),
            /^error: the MCP configuration of http:\/\/api\.test\/ok\/mcp\.json names a local server whose command holds a URL that [^\n]+\nhint: [^\n]+\n$/,
          );
        });

  it('the served command, on the site, is printed', async () => {
    const io = createTestIo({
      env: { EARSHOT_BASE_URL: FAKE_API },
      fetch: fakeApi({ [`${FAKE_API}/ok/mcp.json`]: { body: validMcpConfig(FAKE_API) } }).fetch,
    });
    assert.equal(await run(['mcp', 'config', '--transport', 'stdio'], io), 0, io.err());
    assert.match(io.out(), /earshot-stdio/);
  });
});

describe('mcp config --client claude-desktop --transport stdio refuses a bundle that is not on the site', () => {
  for (const [name, url] of foreignLinks)
    it(name, async () => {
      const served = { ...validMcpConfig(FAKE_API), bundle: { url, sha256: SHA } };
      const io = createTestIo({
        env: { EARSHOT_BASE_URL: FAKE_API },
        fetch: fakeApi({ [`${FAKE_API}/ok/mcp.json`]: { body: served } }).fetch,
      });
      const code = await run(['mcp', 'config', '--client', 'claude-desktop', '--transport', 'stdio'], io);
      assert.equal(code, ExitCode.badResponse);
      assert.equal(io.out(), '');
      assert.match(
        io.err(),
        /^error: the MCP configuration of http:\/\/api\.test\/ok\/mcp\.json names an MCP Bundle that /,
      );
      assert.equal(io.err().includes('evil'), false, io.err());
      assert.equal(io.err().includes(url), false, io.err());
    });
});

describe('a change notice leaves out a link that is not on the site that sent it', () => {
  const platforms = async (link: string) => {
    // No state directory: the notice prints on every call.
    const io = createTestIo({
      fetch: async () =>
        new Response(JSON.stringify({ data: [] }), {
          headers: {
            'Content-Type': 'application/json',
            Sunset: 'Thu, 31 Dec 2026 00:00:00 GMT',
            Link: `<${link}>; rel="deprecation"`,
          },
        }),
    });
    assert.equal(await run(['platforms', '--base-url', FAKE_API], io), 0);
    return io.err();
  };
  for (const [name, link] of foreignLinks)
    it(name, async () => {
      const err = await platforms(link);
      assert.equal(
        err,
        `notice: ${FAKE_API}/api/v1/platforms announces a breaking change from 2026-12-31: read the changelog (a link to another site was left out) (shown once)\n`,
      );
    });

  it('whatever the Link header holds, the line names no link off the site', async () => {
    const link = fc.oneof(
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.webUrl().map((url) => url.replace('://', `://${new URL(FAKE_API).host}@`)),
      fc.constantFrom(
        ...foreignLinks.map(([, url]) => url),
        `${FAKE_API}/docs/changelog/#2026-12-01`,
        '/docs/changelog/',
      ),
    );
    await fc.assert(
      fc.asyncProperty(link, async (given) => {
        const err = await platforms(given);
        for (const printed of err.match(/\bhttps?:\/\/\S+/g) ?? []) {
          const url = new URL(printed);
          assert.equal(url.origin, FAKE_API, err);
          assert.equal(url.username, '', err);
        }
      }),
      { numRuns: 60, seed: 40 },
    );
  });
});
