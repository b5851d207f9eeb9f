import { zipFunctions } from '@netlify/zip-it-and-ship-it';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, parse as parsePath } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { config as otherMethodsConfig } from '../../netlify/functions/other-methods.ts';
import { config as tooManyRequestsConfig } from '../../netlify/functions/too-many-requests.ts';
import { readNetlifyConfig } from '../../site/lib/edge/netlify-config.ts';
import { readMcpRateLimit, readRateLimit } from '../../contract/rate-limit.ts';
import { MCP_ENDPOINT_PATH } from '../../contract/mcp-endpoint-path.ts';
import { config as mcpTooManyRequestsConfig } from '../../netlify/functions/mcp-too-many-requests.ts';
import { config as serverIconConfig } from '../../netlify/functions/server-icon.ts';
import { SERVER_ICON_PATH } from '../../client/src/mcp/server-icon.ts';
import {
  buildPublishedAnswers,
  PUBLISHED_ANSWERS_FILE,
  writePublishedAnswers,
} from '../../site/lib/mcp/write-published-answers.ts';
import { loadSiteContext } from '../../site/lib/site-context.ts';

// mcp.ts imports the answers a build writes; on a clean clone, they are written as a build would.
if (!existsSync(PUBLISHED_ANSWERS_FILE)) writePublishedAnswers(buildPublishedAnswers(loadSiteContext()));
const { config: mcpConfig } = await import('../../netlify/functions/mcp.ts');

const netlify = readNetlifyConfig();
const rateLimit = readRateLimit();
const mcpRateLimit = readMcpRateLimit();

/** What Netlify's own bundler reads from a function's `config`, as it writes it into the deploy's manifest. */
interface ManifestFunction {
  name: string;
  routes?: { pattern: string; methods?: string[] }[];
  trafficRules?: {
    action: {
      type: string;
      config: {
        to?: string;
        rateLimitConfig: { windowLimit: number; windowSize: number; algorithm: string };
        aggregate: { keys: { type: string }[] };
      };
    };
  };
}

const bundleDir = mkdtempSync(join(tmpdir(), 'earshot-functions-'));
let manifest: ManifestFunction[] = [];
const deployed = (name: string) => manifest.find((fn) => fn.name === name)!;

/** The rate limit of a bundled function, in the shape of readRateLimit(). */
function bundledRateLimit(fn: ManifestFunction) {
  const action = fn.trafficRules?.action;
  return {
    windowLimit: action?.config.rateLimitConfig.windowLimit,
    windowSize: action?.config.rateLimitConfig.windowSize,
    aggregateBy: action?.config.aggregate.keys.map((key) => key.type),
  };
}

before(async () => {
  // The bundler Netlify's build runs on netlify/functions: it parses each `config` from the source
  // (literals only) and writes the routes and rate limits the CDN will apply.
  await zipFunctions([netlify.functions!.directory!], bundleDir, {
    manifest: join(bundleDir, 'manifest.json'),
    archiveFormat: 'none',
    basePath: process.cwd(),
  });
  manifest = (JSON.parse(readFileSync(join(bundleDir, 'manifest.json'), 'utf8')) as { functions: ManifestFunction[] })
    .functions;
});

after(() => rmSync(bundleDir, { recursive: true, force: true }));

