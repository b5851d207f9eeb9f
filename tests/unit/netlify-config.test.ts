import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parse as parseToml } from 'smol-toml';
import { endpointFile, endpoints, OPENAPI_PATH } from '../../contract/endpoints.ts';
import { loadSiteDataOrThrow } from '../../site/lib/data/load-site-data.ts';
import { parseContentSecurityPolicy } from '../../site/lib/edge/content-security-policy.ts';
import {
  findRedirectRule,
  matchesNetlifyPath,
  readNetlifyConfig,
  resolveHeaders,
} from '../../site/lib/edge/netlify-config.ts';
import { readMcpRateLimit, readRateLimit } from '../../contract/rate-limit.ts';
import { API_LINK_HEADER, CORS_RESPONSE_HEADERS } from '../../site/lib/edge/api-headers.ts';
import { parseRateLimitItem, RATE_LIMIT_POLICY_NAME } from '../../contract/rate-limit-fields.ts';
import { API_CATALOG_PATH } from '../../site/lib/discovery/build-api-catalog.ts';
import { CHANGELOG_FEED_PATH, CHANGELOG_FEED_TYPE } from '../../site/lib/changelog/build-changelog-feed.ts';
import { publishedSchemas } from '../../site/lib/discovery/published-schemas.ts';
import { MCP_SERVER_CARD_JSON_PATH, MCP_SERVER_CARD_PATH } from '../../site/lib/mcp/build-mcp-server-card.ts';
import { AGENT_SKILLS_INDEX_PATH, agentSkillFilePath } from '../../site/lib/discovery/build-agent-skills-index.ts';
import { EARSHOT_SKILL_NAME } from '../../site/lib/discovery/build-skill-md.ts';
import { createRedirectMatcher } from '../../tooling/local-cdn/redirect-matcher.ts';
import { ruleHeaders } from '../../tooling/local-cdn/request-chain.ts';
import { readSiteRules } from '../../tooling/local-cdn/site-rules.ts';

const config = readNetlifyConfig();
const { product } = loadSiteDataOrThrow({ dataDir: 'data' });
const TOO_MANY_REQUESTS_PATH = '/.netlify/functions/too-many-requests';

describe('netlify.toml: the build', () => {
  it('builds with the npm script that runs tooling/build.ts into dist/, on the Node major version package.json installs', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
      devDependencies: Record<string, string>;
      scripts: Record<string, string>;
    };
    const nodeRange = manifest.devDependencies.node;
    const script = /^npm run (\S+)$/.exec(config.build?.command ?? '')?.[1];
    assert.match(manifest.scripts[script ?? ''] ?? '', /^node tooling\/build\.ts$/, config.build?.command);
    assert.equal(config.build?.publish, 'dist');
    assert.equal(config.build?.environment?.NODE_VERSION, /\d+/.exec(nodeRange ?? '')?.[0]);
  });
});

