import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { attribute, parseHtml, walkElements } from './html-tree.ts';

/**
 * Every code block the docs pages show, each with the test that runs it as printed or holds it to
 * what it shows. tests/artifacts/code-block-register.test.ts enumerates the blocks of every built
 * page and fails on a block that no entry claims, so a new sample cannot reach a page unregistered;
 * tests/e2e/code-samples.spec.ts runs every entry that has a `runner`, block by block, off the
 * served page. An entry with `runner` runs there; one without names the test that covers it.
 */
export interface RegisteredBlock {
  name: string;
  /** The sitemap paths whose blocks this entry claims. */
  pages: readonly string[];
  /** A block of those pages is this entry's when its copied text matches. */
  match: RegExp;
  /** The test file that runs the block, or checks what it shows. */
  test: string;
  /**
   * How tests/e2e/code-samples.spec.ts runs it, in the reader's runtime: `sh` (curl, npm, npx),
   * `node` (saved as a `.mjs` file), `python` (`python3`), `library` (the `earshot` package
   * installed from its URL, then `node` on the file the page names), `earshot` (each example
   * line in its own shell, with the installed command on PATH).
   */
  runner?: 'sh' | 'node' | 'python' | 'library' | 'earshot';
  /** Why a block cannot run here, for the few that need another system. */
  cannotRun?: string;
}

const getPages = ['/docs/api/operations/getservicecapabilities/', '/docs/api/operations/listserviceplatforms/'];
const headPages = ['/docs/api/operations/headservicecapabilities/', '/docs/api/operations/headserviceplatforms/'];
const operationPages = [...getPages, ...headPages];
const SAMPLES_SPEC = 'tests/e2e/code-samples.spec.ts';

