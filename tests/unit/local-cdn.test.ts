import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { edgeSelects } from '../../tooling/local-cdn/edge-functions.ts';
import { fillTarget, matchPattern, matchRedirectFrom } from '../../tooling/local-cdn/path-patterns.ts';
import { decodePath, ruleHeaders } from '../../tooling/local-cdn/request-chain.ts';
import { parseHeadersFile, parseRedirectsFile } from '../../tooling/local-cdn/site-rules.ts';
import { SlidingWindows } from '../../tooling/local-cdn/sliding-window.ts';
import { config as markdownConfig } from '../../netlify/edge-functions/markdown-negotiation.ts';

/**
 * The local CDN's readings of Netlify's rules, case by case; the server itself is judged by the
 * browser and HTTP tests, which ask it as a user would (tests/e2e/edge.spec.ts, hostile-edge.spec.ts).
 */
describe('the local CDN: path patterns', () => {
  const cases: { pattern: string; path: string; want: Record<string, string> | undefined }[] = [
    { pattern: '/api/v1/platforms', path: '/api/v1/platforms', want: {} },
    { pattern: '/api/v1/platforms', path: '/api/v1/platforms/extra', want: undefined },
    { pattern: '/api/*', path: '/api/v2/x', want: { splat: 'v2/x' } },
    { pattern: '/api/*', path: '/api/', want: { splat: '' } },
    { pattern: '/api/*', path: '/api', want: { splat: '' } },
    { pattern: '/api/*', path: '/apis', want: undefined },
    { pattern: '/*', path: '/', want: { splat: '' } },
    { pattern: '/blog/:year/:slug', path: '/blog/2026/hello', want: { year: '2026', slug: 'hello' } },
    { pattern: '/blog/:year/:slug', path: '/blog/2026/', want: undefined },
  ];
  for (const { pattern, path, want } of cases)
    it(`${pattern} ${want ? 'matches' : 'does not match'} ${path}`, () => {
      assert.deepEqual(matchPattern(pattern, path)?.params, want);
    });

  it('a redirect rule ignores a trailing slash on either side, as Netlify does', () => {
    assert.ok(matchRedirectFrom('/mcp', '/mcp/'));
    assert.ok(matchRedirectFrom('/docs/', '/docs'));
    assert.equal(matchRedirectFrom('/mcp', '/mcp/x'), undefined);
  });

  it("a target names the match's splat and placeholders", () => {
    const match = matchPattern('/old/:id/*', '/old/7/a/b')!;
    assert.equal(fillTarget('/new/:id/:splat', match), '/new/7/a/b');
    assert.equal(fillTarget('https://example.com:8443/:splat', match), 'https://example.com:8443/a/b');
  });

  it('a path with a malformed escape is matched as it came', () => {
    assert.equal(decodePath('/%'), '/%');
    assert.equal(decodePath('/docs/caf%C3%A9/'), '/docs/café/');
  });
});

