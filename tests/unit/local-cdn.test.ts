import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { edgeSelects } from '../../tooling/local-cdn/edge-functions.ts';
import { functionByDefaultPath, functionByPath, type SiteFunction } from '../../tooling/local-cdn/functions.ts';
import { startLocalCdn } from '../../tooling/local-cdn/local-cdn.ts';
import { createRedirectMatcher } from '../../tooling/local-cdn/redirect-matcher.ts';
import { ruleHeaders } from '../../tooling/local-cdn/request-chain.ts';
import { readRequestPath } from '../../tooling/local-cdn/request-path.ts';
import { readSiteRules } from '../../tooling/local-cdn/site-rules.ts';
import { SlidingWindows } from '../../tooling/local-cdn/sliding-window.ts';
import { findFreePort } from '../../tooling/local-server.ts';
import { config as markdownConfig } from '../../netlify/edge-functions/markdown-negotiation.ts';

/**
 * The local CDN's own parts, case by case, over small sites written for each case: Netlify's
 * parsers and matcher read and match the rules (their behaviour is theirs; these cases pin what
 * this project relies on), and what is ours (the one request path, the rate-limit windows, the
 * refusal of rules it cannot serve) is judged here. The project's own site is judged by the HTTP
 * tests (tests/e2e/netlify-conformance.spec.ts, edge.spec.ts, hostile-edge.spec.ts).
 */
const folders: string[] = [];
after(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A site of its own: `netlify.toml` (publish and functions folders filled in), `_redirects`, `_headers` and files. */
function writeSite(toml: string, files: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'earshot-local-cdn-'));
  folders.push(root);
  const publish = join(root, 'dist');
  mkdirSync(join(root, 'functions'), { recursive: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(publish, path, '..'), { recursive: true });
    writeFileSync(join(publish, path), text);
  }
  mkdirSync(publish, { recursive: true });
  const setup = `[build]\n  publish = "${publish}"\n  edge_functions = "${join(root, 'none')}"\n[functions]\n  directory = "${join(root, 'functions')}"\n`;
  writeFileSync(join(root, 'netlify.toml'), `${setup}${toml}`);
  return join(root, 'netlify.toml');
}

describe('the local CDN: redirect rules, matched by netlify-redirector', () => {
  const toml = `
[[redirects]]
  from = "/old/:id/*"
  to = "/new/:id/:splat"
  status = 301
[[redirects]]
  from = "/search"
  to = "/find/:term"
  query = { q = ":term" }
  status = 302
[[redirects]]
  from = "/api/*"
  to = "/api/errors/404.json"
  status = 404
  force = true
[[redirects]]
  from = "/mcp"
  to = "/.netlify/functions/mcp"
  status = 200
  force = true
`;
  const cases: { path: string; query?: string; want: string | undefined }[] = [
    { path: '/old/7/a/b', want: '301 /new/7/a/b' },
    { path: '/search', query: 'q=earshot', want: '302 /find/earshot' },
    { path: '/search', want: undefined },
    { path: '/api/v2/x', want: '404 /api/errors/404.json' },
    { path: '/api', want: '404 /api/errors/404.json' },
    { path: '/mcp/', want: '200 /.netlify/functions/mcp' },
    { path: '/mcp/x', want: undefined },
    // Netlify ignores a rewrite from and to the same location: the catch-all passes over its own target.
    { path: '/api/errors/404.json', want: undefined },
  ];
  for (const { path, query, want } of cases)
    it(`${path}${query ? `?${query}` : ''}: ${want ?? 'no rule'}`, async () => {
      const { redirects } = await readSiteRules(writeSite(toml));
      const match = (await createRedirectMatcher(redirects))(path, query ?? '');
      assert.equal(match && `${match.status} ${match.to}`, want);
    });

  it('reads _redirects before netlify.toml, and names each rule by its source', async () => {
    const { redirects } = await readSiteRules(writeSite(toml, { _redirects: '# moved\n/x /y 302\n' }));
    assert.deepEqual(
      redirects.slice(0, 2).map(({ source, parsed }) => `${source}: ${parsed.from}`),
      ['_redirects rule #1: /x', 'netlify.toml [[redirects]] #1: /old/:id/*'],
    );
  });
});