describe('netlify.toml: rate limiting', () => {
  const rateLimit = readRateLimit();

  /** The `rate_limit` table of the rule for `from`, as netlify.toml spells it. */
  const rawRule = (from: string) => {
    const raw = parseToml(readFileSync('netlify.toml', 'utf8')) as {
      redirects: { from: string; rate_limit?: Record<string, unknown> }[];
    };
    const { window_limit, window_size, aggregate_by } = raw.redirects.find((rule) => rule.from === from)!.rate_limit!;
    return { windowLimit: window_limit, windowSize: window_size, aggregateBy: aggregate_by };
  };

  it("is read from the endpoints' rules of netlify.toml, per client IP and domain", () => {
    for (const route of endpoints) assert.deepEqual(rateLimit, rawRule(route.path), route.path);
    assert.deepEqual(rateLimit.aggregateBy, ['ip', 'domain']);
  });

  for (const route of endpoints) {
    it(`${route.path}: the first matching rule rewrites to ${endpointFile(route)} under the limit, and to the 429 function over it`, () => {
      const rule = findRedirectRule(config, route.path);
      const message = `netlify.toml needs a [[redirects]] rule of its own for the endpoint ${route.path} (${route.operation.id}), before the /api/* catch-all, like the other endpoints' (the first rule matching it is from ${JSON.stringify(rule?.from)})`;
      assert.deepEqual(
        rule,
        {
          from: route.path,
          to: endpointFile(route),
          status: 200,
          force: true,
          rate_limit: {
            action: 'rewrite',
            to: TOO_MANY_REQUESTS_PATH,
            window_limit: rateLimit.windowLimit,
            window_size: rateLimit.windowSize,
            aggregate_by: rateLimit.aggregateBy,
          },
        },
        message,
      );
    });
  }

  it('/mcp has a limit of its own, for connectors shared by many users: more requests per window, per client IP and domain', () => {
    const mcpRateLimit = readMcpRateLimit();
    assert.deepEqual(mcpRateLimit, rawRule('/mcp'));
    assert.ok(mcpRateLimit.windowLimit / mcpRateLimit.windowSize > rateLimit.windowLimit / rateLimit.windowSize);
    assert.deepEqual(mcpRateLimit.aggregateBy, ['ip', 'domain']);
  });

  it('/mcp: the first matching rule rewrites to the MCP endpoint function under the limit, and to the JSON-RPC 429 function over it', () => {
    const mcpRateLimit = readMcpRateLimit();
    assert.deepEqual(findRedirectRule(config, '/mcp'), {
      from: '/mcp',
      to: '/.netlify/functions/mcp',
      status: 200,
      force: true,
      rate_limit: {
        action: 'rewrite',
        to: '/.netlify/functions/mcp-too-many-requests',
        window_limit: mcpRateLimit.windowLimit,
        window_size: mcpRateLimit.windowSize,
        aggregate_by: mcpRateLimit.aggregateBy,
      },
    });
    assert.ok(existsSync(`${config.functions?.directory}/mcp.ts`), `${config.functions?.directory}/mcp.ts is missing`);
  });

  it('rewrites to a function that exists, outside /api/ so that no /api/ rule can catch the rewrite', () => {
    const name = TOO_MANY_REQUESTS_PATH.split('/').at(-1);
    assert.ok(
      existsSync(`${config.functions?.directory}/${name}.ts`),
      `${config.functions?.directory}/${name}.ts is missing`,
    );
    assert.equal(findRedirectRule(config, TOO_MANY_REQUESTS_PATH), undefined);
  });

  it('limits every rule that serves API data: nothing else rewrites onto the files the API is built from', () => {
    const apiFiles = new Set<string>(endpoints.map((route) => endpointFile(route)));
    const servingApiData = (config.redirects ?? []).filter((rule) => apiFiles.has(rule.to));
    assert.equal(servingApiData.length, endpoints.length);
    for (const rule of servingApiData) assert.ok(rule.rate_limit, `${rule.from} → ${rule.to} has no rate_limit`);
  });
});

describe('netlify.toml: JSON 404 under /api/', () => {
  const unknownPaths = [
    '/api',
    '/api/',
    '/api/v1',
    '/api/v2/platforms',
    '/api/v1/platform',
    '/api/errors/429.json',
    '/api/errors/not-found.json',
    ...endpoints.map((route) => endpointFile(route)),
  ];
  for (const path of unknownPaths) {
    it(`${path} falls through to the 404 catch-all, forced over any file the build wrote there`, () => {
      assert.deepEqual(findRedirectRule(config, path), {
        from: '/api/*',
        to: '/api/errors/404.json',
        status: 404,
        force: true,
      });
    });
  }

  it('/api/errors/404.json itself answers 404 from the copy of the body, since a rule to itself would be ignored', () => {
    const rule = findRedirectRule(config, '/api/errors/404.json')!;
    assert.deepEqual(rule, {
      from: '/api/errors/404.json',
      to: '/api/errors/not-found.json',
      status: 404,
      force: true,
    });
    // The copy's own path goes back to the first body: no rule has the same from and to.
    assert.equal(findRedirectRule(config, rule.to)!.to, '/api/errors/404.json');
    for (const { from, to } of config.redirects ?? []) assert.notEqual(from, to);
  });

  it('is the last rule under /api/, so that it cannot shadow a route (first match wins)', () => {
    const rules = config.redirects ?? [];
    const catchAll = rules.findIndex((rule) => rule.from === '/api/*');
    const apiRules = rules.flatMap((rule, index) => (rule.from.startsWith('/api/') ? [index] : []));
    assert.equal(catchAll, Math.max(...apiRules));
  });

  it('leaves the rest of the site to the HTML 404 page', () => {
    for (const path of ['/', '/docs/', '/docs/nope/', '/apinope', OPENAPI_PATH])
      assert.equal(findRedirectRule(config, path), undefined, path);
  });
});

