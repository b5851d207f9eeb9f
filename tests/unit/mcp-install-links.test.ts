import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import {
  renderMcpClientSnippet,
  type McpClientId,
  type McpTransport,
} from '../../client/src/mcp/mcp-client-snippets.ts';
import { renderMcpInstallLinks } from '../../client/src/mcp/mcp-install-links.ts';
import { buildMcpConfiguration } from '../../site/lib/mcp/mcp-configuration.ts';

/**
 * Each one-step install, decoded back the way its client reads it (a link's query, base64 and
 * JSON; a command's words as a POSIX shell splits them), must carry exactly the server of the
 * served configuration: a preview's, so that the stdio command holds `--base-url` too.
 */
const PRODUCTION = 'https://earshot.dev';
const PREVIEW = 'https://deploy-preview-7--earshot.netlify.app';
const configuration = buildMcpConfiguration(PREVIEW, PRODUCTION, `${PREVIEW}/cli/earshot-1.1.0-0123456789.tgz`);
const { url } = configuration.mcpServers.earshot;
const { command, args } = configuration.mcpServers['earshot-stdio'];

/** The words `sh` makes of a command line, as the terminal a reader pastes it into would. */
function shellWords(line: string): string[] {
  const result = spawnSync('sh', ['-c', `words() { printf '%s\\0' "$@"; }; words ${line}`], { encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout.split('\0').slice(0, -1);
}

function decodeCursorLink(link: string) {
  const parsed = new URL(link);
  assert.equal(
    `${parsed.protocol}//${parsed.host}${parsed.pathname}`,
    'cursor://anysphere.cursor-deeplink/mcp/install',
  );
  return {
    name: parsed.searchParams.get('name'),
    config: JSON.parse(Buffer.from(parsed.searchParams.get('config')!, 'base64').toString('utf8')) as unknown,
  };
}

function decodeVsCodeLink(link: string): unknown {
  const prefix = 'vscode:mcp/install?';
  assert.ok(link.startsWith(prefix), link);
  return JSON.parse(decodeURIComponent(link.slice(prefix.length)));
}

/** The server entry of a client's own snippet, where the snippet is a file's JSON. */
const snippetServer = (client: McpClientId, transport: McpTransport, map = 'mcpServers') =>
  (JSON.parse(renderMcpClientSnippet(client, configuration, transport).code) as Record<string, { earshot: unknown }>)[
    map
  ]!.earshot;

const cases: [
  McpClientId,
  McpTransport,
  { kind: 'link' | 'command'; decode(text: string): unknown; want: unknown }[],
][] = [
  ['cursor', 'http', [{ kind: 'link', decode: decodeCursorLink, want: { name: 'earshot', config: { url } } }]],
  [
    'cursor',
    'stdio',
    [{ kind: 'link', decode: decodeCursorLink, want: { name: 'earshot', config: snippetServer('cursor', 'stdio') } }],
  ],
  [
    'vscode',
    'http',
    [
      { kind: 'link', decode: decodeVsCodeLink, want: { name: 'earshot', type: 'http', url } },
      {
        kind: 'command',
        decode: shellWords,
        want: ['code', '--add-mcp', JSON.stringify({ name: 'earshot', type: 'http', url })],
      },
    ],
  ],
  [
    'vscode',
    'stdio',
    [
      {
        kind: 'link',
        decode: decodeVsCodeLink,
        want: { name: 'earshot', ...(snippetServer('vscode', 'stdio', 'servers') as object) },
      },
      {
        kind: 'command',
        decode: (line) => JSON.parse(shellWords(line)[2]!),
        want: { name: 'earshot', type: 'stdio', command, args },
      },
    ],
  ],
  [
    'claude-code',
    'http',
    [{ kind: 'command', decode: shellWords, want: ['claude', 'mcp', 'add', '--transport', 'http', 'earshot', url] }],
  ],
  [
    'claude-code',
    'stdio',
    [{ kind: 'command', decode: shellWords, want: ['claude', 'mcp', 'add', 'earshot', '--', command, ...args] }],
  ],
  ['codex', 'http', [{ kind: 'command', decode: shellWords, want: ['codex', 'mcp', 'add', 'earshot', '--url', url] }]],
  [
    'codex',
    'stdio',
    [{ kind: 'command', decode: shellWords, want: ['codex', 'mcp', 'add', 'earshot', '--', command, ...args] }],
  ],
  [
    'gemini-cli',
    'http',
    [
      {
        kind: 'command',
        decode: shellWords,
        want: ['gemini', 'mcp', 'add', '--scope', 'user', '--transport', 'http', 'earshot', url],
      },
    ],
  ],
  [
    'gemini-cli',
    'stdio',
    [
      {
        kind: 'command',
        decode: shellWords,
        want: ['gemini', 'mcp', 'add', '--scope', 'user', 'earshot', command, '--', ...args],
      },
    ],
  ],
  ['claude-desktop', 'http', []],
  ['windsurf', 'stdio', []],
];

describe('renderMcpInstallLinks: each link and command decodes to the served configuration', () => {
  for (const [client, transport, expected] of cases)
    it(`${client}, ${transport}: ${expected.map((entry) => entry.kind).join(' and ') || 'none'}`, () => {
      const installs = renderMcpInstallLinks(client, configuration, transport);
      assert.deepEqual(
        installs.map((install) => install.kind),
        expected.map((entry) => entry.kind),
      );
      for (const [index, { decode, want }] of expected.entries()) assert.deepEqual(decode(installs[index]!.text), want);
    });

  it("Claude Code's command is its snippet, so that the page and `earshot mcp config` print one line", () => {
    for (const transport of ['http', 'stdio'] as const)
      assert.equal(
        renderMcpInstallLinks('claude-code', configuration, transport)[0]!.text,
        renderMcpClientSnippet('claude-code', configuration, transport).code.trimEnd(),
      );
  });
});