describe('the local CDN: _redirects and _headers', () => {
  it('reads _redirects lines: from, to, status, "!" to force, comments skipped', () => {
    const rules = parseRedirectsFile('# moved\n/old /new 301\n/api/* /api/errors/404.json 404!\n\n/x /y\n');
    assert.deepEqual(
      rules.map(({ from, to, status, force, source }) => ({ from, to, status, force, source })),
      [
        { from: '/old', to: '/new', status: 301, force: false, source: '_redirects:2' },
        { from: '/api/*', to: '/api/errors/404.json', status: 404, force: true, source: '_redirects:3' },
        { from: '/x', to: '/y', status: 301, force: false, source: '_redirects:5' },
      ],
    );
  });

  it('refuses a _redirects line it cannot read, naming the line', () => {
    assert.throws(() => parseRedirectsFile('/a /b three-oh-one\n'), /_redirects:1: the status must be a number/);
    assert.throws(() => parseRedirectsFile('a\n'), /_redirects:1: expected "from to \[status\]"/);
  });

  it('reads _headers blocks: a path, then its indented headers', () => {
    assert.deepEqual(
      parseHeadersFile('# comment\n/\n  Link: </index.md>; rel="alternate"\n  Vary: Accept\n/docs/*\n  X-A: 1\n'),
      [
        {
          for: '/',
          values: [
            ['Link', '</index.md>; rel="alternate"'],
            ['Vary', 'Accept'],
          ],
        },
        { for: '/docs/*', values: [['X-A', '1']] },
      ],
    );
    assert.throws(
      () => parseHeadersFile('  Vary: Accept\n'),
      /_headers:1: expected an indented "Name: value" under a path/,
    );
  });

  it('gives a path every matching rule, and joins a header that two rules set, as Netlify does', () => {
    const headers = ruleHeaders(
      [
        { for: '/*', values: [['Vary', 'Origin']] },
        {
          for: '/docs/*',
          values: [
            ['Vary', 'Accept'],
            ['X-Docs', 'yes'],
          ],
        },
        { for: '/api/*', values: [['X-Api', 'yes']] },
      ],
      '/docs/cli/',
    );
    assert.deepEqual(headers, { vary: 'Origin, Accept', 'x-docs': 'yes' });
  });
});

describe('the local CDN: rate limits', () => {
  const limit = { windowLimit: 3, windowSize: 60, aggregateBy: ['ip', 'domain'] };
  const client = { ip: '192.0.2.1', domain: 'earshot.dev' };

  it('admits windowLimit requests per window, then refuses until the earliest leaves it (a sliding window)', () => {
    let now = 0;
    const windows = new SlidingWindows(() => now);
    const at = (seconds: number) => ((now = seconds * 1000), windows.admit('rule', limit, client));
    assert.deepEqual([at(0), at(10), at(20), at(30), at(59.9)], [true, true, true, false, false]);
    // The request of second 0 leaves the window at second 60; refused ones were never counted.
    assert.deepEqual([at(60.1), at(61)], [true, false]);
  });

  it('counts each rule, each address and each domain apart', () => {
    const windows = new SlidingWindows(() => 0);
    for (let i = 0; i < 3; i += 1) assert.ok(windows.admit('rule', limit, client));
    assert.equal(windows.admit('rule', limit, client), false);
    assert.ok(windows.admit('another rule', limit, client));
    assert.ok(windows.admit('rule', limit, { ...client, ip: '192.0.2.2' }));
    assert.ok(windows.admit('rule', limit, { ...client, domain: 'deploy-preview-1--earshot.netlify.app' }));
    assert.equal(windows.admit('rule', limit, { ...client, domain: 'EARSHOT.dev' }), false);
  });
});

describe('the local CDN: which requests the Markdown edge function gets, by its own config', () => {
  const cases: { method: string; path: string; accept?: string; want: boolean }[] = [
    { method: 'GET', path: '/docs/cli/', accept: 'text/markdown', want: true },
    { method: 'HEAD', path: '/', accept: 'TEXT/Markdown', want: true },
    { method: 'GET', path: '/docs/cli/', accept: 'text/html', want: false },
    { method: 'GET', path: '/docs/cli/', want: false },
    { method: 'POST', path: '/docs/cli/', accept: 'text/markdown', want: false },
    { method: 'GET', path: '/api/v1/platforms', accept: 'text/markdown', want: false },
    { method: 'GET', path: '/docs/cli.md', accept: 'text/markdown', want: false },
    { method: 'GET', path: '/mcp', accept: 'text/markdown', want: false },
  ];
  for (const { method, path, accept, want } of cases)
    it(`${method} ${path} with Accept: ${accept ?? '(none)'}: ${want ? 'runs' : 'skips'} it`, () => {
      assert.equal(edgeSelects(markdownConfig, method, path, accept ? { accept } : {}), want);
    });
});