describe('netlify.toml: headers', () => {
  const schemaPaths = publishedSchemas('https://earshot.dev').map(({ path }) => path);
  const publicJson = [
    OPENAPI_PATH,
    product.resources.mcp,
    API_CATALOG_PATH,
    MCP_SERVER_CARD_PATH,
    MCP_SERVER_CARD_JSON_PATH,
    AGENT_SKILLS_INDEX_PATH,
    agentSkillFilePath(EARSHOT_SKILL_NAME, 'SKILL.md'),
    ...schemaPaths,
    '/api/nope',
    ...endpoints.map((route) => route.path),
    CHANGELOG_FEED_PATH,
  ];
  const pages = [
    '/',
    '/docs/',
    '/docs/api/operations/listserviceplatforms/',
    '/404.html',
    '/_astro/page.B1a2c3.js',
    ...publicJson,
  ];

  for (const path of publicJson) {
    it(`${path}: CORS for any origin with the exposed headers the functions send, linked to the API catalog, cached briefly`, () => {
      const headers = resolveHeaders(config, path);
      assert.equal(headers['access-control-allow-origin'], CORS_RESPONSE_HEADERS['Access-Control-Allow-Origin']);
      assert.equal(headers['access-control-expose-headers'], CORS_RESPONSE_HEADERS['Access-Control-Expose-Headers']);
      assert.match(
        headers['access-control-expose-headers'] ?? '',
        /^ETag, Link, Retry-After, RateLimit, RateLimit-Policy, Deprecation, Sunset$/,
      );
      assert.match(headers.link ?? '', new RegExp(`<${API_CATALOG_PATH}>; rel="api-catalog"`));
      assert.equal(headers['cache-control'], 'public, max-age=60, must-revalidate');
    });
  }

  it('/.well-known/api-catalog links to itself with rel="api-catalog" (RFC 9727, section 2)', () => {
    assert.equal(resolveHeaders(config, API_CATALOG_PATH).link, `<${API_CATALOG_PATH}>; rel="api-catalog"`);
  });

  it(`${CHANGELOG_FEED_PATH}: served as ${CHANGELOG_FEED_TYPE} (JSON Feed 1.1, "Discovery")`, () =>
    assert.equal(resolveHeaders(config, CHANGELOG_FEED_PATH)['content-type'], `${CHANGELOG_FEED_TYPE}; charset=utf-8`));

  for (const path of [MCP_SERVER_CARD_PATH, MCP_SERVER_CARD_JSON_PATH]) {
    it(`${path}: the MCP Server Card is served as application/json (SEP-2127), the extensionless path too`, () =>
      assert.equal(resolveHeaders(config, path)['content-type'], 'application/json'));
  }

  for (const path of schemaPaths) {
    it(`${path}: served as application/schema+json`, () =>
      assert.equal(resolveHeaders(config, path)['content-type'], 'application/schema+json'));
  }

  for (const route of endpoints) {
    it(`${route.path}: JSON, nosniff, cached briefly by browsers and longer by the CDN, RFC 8631 and RFC 9727 links`, () => {
      const headers = resolveHeaders(config, route.path);
      assert.equal(headers['content-type'], 'application/json; charset=utf-8');
      assert.equal(headers['x-content-type-options'], 'nosniff');
      assert.equal(headers['netlify-cdn-cache-control'], 'public, s-maxage=86400, must-revalidate');
      assert.equal(headers.link, API_LINK_HEADER, 'the functions send site/lib/edge/api-headers.ts');
      assert.equal(
        headers.link,
        `<${product.resources.openapi}>; rel="service-desc", <${product.resources.documentation}>; rel="service-doc", <${API_CATALOG_PATH}>; rel="api-catalog"`,
      );
    });

    it(`${route.path}: RateLimit-Policy states the numbers of the rate_limit rule`, () => {
      const policy = parseRateLimitItem(resolveHeaders(config, route.path)['ratelimit-policy']);
      const rule = findRedirectRule(config, route.path)!.rate_limit!;
      assert.deepEqual(policy, {
        name: RATE_LIMIT_POLICY_NAME,
        parameters: { q: rule.window_limit, w: rule.window_size },
      });
    });
  }

  it('/_astro/*: content-hashed assets are cached for a year and never revalidated', () => {
    assert.equal(
      resolveHeaders(config, '/_astro/page.B1a2c3.js')['cache-control'],
      'public, max-age=31536000, immutable',
    );
  });

  it('pages keep Netlify’s default short caching with revalidation: no rule sets Cache-Control for them', () => {
    for (const path of ['/', '/docs/', '/404.html'])
      assert.equal(resolveHeaders(config, path)['cache-control'], undefined, path);
  });

  for (const path of pages) {
    it(`${path}: a strict CSP, Referrer-Policy, no framing, Permissions-Policy, no cookie`, () => {
      const headers = resolveHeaders(config, path);
      const csp = parseContentSecurityPolicy(headers['content-security-policy'] ?? '');
      assert.deepEqual(csp['default-src'], ["'none'"]);
      assert.deepEqual(csp['frame-ancestors'], ["'none'"]);
      assert.deepEqual(csp['base-uri'], ["'none'"]);
      const scriptSources = csp['script-src'] ?? [];
      assert.deepEqual(
        scriptSources.filter((source) => !source.startsWith("'sha256-")),
        ["'self'", "'wasm-unsafe-eval'"],
      );
      assert.ok(
        scriptSources.every((source) => /^'(self|wasm-unsafe-eval|sha256-[A-Za-z0-9+/]{43}=)'$/.test(source)),
        scriptSources.join(' '),
      );
      for (const directive of Object.keys(csp))
        assert.ok(
          !csp[directive]!.some((source) => source === '*' || source === 'https:'),
          `${directive} allows any host`,
        );
      assert.equal(headers['referrer-policy'], 'strict-origin-when-cross-origin');
      assert.equal(headers['x-frame-options'], 'DENY');
      assert.match(headers['permissions-policy'] ?? '', /camera=\(\), geolocation=\(\).*microphone=\(\)/);
      assert.equal(headers['set-cookie'], undefined);
    });
  }
});

