import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pageText } from '../../tooling/docs-lint/collect-docs-text.ts';
import { testSite } from '../support/test-build.ts';

/**
 * The register of what the docs state that the build cannot derive. Each sentence is held either
 * to the source that makes it true (`trueWhen`), or to the test that proves it against the running
 * product (`provenBy`: the test file and the title of its test). The sentence must still be on the
 * built page, and the test must still exist under that title: removing either fails here.
 * A sentence whose fact comes from its home (a number, a list, a name rendered from data/,
 * contract/ or netlify.toml) is not listed: the build renders it.
 */
const { dir } = testSite();
const page = (path: string) => pageText(readFileSync(join(dir, path, 'index.html'), 'utf8')).replace(/\s+/g, ' ');

const statements: [string, { page: string; says: string; trueWhen: () => boolean }][] = [
  [
    'the security policy: the answer time of SECURITY.md',
    {
      page: 'docs/security',
      says: 'We answer within three working days',
      trueWhen: () =>
        readFileSync('SECURITY.md', 'utf8').replace(/\s+/g, ' ').includes('We answer within three working days'),
    },
  ],
];

/** Sentences a test proves against the product: the page says it, and the test still exists. */
const proven: { page: string; says: string; provenBy: [file: string, title: string] }[] = [
  {
    page: 'docs/rate-limits',
    says: "Each error's body is an Error as JSON, except an answer to HEAD, which has none.",
    provenBy: ['tests/e2e/edge.spec.ts', 'answers 404 with the JSON Error body'],
  },
  {
    page: 'docs/rate-limits',
    says: 'except an answer to HEAD, which has none',
    provenBy: [
      'tests/e2e/edge.spec.ts',
      "HEAD on an unknown API path answers the GET's status and headers, and no body",
    ],
  },
  {
    page: 'docs/rate-limits',
    says: 'OPTIONS gets 204 No Content',
    provenBy: ['tests/e2e/edge.spec.ts', 'every public JSON resource answers a CORS preflight 204'],
  },
  {
    page: 'docs/rate-limits',
    says: 'across every public JSON resource. Over it, a preflight still gets 204.',
    provenBy: [
      'tests/e2e/api-errors.spec.ts',
      'the other methods share one limit across every public JSON resource, counted apart from GET and HEAD',
    ],
  },
  {
    page: 'docs/rate-limits',
    says: 'DELETE share one more limit of',
    provenBy: ['tests/e2e/api-errors.spec.ts', 'over it, a preflight still gets 204 with CORS'],
  },
  {
    page: 'docs/rate-limits',
    says: 'Answers to GET or HEAD under /api/, and to those methods, state the limit in RateLimit-Policy',
    provenBy: ['tests/e2e/api-errors.spec.ts', 'RateLimit-Policy is on exactly the answers the docs name'],
  },
  {
    page: 'docs/rate-limits',
    says: "TRACE, PROPFIND and other methods no function can take get the CDN's own answer, not JSON.",
    provenBy: [
      'tests/e2e/api-errors.spec.ts',
      "TRACE and PROPFIND, which no Netlify function can take, get the CDN's own answer",
    ],
  },
  {
    page: 'docs/rate-limits',
    says: 'Read a body as an Error only when its Content-Type is application/json.',
    provenBy: [
      'tests/e2e/api-errors.spec.ts',
      '/API/v1/platforms, /api/ in another case, answers 404 with the JSON Error body',
    ],
  },
  {
    page: 'docs/rate-limits',
    says: 'prints an error only when the last try fails',
    provenBy: [
      'tests/e2e/code-samples.spec.ts',
      'the curl back-off sample prints an error only when the last try fails',
    ],
  },
  {
    page: 'docs/cli',
    says: 'so --json output pipes into jq.',
    provenBy: ['tests/e2e/code-samples.spec.ts', 'every block the register runs, as printed'],
  },
  {
    page: 'docs/cli',
    says: 'The client honours HTTPS_PROXY, HTTP_PROXY and NO_PROXY',
    provenBy: ['tests/e2e/cli-real-world.spec.ts', 'HTTPS_PROXY: an https:// URL is tunnelled through the proxy'],
  },
  {
    page: 'docs/cli',
    says: 'EARSHOT_DEBUG=1 prints every schema problem.',
    provenBy: ['tests/unit/cli-failures.test.ts', 'with EARSHOT_DEBUG=1, adds debug lines after the error'],
  },
  {
    page: 'docs/mcp',
    says: 'Every tool is read-only and takes no arguments.',
    provenBy: ['tests/unit/mcp-server.test.ts', 'no arguments, read-only'],
  },
  {
    page: 'docs/mcp',
    says: 'A call with arguments gets an error result naming them.',
    provenBy: ['tests/unit/mcp-server.test.ts', 'an argument the tool does not take: an error result naming it'],
  },
  {
    page: 'docs/mcp',
    says: 'and sets no cookie.',
    provenBy: ['tests/e2e/no-cookies.spec.ts', 'no response of the public surface sets a cookie'],
  },
  {
    page: 'docs/mcp',
    says: 'The server runs until the MCP client closes its standard input.',
    provenBy: ['tests/e2e/mcp.spec.ts', 'ends with exit code 0 and prints nothing when the client closes stdin'],
  },
  {
    page: 'docs/security',
    says: 'Every released version of the client stays at its URL for good, byte for byte.',
    provenBy: ['tests/e2e/releases-and-security.spec.ts', 'every recorded release is served at its URL, byte for byte'],
  },
  {
    page: 'docs/versioning',
    says: 'The official client checks every answer against them (exit code 5 when one fails).',
    provenBy: ['tests/unit/cli-tolerant-reader.test.ts', 'the tolerant variant keeps required properties'],
  },
  {
    page: 'docs/changelog',
    says: 'A breaking change is announced first, at least',
    provenBy: ['tests/unit/change-notice.test.ts', "the changelog's own past keeps the notice rule"],
  },
  {
    page: 'docs/cli',
    says: 'Printed without --json, or with --client or --transport, a configuration that holds control characters is refused rather than printed.',
    provenBy: ['tests/unit/cli-hostile-server.test.ts', 'refuses a configuration that hides part of its command'],
  },
  {
    page: 'docs/cli',
    says: 'and a remote endpoint or MCP Bundle off the site or whose link names a user.',
    provenBy: [
      'tests/unit/cli-site-links.test.ts',
      'whatever endpoint is served, it is printed only when it is on the site and names no user',
    ],
  },
  {
    page: 'docs/cli',
    says: '--json alone prints the configuration as served, refusing nothing.',
    provenBy: [
      'tests/unit/cli-hostile-server.test.ts',
      'mcp config --json alone prints such a configuration as served, exit 0',
    ],
  },
  {
    page: 'docs/cli',
    says: 'the examples read production otherwise.',
    provenBy: [
      'tests/e2e/code-samples.spec.ts',
      'the CLI page of a site other than production names it for the examples',
    ],
  },
  {
    page: 'docs/cli',
    says: 'As --max-wait: the longest wait for the rate limit, 0 to 3600 seconds.',
    provenBy: ['tests/unit/library-options.test.ts', 'rejects at once, naming maxWaitSeconds'],
  },
  {
    page: 'docs/cli',
    says: 'A cancelled call rejects with an EarshotError of kind aborted.',
    provenBy: ['tests/unit/library-options.test.ts', 'kind aborted, its cause the AbortError'],
  },
  {
    page: 'docs/security',
    says: 'Their SHA-256 digests, as SHA256SUMS lists them',
    provenBy: [
      'tests/e2e/releases-and-security.spec.ts',
      'the security page shows SHA256SUMS as served, line for line and in its order',
    ],
  },
  {
    page: 'docs/versioning',
    says: 'shows how to generate the TypeScript clients above and call each GET endpoint with them.',
    provenBy: [
      'tests/e2e/generated-clients.spec.ts',
      'generated as shown, type-checked under strict, reads both endpoints',
    ],
  },
  {
    page: 'docs/versioning',
    says: 'the official client still shows another name as it comes.',
    provenBy: ['tests/unit/cli-tolerant-reader.test.ts', 'another product name'],
  },
  {
    page: 'docs/changelog',
    says: 'An entry published without notice says so, and why.',
    provenBy: [
      'tests/unit/published-contract.test.ts',
      '--record --emergency publishes at once and the changelog says so, with the reason',
    ],
  },
  {
    page: 'docs/mcp',
    says: "This site is not public: Claude reaches a custom connector from Anthropic's servers",
    provenBy: ['tests/unit/mcp-configuration.test.ts', "Claude Desktop's connector step on"],
  },
];

describe('what the docs state that a test proves against the product', () => {
  for (const {
    page: path,
    says,
    provenBy: [file, title],
  } of proven)
    it(`/${path}/: ${says}`, () => {
      assert.ok(page(path).replace(/[’]/g, "'").includes(says), `/${path}/ no longer says: ${says}`);
      assert.ok(
        existsSync(file) && readFileSync(file, 'utf8').replace(/\\'/g, "'").includes(title),
        `${file} has no test "${title}" any more: prove "${says}" again, or take it off /${path}/`,
      );
    });
});

describe('what the docs state that only its source can confirm', () => {
  for (const [name, { page: path, says, trueWhen }] of statements)
    it(name, () => {
      assert.ok(page(path).replace(/[’]/g, "'").includes(says), `/${path}/ no longer says: ${says}`);
      assert.ok(trueWhen(), `/${path}/ says "${says}", which its source no longer makes true`);
    });
});