describe('the local CDN: a rule it cannot serve stops the start, in one line naming the rule', () => {
  const rule = (extra: string) => `[[redirects]]\n  from = "/a"\n  to = "/b"\n  status = 200\n${extra}`;
  const cases: { name: string; toml: string; want: string }[] = [
    {
      name: 'a condition',
      toml: rule('  conditions = { Country = ["fr"] }\n'),
      want: 'netlify.toml [[redirects]] #1 (from = "/a") uses a condition (country, language, role or cookie), which the local server does not implement',
    },
    {
      name: 'signed',
      toml: rule('  signed = "SECRET"\n'),
      want: 'netlify.toml [[redirects]] #1 (from = "/a") uses `signed`, which the local server does not implement',
    },
    {
      name: 'headers',
      toml: rule('  headers = { X-From = "earshot" }\n'),
      want: 'netlify.toml [[redirects]] #1 (from = "/a") uses `headers` (sent to a proxied site), which the local server does not implement',
    },
    {
      name: 'a proxy',
      toml: '[[redirects]]\n  from = "/a"\n  to = "https://example.com/a"\n  status = 200\n',
      want: 'netlify.toml [[redirects]] #1 (from = "/a") uses a proxy to another site, which the local server does not implement',
    },
    {
      name: 'a `from` on another domain',
      toml: '[[redirects]]\n  from = "https://old.example/*"\n  to = "/:splat"\n  status = 301\n',
      want: 'netlify.toml [[redirects]] #1 (from = "https://old.example/*") uses a `from` on another domain, which the local server does not implement',
    },
    {
      name: 'an unknown aggregate_by',
      toml: rule('  [redirects.rate_limit]\n    window_limit = 1\n    window_size = 1\n    aggregate_by = ["host"]\n'),
      want: 'netlify.toml [[redirects]] #1 (from = "/a"): rate_limit.aggregate_by must list "ip" and/or "domain" (got ["host"])',
    },
  ];
  for (const { name, toml, want } of cases)
    it(name, async () => {
      const configPath = writeSite(toml);
      await assert.rejects(startLocalCdn({ port: await findFreePort(), configPath }), (error: Error) => {
        assert.equal(error.message, want);
        assert.equal(error.constructor.name, 'StartError');
        return true;
      });
    });

  it("a rule Netlify's parser refuses: its message, on one line", async () => {
    const configPath = writeSite('[[redirects]]\n  from = "/.netlify/x"\n  to = "/b"\n');
    await assert.rejects(startLocalCdn({ port: await findFreePort(), configPath }), (error: Error) => {
      assert.match(
        error.message,
        /^Could not parse redirect number 1: .*"path" field must not start with "\/\.netlify"$/,
      );
      return true;
    });
  });
});

describe('the local CDN: header rules, matched by the headers parser', () => {
  it('gives a path every matching rule (case-insensitive, an optional trailing slash), and joins a header two rules set', async () => {
    const { headers } = await readSiteRules(
      writeSite(
        '[[headers]]\n  for = "/*"\n  [headers.values]\n    Vary = "Origin"\n' +
          '[[headers]]\n  for = "/docs/cli"\n  [headers.values]\n    Vary = "Accept"\n',
        { _headers: '/api/*\n  X-Api: yes\n' },
      ),
    );
    assert.deepEqual(ruleHeaders(headers, '/Docs/CLI/'), { vary: 'Origin, Accept' });
    assert.deepEqual(ruleHeaders(headers, '/api/v1/x'), { 'x-api': 'yes', vary: 'Origin' });
    assert.deepEqual(ruleHeaders(headers, '/docs/cli/x'), { vary: 'Origin' });
  });
});