describe('netlify/functions, as Netlify bundles them', () => {
  it('deploys exactly the five functions, each rate limited like the rule that leads to it in netlify.toml (the MCP ones like /mcp), with Netlify’s own 429 over it, but other-methods, which rewrites to too-many-requests', () => {
    assert.deepEqual(
      manifest.map((fn) => fn.name).sort(),
      readdirSync(netlify.functions!.directory!)
        .map((file) => parsePath(file).name)
        .sort(),
    );
    assert.deepEqual(manifest.map((fn) => fn.name).sort(), [
      'mcp',
      'mcp-too-many-requests',
      'other-methods',
      'server-icon',
      'too-many-requests',
    ]);
    for (const fn of manifest) {
      assert.deepEqual(
        bundledRateLimit(fn),
        fn.name.startsWith('mcp') ? mcpRateLimit : rateLimit,
        `${fn.name}: its config.rateLimit and netlify.toml disagree`,
      );
      // other-methods' limit is shared by every path it answers; over it, a preflight must still get
      // its 204, which the too-many-requests function gives (Netlify's own 429 would fail it).
      if (fn.name === 'other-methods')
        assert.deepEqual(
          [fn.trafficRules?.action.type, fn.trafficRules?.action.config.to],
          ['rewrite', '/.netlify/functions/too-many-requests'],
          fn.name,
        );
      else assert.equal(fn.trafficRules?.action.type, 'rate_limit', fn.name);
      // Netlify's only algorithm, which the docs and the README describe.
      assert.equal(fn.trafficRules?.action.config.rateLimitConfig.algorithm, 'sliding_window', fn.name);
    }
  });

  it('the 429 functions keep their default paths, the ones the rate-limit rules rewrite to: /mcp to the JSON-RPC one, the API to the other', () => {
    assert.equal(deployed('too-many-requests').routes, undefined);
    assert.equal(deployed('mcp-too-many-requests').routes, undefined);
    const targets = netlify.redirects!.flatMap((rule) => (rule.rate_limit ? [[rule.from, rule.rate_limit.to]] : []));
    for (const [from, to] of targets)
      assert.equal(
        to,
        from === MCP_ENDPOINT_PATH
          ? '/.netlify/functions/mcp-too-many-requests'
          : '/.netlify/functions/too-many-requests',
        from,
      );
  });

  it('other-methods runs for every public JSON resource that netlify.toml gives CORS, and never for GET or HEAD', () => {
    const corsPaths = (netlify.headers ?? [])
      .filter((rule) => rule.values['Access-Control-Allow-Origin'])
      .map((rule) => rule.for);
    const routes = deployed('other-methods').routes ?? [];
    assert.deepEqual(routes.map((route) => route.pattern).sort(), [...corsPaths].sort());
    for (const route of routes)
      assert.deepEqual(route.methods, ['OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'], route.pattern);
  });

  it('other-methods takes every method a function may declare but GET and HEAD; Netlify refuses a function that declares TRACE or PROPFIND', async () => {
    /** Whether Netlify's bundler deploys a function that declares `method`. */
    const declarable = async (method: string) => {
      const dir = mkdtempSync(join(tmpdir(), 'earshot-method-'));
      try {
        mkdirSync(join(dir, 'functions'));
        writeFileSync(
          join(dir, 'functions', 'probe.mjs'),
          `export const config = { path: '/probe', method: ['${method}'] };\nexport default () => new Response('');\n`,
        );
        await zipFunctions([join(dir, 'functions')], join(dir, 'out'), { archiveFormat: 'none', basePath: dir });
        return true;
      } catch (error) {
        assert.match(String(error), /configuration error on 'method'/, method);
        return false;
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
    const candidates = [
      'GET',
      'HEAD',
      'OPTIONS',
      'POST',
      'PUT',
      'PATCH',
      'DELETE',
      'TRACE',
      'PROPFIND',
      'CONNECT',
      'QUERY',
    ];
    const accepted: string[] = [];
    for (const method of candidates) if (await declarable(method)) accepted.push(method);
    assert.deepEqual(
      accepted.filter((method) => method !== 'GET' && method !== 'HEAD').sort(),
      [...otherMethodsConfig.method].sort(),
    );
    assert.ok(!accepted.includes('TRACE') && !accepted.includes('PROPFIND'));
  });

  it('the code reads the same config the bundler does', () => {
    for (const [config, limit] of [
      [tooManyRequestsConfig, rateLimit],
      [otherMethodsConfig, rateLimit],
      [mcpConfig, mcpRateLimit],
      [mcpTooManyRequestsConfig, mcpRateLimit],
    ] as const) {
      const { windowLimit, windowSize, aggregateBy } = config.rateLimit;
      assert.deepEqual({ windowLimit, windowSize, aggregateBy }, limit);
    }
    assert.deepEqual(
      otherMethodsConfig.path,
      deployed('other-methods').routes!.map((route) => route.pattern),
    );
    const { windowLimit, windowSize } = serverIconConfig.rateLimit;
    assert.deepEqual(
      { windowLimit, windowSize },
      { windowLimit: rateLimit.windowLimit, windowSize: rateLimit.windowSize },
    );
  });

  it('server-icon answers GET and HEAD at the path the MCP server names for its icon, and nothing else', () => {
    assert.deepEqual(deployed('server-icon').routes, [
      { pattern: SERVER_ICON_PATH, literal: SERVER_ICON_PATH, methods: ['GET', 'HEAD'] },
    ]);
  });
});