export const codeBlockRegister: readonly RegisteredBlock[] = [
  // The quick start, the back-off and the revalidation samples: run by their own describe blocks.
  ...[
    ['the first call in curl', /^curl --fail-with-body -sS /, 'sh'],
    ['the first call in JavaScript', /^const response = await fetch\('[^']+', \{\n {2}headers:/, 'node'],
    ['the first call in Python', /^import json\nimport urllib\.request\n\nrequest = /, 'python'],
  ].flatMap(([name, match, runner]) => [
    { name: `${name}, quick start`, pages: ['/docs/'], match: match as RegExp, test: SAMPLES_SPEC },
    {
      name: `${name}, API reference`,
      pages: getPages,
      match: match as RegExp,
      test: SAMPLES_SPEC,
      runner: runner as NonNullable<RegisteredBlock['runner']>,
    },
  ]),
  {
    name: 'the answer the first call and the back-off print',
    pages: ['/docs/', '/docs/rate-limits/'],
    match: /^\{\n {2}"data": \[\n/,
    test: SAMPLES_SPEC,
  },
  {
    name: 'the back-off in curl',
    pages: ['/docs/rate-limits/'],
    match: /^curl --fail -s --retry /,
    test: SAMPLES_SPEC,
  },
  {
    name: 'the back-off in JavaScript',
    pages: ['/docs/rate-limits/'],
    match: /^async function getJson\(/,
    test: SAMPLES_SPEC,
  },
  {
    name: 'the back-off in Python',
    pages: ['/docs/rate-limits/'],
    match: /^import json\nimport random\nimport sys\nimport time\n/,
    test: SAMPLES_SPEC,
  },
  {
    name: 'revalidation with If-None-Match, in three languages',
    pages: ['/docs/rate-limits/'],
    match: /If-None-Match/,
    test: SAMPLES_SPEC,
  },
  {
    name: 'what revalidation prints',
    pages: ['/docs/rate-limits/'],
    match: /^first: 200\nagain: 304$/,
    test: SAMPLES_SPEC,
  },
  // Run block by block by the register's own describe block.
  { name: 'HEAD in curl', pages: headPages, match: /^curl --head --fail -sS /, test: SAMPLES_SPEC, runner: 'sh' },
  { name: 'HEAD in JavaScript', pages: headPages, match: /method: 'HEAD'/, test: SAMPLES_SPEC, runner: 'node' },
  { name: 'HEAD in Python', pages: headPages, match: /method="HEAD"/, test: SAMPLES_SPEC, runner: 'python' },
  {
    name: 'the client through npx, two commands',
    pages: ['/docs/'],
    match: /^npx -y \S+ platforms.*\nnpx -y \S+ capabilities --json/,
    test: SAMPLES_SPEC,
    runner: 'sh',
  },
  {
    name: 'the library, saved as the file the page names',
    pages: ['/docs/cli/'],
    match: /^import \{ createClient \} from 'earshot';/,
    test: SAMPLES_SPEC,
    runner: 'library',
  },
  {
    name: "each command's examples",
    pages: ['/docs/cli/'],
    match: /^# [^\n]+\n(mkdir -p ~\/\.zfunc && )?earshot /,
    test: SAMPLES_SPEC,
    runner: 'earshot',
  },
  {
    name: 'checking a download against SHA256SUMS',
    pages: ['/docs/security/'],
    match: /^curl -fsSLO \S+\.tgz\n/,
    test: SAMPLES_SPEC,
    runner: 'sh',
  },
  {
    name: "checking a download by npm's integrity",
    pages: ['/docs/security/'],
    match: /^npm install \S+\nnode -p /,
    test: SAMPLES_SPEC,
    runner: 'sh',
  },
  // Run or checked by the test named.
  {
    name: 'the install line, then the first command',
    pages: ['/docs/cli/'],
    match: /^npm install --global \S+\nearshot platforms/,
    test: 'tests/e2e/install.spec.ts',
  },
  {
    name: 'npx, once',
    pages: ['/docs/cli/'],
    match: /^npx -y \S+ platforms(?: --base-url \S+)?$/,
    test: 'tests/e2e/install.spec.ts',
  },
  { name: 'the library install', pages: ['/docs/cli/'], match: /^npm install \S+$/, test: 'tests/e2e/install.spec.ts' },
  {
    name: "the generated clients' samples",
    pages: getPages,
    match: /^\/\/ Generate the client once:/,
    test: 'tests/e2e/generated-clients.spec.ts',
  },
  {
    name: "the OpenAPI document's examples: headers and answers",
    pages: operationPages,
    match: /^(?!curl |const |import |\/\/ )[^\n]*(\n|$)/,
    test: 'tests/unit/openapi-document.test.ts',
  },
  {
    name: 'the MCP Inspector, through the remote endpoint and the local server',
    pages: ['/docs/mcp/'],
    match: /^npx -y @modelcontextprotocol\/inspector@/,
    test: 'tests/e2e/mcp.spec.ts',
  },
  {
    name: 'the remote endpoint',
    pages: ['/docs/mcp/'],
    match: /^https?:\/\/\S+\/mcp$/,
    test: 'tests/e2e/mcp.spec.ts',
  },
  {
    name: 'the local server command',
    pages: ['/docs/mcp/'],
    match: /^npx -y \S+ mcp(?: --base-url \S+)?$/,
    test: 'tests/e2e/mcp.spec.ts',
  },
  {
    name: "each MCP client's configuration",
    pages: ['/docs/mcp/'],
    match:
      /^(\{\n {2}"(mcpServers|servers)": \{\n {4}"earshot": \{\n {6}"(?!command": "cmd")|\[mcp_servers\.earshot\]\n)/,
    test: 'tests/unit/mcp-configuration.test.ts',
  },
  {
    name: "each MCP client's add command",
    pages: ['/docs/mcp/'],
    match: /^(claude|codex|gemini) mcp add |^code --add-mcp /,
    test: 'tests/unit/mcp-install-links.test.ts',
  },
  {
    name: 'the local server on Windows, through cmd',
    pages: ['/docs/mcp/'],
    match: /"command": "cmd"/,
    test: 'tests/unit/mcp-configuration.test.ts',
    cannotRun: 'it needs Windows, whose npx is a batch file',
  },
  {
    name: "the local server's answer when the wait is too long",
    pages: ['/docs/mcp/'],
    match: /^error: rate limited by /,
    test: 'tests/unit/mcp-rate-limit.test.ts',
  },
  {
    name: 'a whole 429 of the API',
    pages: ['/docs/rate-limits/'],
    match: /^HTTP\/1\.1 429 Too Many Requests\n/,
    test: 'tests/e2e/api.spec.ts',
  },
  {
    name: "the MCP endpoint's 429 body",
    pages: ['/docs/rate-limits/'],
    match: /^\{"jsonrpc":"2\.0","id":1,"error":/,
    test: 'tests/unit/mcp-rate-limit.test.ts',
  },
  {
    name: "a release's line of the repository's record",
    pages: ['/docs/security/'],
    match: /^sha256sum \S+\.tgz\n# [0-9a-f]{64}$/,
    test: 'tests/e2e/releases-and-security.spec.ts',
  },
  {
    name: 'SHA256SUMS as served',
    pages: ['/docs/security/'],
    match: /^[0-9a-f]{64} {2}\S+/,
    test: 'tests/e2e/releases-and-security.spec.ts',
  },
];

export interface PageBlock {
  page: string;
  /** The block's text as its copy button copies it. */
  code: string;
}

/** The code blocks of a built page, as their copy buttons copy them (Expressive Code's `data-code`, lines joined by U+007F). */
export function readPageBlocks(html: string, page: string): PageBlock[] {
  return [...walkElements(parseHtml(html))]
    .map((element) => attribute(element, 'data-code'))
    .filter((code): code is string => code !== undefined)
    .map((code) => ({ page, code: code.replace(/\u007f/g, '\n') }));
}

/** The blocks of one page of a build folder. */
export function readBuiltPageBlocks(dir: string, page: string): PageBlock[] {
  return readPageBlocks(readFileSync(join(dir, page, 'index.html'), 'utf8'), page);
}

/** The entries that claim a block: exactly one, or the block is unregistered (none) or ambiguous. */
export function claimantsOf(block: PageBlock): RegisteredBlock[] {
  return codeBlockRegister.filter((entry) => entry.pages.includes(block.page) && entry.match.test(block.code));
}