describe('the local CDN: one request path for every rule and file', () => {
  const cases: [given: string, path: string][] = [
    ['//api/v1/platforms.json', '/api/v1/platforms.json'],
    ['/./api/v1/platforms.json', '/api/v1/platforms.json'],
    ['/%2e/api/v1/platforms.json', '/api/v1/platforms.json'],
    ['/docs/%2e%2e/api/v1/platforms.json', '/api/v1/platforms.json'],
    ['/\\\\elsewhere/x', '/elsewhere/x'],
    ['/docs/caf%C3%A9/', '/docs/café/'],
    ['/%', '/%'],
    // An encoded slash is decoded after normalising: no file is served for what it spells (static-files.ts).
    ['/docs%2F..%2Fapi%2Fv1%2Fplatforms.json', '/docs/../api/v1/platforms.json'],
  ];
  for (const [given, path] of cases)
    it(`${given} is ${path}`, () => assert.equal(readRequestPath(`${given}?q=1`).path, path));

  it('serves no file for a path whose dot segments the rules saw as they were', async () => {
    const configPath = writeSite('', { 'api/v1/platforms.json': '[]', 'docs/index.html': 'docs' });
    const cdn = await startLocalCdn({ port: await findFreePort(), configPath });
    try {
      const statuses = [];
      for (const path of [
        '/api/v1/platforms.json',
        '/docs%2F..%2Fapi%2Fv1%2Fplatforms.json',
        '//api/v1/platforms.json',
      ])
        statuses.push((await fetch(`${cdn.url}${path}`)).status);
      assert.deepEqual(statuses, [200, 404, 200]);
    } finally {
      await cdn.stop();
    }
  });
});

describe('the local CDN: one path for functions, redirect rules and header rules', () => {
  it('a function, a redirect rule and a header rule each meet the decoded path, with its own case rule', async () => {
    const configPath = writeSite(
      '[[redirects]]\n  from = "/api/*"\n  to = "/api/errors/404.json"\n  status = 404\n  force = true\n' +
        '[[headers]]\n  for = "/api/*"\n  [headers.values]\n    X-Rule = "api"\n',
      { 'api/errors/404.json': '{"error":"not found"}', '404.html': '<p>not found</p>' },
    );
    writeFileSync(
      join(configPath, '..', 'functions', 'other-methods.mjs'),
      "export const config = { path: '/api/*', method: ['POST', 'OPTIONS'] };\n" +
        "export default (request) => new Response(new URL(request.url).pathname, { status: 405, headers: { 'x-fn': 'other-methods' } });\n",
    );
    const cdn = await startLocalCdn({ port: await findFreePort(), configPath });
    try {
      const answers = [];
      for (const [method, path] of [
        ['POST', '/%61pi/v1/platforms'],
        ['OPTIONS', '/%61pi/v1/platforms'],
        ['POST', '/API/v1/platforms'],
        ['GET', '/%61pi/v1/x'],
        ['GET', '/API/v1/x'],
      ] as const) {
        const answer = await fetch(`${cdn.url}${path}`, { method });
        await answer.arrayBuffer();
        answers.push(
          `${method} ${path}: ${answer.status} ${answer.headers.get('x-fn') ?? answer.headers.get('x-rule')}`,
        );
      }
      assert.deepEqual(answers, [
        'POST /%61pi/v1/platforms: 405 other-methods',
        'OPTIONS /%61pi/v1/platforms: 405 other-methods',
        'POST /API/v1/platforms: 405 other-methods',
        // The redirect rule, decoded; the header rule too.
        'GET /%61pi/v1/x: 404 api',
        // Redirect rules are case-sensitive: no rule, the 404 page; header rules are not.
        'GET /API/v1/x: 404 api',
      ]);
    } finally {
      await cdn.stop();
    }
  });
});

describe('the local CDN: a method a Request cannot carry', () => {
  it("TRACE to a function gets the CDN's own 405 in plain text, and the function never runs", async () => {
    const configPath = writeSite(
      '[[redirects]]\n  from = "/mcp"\n  to = "/.netlify/functions/mcp"\n  status = 200\n  force = true\n',
      {},
    );
    writeFileSync(
      join(configPath, '..', 'functions', 'mcp.mjs'),
      "export default () => new Response('ran', { headers: { 'x-fn': 'mcp' } });\n",
    );
    const cdn = await startLocalCdn({ port: await findFreePort(), configPath });
    try {
      const answer = await new Promise<{
        status: number | undefined;
        type: string | undefined;
        fn: string | string[] | undefined;
      }>((done, fail) =>
        request(`${cdn.url}/mcp`, { method: 'TRACE' }, (response) => {
          response.resume();
          response.on('end', () =>
            done({ status: response.statusCode, type: response.headers['content-type'], fn: response.headers['x-fn'] }),
          );
        })
          .on('error', fail)
          .end(),
      );
      assert.deepEqual(answer, { status: 405, type: 'text/plain; charset=utf-8', fn: undefined });
    } finally {
      await cdn.stop();
    }
  });
});