describe('netlify.toml: the client package', () => {
  it('/cli/<file>: cached for good, since its URL changes with its content (site/lib/cli-package/cli-tarball.ts)', () => {
    const headers = resolveHeaders(config, '/cli/earshot-1.0.0-0123456789.tgz');
    assert.equal(headers['cache-control'], 'public, max-age=31536000, immutable');
  });
});

describe('matchesNetlifyPath', () => {
  const cases: [string, { pattern: string; path: string; want: boolean }][] = [
    ['exact', { pattern: '/api/v1/platforms', path: '/api/v1/platforms', want: true }],
    ['exact, other path', { pattern: '/api/v1/platforms', path: '/api/v1/platforms.json', want: false }],
    ['splat, under', { pattern: '/api/*', path: '/api/v1/x', want: true }],
    ['splat, the folder itself', { pattern: '/api/*', path: '/api', want: true }],
    ['splat, a sibling sharing the prefix', { pattern: '/api/*', path: '/apinope', want: false }],
    ['root splat', { pattern: '/*', path: '/', want: true }],
  ];
  for (const [name, { pattern, path, want }] of cases)
    it(name, () => assert.equal(matchesNetlifyPath(pattern, path), want));
});

describe('netlify.toml: /api/ in any case', () => {
  // Redirect rules match in the case they are written; the /api/* header rule in any case (Netlify's
  // own parsers, as the local CDN reads them). So every spelling that the header rule labels JSON
  // needs a redirect rule that serves JSON, or the HTML 404 page leaves labelled application/json.
  const spellings = [...'api'].reduce<string[]>(
    (words, letter) => words.flatMap((word) => [word + letter, word + letter.toUpperCase()]),
    [''],
  );
  for (const spelling of spellings)
    it(`/${spelling}/v1/platforms: labelled JSON by the header rules, and served JSON by a redirect rule`, async () => {
      const rules = await readSiteRules('netlify.toml');
      const matchRedirect = await createRedirectMatcher(rules.redirects);
      const path = `/${spelling}/v1/platforms`;
      assert.match(ruleHeaders(rules.headers, path)['content-type'] ?? '', /^application\/json/);
      assert.match(
        matchRedirect(path, '')?.to ?? '(no rule: the HTML 404 page)',
        /\.json$/,
        `netlify.toml needs a rule from "/${spelling}/*" to the JSON 404 (to = "/api/errors/404.json", status = 404, force = true)`,
      );
    });
});
