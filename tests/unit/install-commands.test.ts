import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findInstallSpecsInFile, isPinnedInstallSpec } from '../support/install-commands.ts';

/**
 * The search behind "no published file names an install command without the pinned URL"
 * (tests/e2e/install.spec.ts) finds every way of writing one, and nothing in prose.
 */
const PINNED = 'https://earshot.dev/cli/earshot-1.0.0-0123456789.tgz';

describe('findInstallSpecsInFile', () => {
  const cases: [string, { path: string; text: string; want: string[] }][] = [
    [
      'npx with -y, in inline code',
      { path: 'a/index.html', text: '<p>Run <code>npx -y earshot mcp</code>.</p>', want: ['earshot'] },
    ],
    [
      "npx after another tool's --, as Gemini CLI's add command writes it",
      {
        path: 'a/index.html',
        text: '<p><code>gemini mcp add earshot npx -- -y earshot mcp</code></p>',
        want: ['earshot'],
      },
    ],
    [
      'npm i -g with a version',
      { path: 'a/index.html', text: '<p><code>npm i -g earshot@latest</code></p>', want: ['earshot@latest'] },
    ],
    [
      'npm install --global, pinned, in a code block copy button',
      {
        path: 'a/index.html',
        text: `<pre><code><div class="ec-line">npm install --global ${PINNED}</div></code></pre><button data-code="npm install --global ${PINNED}\u007fearshot platforms"></button>`,
        want: [PINNED],
      },
    ],
    [
      'a plain pre block',
      { path: 'index.html', text: '<pre><code>npx -y earshot platforms</code></pre>', want: ['earshot'] },
    ],
    [
      'an Expressive Code block is read through its copy button only',
      {
        path: 'a/index.html',
        text: `<pre><code><div class="ec-line">npx</div><div class="ec-line">-y earshot</div></code></pre><button data-code="npx -y ${PINNED}"></button>`,
        want: [PINNED],
      },
    ],
    [
      "a code block's second line",
      {
        path: 'a/index.html',
        text: '<button data-code="earshot --version\u007fnpx earshot platforms"></button>',
        want: ['earshot'],
      },
    ],
    [
      'pnpm dlx, yarn add and bunx',
      {
        path: 'llms.txt',
        text: 'pnpm dlx earshot\nyarn add earshot\nbunx earshot',
        want: ['earshot', 'earshot', 'earshot'],
      },
    ],
    [
      'a command ending a sentence',
      { path: 'llms.txt', text: `install it with \`npm install --global ${PINNED}\`.`, want: [PINNED] },
    ],
    [
      'prose about npx is not a command',
      { path: 'a/index.html', text: '<p><code>npx</code> installs the client first.</p>', want: [] },
    ],
    [
      'an MCP configuration naming the bare package',
      {
        path: 'mcp.json',
        text: JSON.stringify({ mcpServers: { earshot: { command: 'npx', args: ['-y', 'earshot', 'mcp'] } } }),
        want: ['earshot'],
      },
    ],
    [
      'an MCP configuration naming the pinned URL',
      {
        path: 'mcp.json',
        text: JSON.stringify({ mcpServers: { earshot: { command: 'npx', args: ['-y', PINNED, 'mcp'] } } }),
        want: [PINNED],
      },
    ],
    [
      'an MCP configuration whose remote entry runs nothing',
      {
        path: 'mcp.json',
        text: JSON.stringify({
          mcpServers: {
            earshot: { type: 'http', url: 'https://earshot.dev/mcp' },
            'earshot-stdio': { type: 'stdio', command: 'npx', args: ['-y', PINNED, 'mcp'] },
          },
        }),
        want: [PINNED],
      },
    ],
    [
      'a pinned third-party tool in a code block',
      {
        path: 'a/index.html',
        text: '<button data-code="npx -y @modelcontextprotocol/inspector@2.12.0 --cli https://earshot.dev/mcp"></button>',
        want: ['@modelcontextprotocol/inspector@2.12.0'],
      },
    ],
    [
      'npx told its packages with -p: each package, not the option or the binary',
      {
        path: 'a/index.html',
        text: '<code>npx -p typescript@6 --package=@hey-api/openapi-ts@0.99.0 openapi-ts -i x</code>',
        want: ['typescript@6', '@hey-api/openapi-ts@0.99.0'],
      },
    ],
    [
      'npx -p with an unpinned package',
      { path: 'a/index.html', text: '<code>npx -y -p typescript openapi-ts</code>', want: ['typescript'] },
    ],
    [
      'JSON text with an npx line',
      { path: 'openapi.json', text: JSON.stringify({ description: 'Run npx earshot' }), want: ['earshot'] },
    ],
    [
      'a command at the end of a line in a JSON string: the escaped line break is not part of the spec',
      {
        path: 'openapi.json',
        text: JSON.stringify({ source: '// npm install openapi-fetch@0.17.0\n\nimport x' }),
        want: ['openapi-fetch@0.17.0'],
      },
    ],
  ];
  for (const [name, { path, text, want }] of cases) {
    it(name, () => assert.deepEqual(findInstallSpecsInFile(path, text), want));
  }
});

describe('isPinnedInstallSpec', () => {
  const cases: [string, boolean][] = [
    [PINNED, true],
    ['@modelcontextprotocol/inspector@2.12.0', true],
    ['mcp-remote@0.1.37', true],
    ['earshot', false],
    ['earshot@1.0.0', false],
    ['https://earshot.dev/cli/earshot-0.9.0-0000000000.tgz', false],
    ['@modelcontextprotocol/inspector', false],
    ['@modelcontextprotocol/inspector@latest', false],
    ['mcp-remote@^0.1.0', false],
  ];
  for (const [spec, pinned] of cases)
    it(`${spec}: ${pinned ? 'pinned' : 'not pinned'}`, () => assert.equal(isPinnedInstallSpec(spec, PINNED), pinned));
});