describe('the local CDN: function paths as zip-it-and-ship-it routes them', () => {
  const fn = (name: string, config: SiteFunction['config']): SiteFunction => ({
    name,
    config,
    handler: () => new Response(),
  });
  const functions = [
    fn('icon', { path: '/icons/earshot.svg' }),
    fn('other', { path: ['/openapi.json'], method: ['OPTIONS'] }),
    fn('plain', {}),
  ];
  const cases: { method: string; path: string; want: string | undefined }[] = [
    { method: 'GET', path: '/icons/earshot.svg', want: 'icon' },
    { method: 'GET', path: '/icons/earshot.svg/', want: 'icon' },
    { method: 'OPTIONS', path: '/openapi.json/', want: 'other' },
    { method: 'GET', path: '/openapi.json/', want: undefined },
    { method: 'GET', path: '/icons/earshot.svg//', want: undefined },
    // netlify-cli's function router matches in lower case.
    { method: 'OPTIONS', path: '/OpenAPI.json', want: 'other' },
    { method: 'GET', path: '/ICONS/earshot.svg', want: 'icon' },
  ];
  for (const { method, path, want } of cases)
    it(`${method} ${path}: ${want ?? 'none'}`, () => assert.equal(functionByPath(functions, method, path)?.name, want));

  it('/.netlify/functions/<name> and any path under it run a function without a path of its own', () => {
    for (const path of ['/.netlify/functions/plain', '/.netlify/functions/plain/', '/.netlify/functions/plain/sub/x'])
      assert.equal(functionByDefaultPath(functions, path)?.name, 'plain', path);
    assert.equal(functionByDefaultPath(functions, '/.netlify/functions/icon'), undefined);
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

  it('holds a window only while a request is inside it: 100,000 clients, then none once their windows end', () => {
    let now = 0;
    const windows = new SlidingWindows(() => now);
    for (let i = 0; i < 100_000; i += 1)
      windows.admit('rule', limit, { ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, domain: 'earshot.dev' });
    assert.equal(windows.size, 100_000);
    now = 60_001;
    windows.admit('rule', limit, client);
    assert.equal(windows.size, 1);
  });

  it('a client that varies the Host header is still one client of the site', async () => {
    const configPath = writeSite(
      '[[redirects]]\n  from = "/limited"\n  to = "/data.json"\n  status = 200\n  force = true\n' +
        '  [redirects.rate_limit]\n    window_limit = 2\n    window_size = 60\n    aggregate_by = ["ip", "domain"]\n',
      { 'data.json': '{}' },
    );
    const cdn = await startLocalCdn({ port: await findFreePort(), configPath });
    try {
      const statuses = [];
      for (const host of ['a.example', 'b.example', 'c.example', 'localhost'])
        statuses.push(await statusWithHost(cdn.url, '/limited', host));
      assert.deepEqual(statuses, [200, 200, 429, 429]);
    } finally {
      await cdn.stop();
    }
  });

  it("the inner listener counts a local process that names another client's address by its own address", async () => {
    const configPath = writeSite(
      '[[redirects]]\n  from = "/limited"\n  to = "/data.json"\n  status = 200\n  force = true\n' +
        '  [redirects.rate_limit]\n    window_limit = 2\n    window_size = 60\n    aggregate_by = ["ip", "domain"]\n',
      { 'data.json': '{}' },
    );
    const cdn = await startLocalCdn({ port: await findFreePort(), configPath });
    try {
      const statuses = [];
      for (const [ip, secret] of [
        ['192.0.2.1', undefined],
        ['192.0.2.2', 'guessed'],
        ['192.0.2.3', undefined],
      ] as const)
        statuses.push(
          (
            await fetch(`${cdn.originUrl}/limited`, {
              headers: { 'x-local-cdn-client-ip': ip, ...(secret && { 'x-local-cdn-secret': secret }) },
            })
          ).status,
        );
      assert.deepEqual(statuses, [200, 200, 429]);
    } finally {
      await cdn.stop();
    }
  });
});

/** A GET with this Host header (fetch cannot set one). */
async function statusWithHost(base: string, path: string, host: string): Promise<number> {
  const url = new URL(path, base);
  return new Promise((answered, failed) => {
    request({ hostname: '127.0.0.1', port: url.port, path, headers: { host } }, (response) => {
      response.resume();
      answered(response.statusCode!);
    })
      .on('error', failed)
      .end();
  });
}

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
