/**
 * The checks of `npm run smoke`: what a live deployment must answer, whatever serves it (the real
 * CDN, a deploy preview, or the local server). Expectations come from the same sources the build
 * uses: the endpoint registry, the schemas, the error bodies, `netlify.toml` and its rate limit.
 */
import { METHOD_NOT_ALLOWED, NOT_FOUND, TOO_MANY_REQUESTS } from '../../contract/api-errors.ts';
import { endpointFile, endpoints, findEndpoint, OPENAPI_PATH, type Endpoint } from '../../contract/endpoints.ts';
import {
  API_CATALOG_CONTENT_TYPE,
  API_CATALOG_PATH,
  type ApiCatalog,
} from '../../site/lib/discovery/build-api-catalog.ts';
import { CHANGELOG_FEED_PATH, CHANGELOG_FEED_TYPE } from '../../site/lib/changelog/build-changelog-feed.ts';
import { loadChangelogOrThrow } from '../../site/lib/changelog/load-changelog.ts';
import { listPendingChanges } from '../../site/lib/changelog/pending-changes.ts';
import { buildChangeNoticeHeaders } from '../../site/lib/edge/change-notice-headers.ts';
import { publishedSchemas } from '../../site/lib/discovery/published-schemas.ts';
import { markdownPathOf } from '../../site/lib/discovery/build-llms-full-txt.ts';
import { MARKDOWN_CONTENT_TYPE } from '../../site/lib/edge/markdown-negotiation.ts';
import { buildPageLinkHeader } from '../../site/lib/edge/page-link-headers.ts';
import { MCP_SERVER_CARD_JSON_PATH, MCP_SERVER_CARD_PATH } from '../../site/lib/mcp/build-mcp-server-card.ts';
import { MCP_ENDPOINT_PATH } from '../../contract/mcp-endpoint-path.ts';
import { ALLOWED_METHODS } from '../../site/lib/edge/api-headers.ts';
import { resolveHeaders, type NetlifyConfig } from '../../site/lib/edge/netlify-config.ts';
import { describeRateLimit, type RateLimit } from '../../contract/rate-limit.ts';
import { formatRateLimit, formatRateLimitPolicy, parseRateLimitItem } from '../../contract/rate-limit-fields.ts';
import { createSchemaValidator } from '../../contract/create-schema-validator.ts';
import { apiSchemas, type ApiSchemaName, type CapabilitiesResponse } from '../../contract/schemas/index.ts';

export interface SmokeCheck {
  /** What is checked, as one line: "GET /api/v1/platforms answers 200 with a valid PlatformsResponse". */
  name: string;
  /**
   * Resolves when the check passes, with what came back when that is worth reporting (for
   * example, what got to OPTIONS); rejects with a `SmokeFailure` saying what was wrong.
   */
  run(): Promise<string | void>;
}

/** An expected failure: its message is printed as it is, without a stack trace. */
export class SmokeFailure extends Error {}

export interface SmokeContext {
  baseUrl: string;
  fetch: typeof fetch;
  config: NetlifyConfig;
  rateLimit: RateLimit;
  /** The remote MCP endpoint's own limit (the `/mcp` rule of netlify.toml). */
  mcpRateLimit: RateLimit;
}

const SECURITY_HEADERS = [
  'content-security-policy',
  'referrer-policy',
  'x-frame-options',
  'x-content-type-options',
  'permissions-policy',
  'strict-transport-security',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
];
const CORS_HEADERS = ['access-control-allow-origin', 'access-control-expose-headers', 'link'];
const API_HEADERS = ['content-type', ...CORS_HEADERS, 'ratelimit-policy'];

/** The changelog's pending breaking changes, by the endpoint whose answers announce them. */
const pendingNotices = buildChangeNoticeHeaders(listPendingChanges(loadChangelogOrThrow()));

/**
 * The headers an endpoint's answer must carry exactly: all of API_HEADERS and SECURITY_HEADERS,
 * except `Link` while a breaking change is pending, which joins netlify.toml's links with the
 * notice's (the notice check judges it).
 */
function endpointHeaderNames(path: Endpoint['path']): string[] {
  const names = [...API_HEADERS, ...SECURITY_HEADERS];
  return pendingNotices.has(path) ? names.filter((name) => name !== 'link') : names;
}

/** The checks that need nothing but the deployment; `capabilities` resource links come later. */
export function buildSmokeChecks(context: SmokeContext): SmokeCheck[] {
  return [
    ...buildEndpointChecks(context),
    ...buildNotFoundChecks(context),
    ...buildOpenApiChecks(context),
    ...buildPreflightChecks(context),
    ...buildMethodChecks(context),
    ...buildApiCatalogAndSchemaChecks(context),
    ...buildChangelogFeedChecks(context),
    ...buildChangeNoticeChecks(context),
    ...buildStaticFileChecks(context),
    ...buildAgentDiscoveryChecks(context),
  ];
}

/** The endpoints themselves: GET with a valid body and the API headers, HEAD, and the 304 of a revalidation. */
function buildEndpointChecks(context: SmokeContext): SmokeCheck[] {
  return [
    ...endpoints.map(({ path, schema }) => ({
      name: `GET ${path} answers 200 with a valid ${schema}, the API headers, and no cookie`,
      run: async () => {
        const response = await get(context, path);
        expectStatus(response, 200);
        expectHeaders(response, resolveHeaders(context.config, path), endpointHeaderNames(path));
        expectBrowserCacheAtMost(response, resolveHeaders(context.config, path)['cache-control']);
        expectRateLimitPolicy(response, context.rateLimit);
        expectValid(schema, await readJson(response));
      },
    })),
    ...endpoints.map(({ path }) => ({
      name: `HEAD ${path} answers 200 with the API headers and an ETag, and no body (the OpenAPI document's HEAD operation)`,
      run: async () => {
        const response = await fetchOrFail(context, new URL(path, `${context.baseUrl}/`).href, { method: 'HEAD' });
        expectStatus(response, 200);
        expectHeaders(response, resolveHeaders(context.config, path), endpointHeaderNames(path));
        expectRateLimitPolicy(response, context.rateLimit);
        if (!response.headers.get('etag')) throw new SmokeFailure('the answer has no ETag');
        if ((await response.arrayBuffer()).byteLength > 0) throw new SmokeFailure('a HEAD answer must have no body');
      },
    })),
    ...endpoints.map(({ path }) => ({
      name: `GET ${path} with If-None-Match: <its ETag> answers 304 with that ETag and no body (the OpenAPI document's 304)`,
      run: async () => {
        const etag = (await get(context, path)).headers.get('etag');
        if (!etag) throw new SmokeFailure('the answer has no ETag to revalidate with');
        const url = new URL(path, `${context.baseUrl}/`).href;
        const response = await fetchOrFail(context, url, { headers: { 'If-None-Match': etag } });
        expectStatus(response, 304);
        if (response.headers.get('etag') !== etag)
          throw new SmokeFailure(
            `the 304 must carry the ETag ${etag} (got ${JSON.stringify(response.headers.get('etag'))})`,
          );
        if ((await response.arrayBuffer()).byteLength > 0) throw new SmokeFailure('a 304 must have no body');
      },
    })),
  ];
}

/** The JSON 404: unknown paths under /api/, and the endpoints' own files, reachable only through their rate-limited paths. */
function buildNotFoundChecks(context: SmokeContext): SmokeCheck[] {
  return [
    {
      name: 'GET /api/errors/404.json answers 404 too: the JSON 404 body is not a resource of its own',
      run: async () => expectJsonError(await get(context, '/api/errors/404.json'), NOT_FOUND, context),
    },
    {
      name: 'GET /api/<unknown> answers 404 with the JSON Error body',
      run: async () => expectJsonError(await get(context, '/api/smoke-check-unknown-path'), NOT_FOUND, context),
    },
    ...endpoints.map(endpointFile).map((file) => ({
      name: `GET ${file} answers 404: the API is reachable only at its documented, rate-limited paths`,
      run: async () => expectJsonError(await get(context, file), NOT_FOUND, context),
    })),
  ];
}

/** The OpenAPI document: every endpoint and the rate limit. */
function buildOpenApiChecks(context: SmokeContext): SmokeCheck[] {
  return [
    {
      name: `GET ${OPENAPI_PATH} answers an OpenAPI 3.1.0 document with every endpoint and the rate limit (${describeRateLimit(context.rateLimit)})`,
      run: async () => {
        const response = await get(context, OPENAPI_PATH);
        expectStatus(response, 200);
        expectHeaders(response, resolveHeaders(context.config, OPENAPI_PATH), [...CORS_HEADERS, ...SECURITY_HEADERS]);
        const document = (await readJson(response)) as {
          openapi?: unknown;
          paths?: Record<string, unknown>;
          components?: { responses?: { TooManyRequests?: { description?: string } } };
        };
        if (document.openapi !== '3.1.0')
          throw new SmokeFailure(`"openapi" must be "3.1.0" (got ${JSON.stringify(document.openapi)})`);
        const missing = endpoints.filter(({ path }) => !document.paths?.[path]).map(({ path }) => path);
        if (missing.length > 0) throw new SmokeFailure(`the document lacks ${missing.join(', ')}`);
        const tooMany = document.components?.responses?.TooManyRequests?.description ?? '';
        if (!tooMany.includes(describeRateLimit(context.rateLimit))) {
          throw new SmokeFailure(
            `the 429 response must state "${describeRateLimit(context.rateLimit)}" (got ${JSON.stringify(tooMany)})`,
          );
        }
      },
    },
  ];
}

/** What the CDN answers to a CORS preflight on each public JSON resource. */
function buildPreflightChecks(context: SmokeContext): SmokeCheck[] {
  return [
    ...publicJsonPaths(context).map((path) => ({
      name: `OPTIONS ${path} (a CORS preflight) answers 2xx, any origin, GET, a custom request header and a max-age`,
      run: async () => {
        const response = await fetchOrFail(context, new URL(path, `${context.baseUrl}/`).href, {
          method: 'OPTIONS',
          headers: {
            Origin: 'https://smoke-check.example',
            'Access-Control-Request-Method': 'GET',
            'Access-Control-Request-Headers': 'x-smoke-check',
          },
        });
        await response.body?.cancel();
        const got = describeAnswer(response, [
          'access-control-allow-origin',
          'access-control-allow-methods',
          'access-control-allow-headers',
          'access-control-max-age',
        ]);
        const allowHeaders = (response.headers.get('access-control-allow-headers') ?? '')
          .toLowerCase()
          .split(/\s*,\s*/);
        const ok =
          response.ok &&
          response.headers.get('access-control-allow-origin') === '*' &&
          (response.headers.get('access-control-allow-methods') ?? '').split(/\s*,\s*/).includes('GET') &&
          (allowHeaders.includes('*') || allowHeaders.includes('x-smoke-check')) &&
          /^\d+$/.test(response.headers.get('access-control-max-age') ?? '');
        if (!ok) throw new SmokeFailure(`got ${got}`);
        return `got ${got}`;
      },
    })),
  ];
}

/** What the CDN answers to the methods the API does not take. */
function buildMethodChecks(context: SmokeContext): SmokeCheck[] {
  return [
    ...['POST', 'DELETE'].map((method) => ({
      name: `${method} ${endpoints[0].path} answers 405 with the JSON Error body and Allow: ${ALLOWED_METHODS.join(', ')}`,
      run: async () => {
        const response = await fetchOrFail(context, new URL(endpoints[0].path, `${context.baseUrl}/`).href, {
          method,
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
          body: '{}',
        });
        const got = describeAnswer(response, ['allow', 'content-type']);
        if (response.headers.get('allow') !== ALLOWED_METHODS.join(', ')) {
          await response.body?.cancel();
          throw new SmokeFailure(`got ${got}`);
        }
        await expectJsonError(response, METHOD_NOT_ALLOWED, context, [
          'access-control-allow-origin',
          'x-content-type-options',
        ]);
        return `got ${got}`;
      },
    })),
  ];
}

/** The API catalog, and the JSON Schemas at their $id. */
function buildApiCatalogAndSchemaChecks(context: SmokeContext): SmokeCheck[] {
  return [
    {
      name: `GET ${API_CATALOG_PATH} is the RFC 9727 linkset: its Content-Type, CORS, a link to itself, and every item answering`,
      run: async () => {
        const response = await get(context, API_CATALOG_PATH);
        expectStatus(response, 200);
        expectHeaders(response, resolveHeaders(context.config, API_CATALOG_PATH), [
          ...CORS_HEADERS,
          ...SECURITY_HEADERS,
        ]);
        const catalog = (await readJson(response)) as ApiCatalog;
        const items = (catalog.linkset?.[0]?.item ?? []) as { href: string }[];
        // Every endpoint, then the remote MCP endpoint, which the MCP checks below probe (a GET of it answers 405).
        const want = [...endpoints.map(({ path }) => path), MCP_ENDPOINT_PATH].map(
          (path) => new URL(path, `${context.baseUrl}/`).href,
        );
        const got = items.map((item) => item.href);
        if (JSON.stringify(got) !== JSON.stringify(want))
          throw new SmokeFailure(`the catalog must list ${want.join(', ')} (got ${got.join(', ') || 'no item'})`);
        for (const { href } of items.slice(0, endpoints.length)) {
          const answer = await fetchOrFail(context, href);
          await answer.body?.cancel();
          if (!answer.ok) throw new SmokeFailure(`item ${href} answered ${answer.status}`);
        }
        expectStaticHeader(response, 'content-type', API_CATALOG_CONTENT_TYPE);
      },
    },
    ...publishedSchemas(context.baseUrl).map(({ path, title }) => ({
      name: `GET ${path} is the ${title} JSON Schema at its own $id, as application/schema+json, with CORS`,
      run: async () => {
        const url = new URL(path, `${context.baseUrl}/`).href;
        const response = await get(context, path);
        expectStatus(response, 200);
        expectHeaders(response, resolveHeaders(context.config, path), [...CORS_HEADERS, ...SECURITY_HEADERS]);
        const schema = (await readJson(response)) as { $id?: unknown; title?: unknown };
        if (schema.$id !== url)
          throw new SmokeFailure(`its $id must be ${url}, where it is served (got ${JSON.stringify(schema.$id)})`);
        if (schema.title !== title)
          throw new SmokeFailure(`its title must be ${title} (got ${JSON.stringify(schema.title)})`);
        expectStaticHeader(response, 'content-type', resolveHeaders(context.config, path)['content-type']!);
      },
    })),
  ];
}

/** The changelog's JSON Feed. */
function buildChangelogFeedChecks(context: SmokeContext): SmokeCheck[] {
  return [
    {
      name: `GET ${CHANGELOG_FEED_PATH} is the changelog's JSON Feed 1.1, naming itself, as ${CHANGELOG_FEED_TYPE}, with CORS`,
      run: async () => {
        const response = await get(context, CHANGELOG_FEED_PATH);
        expectStatus(response, 200);
        expectHeaders(response, resolveHeaders(context.config, CHANGELOG_FEED_PATH), [
          ...CORS_HEADERS,
          ...SECURITY_HEADERS,
        ]);
        const feed = (await readJson(response)) as { version?: unknown; feed_url?: unknown; items?: unknown[] };
        const url = new URL(CHANGELOG_FEED_PATH, `${context.baseUrl}/`).href;
        if (feed.version !== 'https://jsonfeed.org/version/1.1' || feed.feed_url !== url)
          throw new SmokeFailure(
            `it must be a JSON Feed 1.1 whose feed_url is ${url} (got ${JSON.stringify(feed.feed_url)})`,
          );
        if (!Array.isArray(feed.items) || feed.items.length === 0)
          throw new SmokeFailure('it must list the changelog entries, at least the launch of v1');
        expectStaticHeader(
          response,
          'content-type',
          resolveHeaders(context.config, CHANGELOG_FEED_PATH)['content-type']!,
        );
        return `${feed.items.length} entries`;
      },
    },
  ];
}

/**
 * The notice of an announced breaking change, written by the build into `_headers`: only a deploy
 * shows whether the CDN matches those rules on a rewritten answer and joins their `Link` with
 * netlify.toml's. The expectation is this checkout's changelog: run the check on the commit deployed.
 */
function buildChangeNoticeChecks(context: SmokeContext): SmokeCheck[] {
  return endpoints.map(({ path }) => {
    const expected = pendingNotices.get(path);
    return {
      name: expected
        ? `GET ${path} announces its pending breaking change: Deprecation, Sunset, and Link to the changelog entry`
        : `GET ${path} has no Deprecation or Sunset header: no breaking change of it is pending`,
      run: async () => {
        const response = await get(context, path);
        expectStatus(response, 200);
        for (const name of ['Deprecation', 'Sunset'] as const) {
          const got = response.headers.get(name);
          if (got !== (expected?.[name] ?? null))
            throw new SmokeFailure(
              `${name} must be ${expected ? JSON.stringify(expected[name]) : 'absent'} (got ${JSON.stringify(got)})`,
            );
        }
        if (!expected) return;
        const link = response.headers.get('link') ?? '';
        const own = resolveHeaders(context.config, path)['link'] ?? '';
        for (const target of [...own.split(/,\s*/), ...(expected['Link'] ?? '').split(', ')].filter(Boolean))
          if (!link.includes(target))
            throw new SmokeFailure(
              `Link must keep the API's links and add the notice's: ${target} is missing (got ${JSON.stringify(link)})`,
            );
      },
    };
  });
}

/** Static files whose headers only the CDN can judge: hashed assets, the Markdown twins, the client tarball. */
function buildStaticFileChecks(context: SmokeContext): SmokeCheck[] {
  return [
    {
      name: 'the hashed assets a docs page loads from /_astro/ are cached for a year, immutable',
      run: async () => {
        const page = await get(context, '/docs/');
        expectStatus(page, 200);
        const asset = /(?:src|href)="(\/_astro\/[^"]+)"/.exec(await page.text())?.[1];
        if (!asset) throw new SmokeFailure('the page /docs/ loads nothing from /_astro/');
        const response = await get(context, asset);
        await response.body?.cancel();
        expectStatus(response, 200);
        expectStaticHeader(response, 'cache-control', resolveHeaders(context.config, asset)['cache-control']!);
        return asset;
      },
    },
    // Netlify picks a static file's Content-Type by its extension, which netlify.toml cannot set
    // for every `.md` file at once (a header rule's path cannot match an extension): only the CDN
    // can say what it sends.
    ...['/docs.md', '/docs/cli.md'].map((path) => ({
      name: `GET ${path} answers the page as Markdown (text/markdown; charset=utf-8)`,
      run: async () => {
        const response = await get(context, path);
        expectStatus(response, 200);
        const type = response.headers.get('content-type') ?? '';
        if (!/^text\/markdown\b/i.test(type) || !/charset=utf-8/i.test(type))
          throw new SmokeFailure(`Content-Type must be text/markdown; charset=utf-8 (got ${JSON.stringify(type)})`);
        if (!(await response.text()).startsWith('# '))
          throw new SmokeFailure('the body must start with the page title as a Markdown heading');
      },
    })),
    {
      name: 'the client tarball that /mcp.json names answers 200 with a gzip body',
      run: async () => {
        const configuration = (await readJson(await get(context, '/mcp.json'))) as {
          mcpServers?: Record<string, { args?: unknown[] }>;
        };
        const url = Object.values(configuration.mcpServers ?? {})
          .flatMap((server) => server.args ?? [])
          .find((arg): arg is string => typeof arg === 'string' && arg.endsWith('.tgz'));
        if (!url) throw new SmokeFailure('/mcp.json names no .tgz package URL');
        const response = await fetchOrFail(context, url);
        expectStatus(response, 200);
        const bytes = new Uint8Array(await response.arrayBuffer());
        if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) throw new SmokeFailure(`${url} is not gzip data`);
      },
    },
  ];
}

/**
 * What agents probe first: the Link header of `/` (RFC 9727's own discovery example is `HEAD /`),
 * `/` as Markdown on request (the edge function, which only a deploy runs), the MCP Server Card.
 */
function buildAgentDiscoveryChecks(context: SmokeContext): SmokeCheck[] {
  const targets = { apiCatalog: API_CATALOG_PATH, openApi: OPENAPI_PATH, docs: '/docs/' };
  return [
    {
      name: 'HEAD / answers the Link header: the API catalog, the OpenAPI document, the docs and the page as Markdown',
      run: async () => {
        const response = await fetchOrFail(context, `${context.baseUrl}/`, {
          method: 'HEAD',
          headers: { Accept: 'text/html' },
        });
        expectStatus(response, 200);
        const want = buildPageLinkHeader('/', targets);
        const got = response.headers.get('link');
        if (got !== want) throw new SmokeFailure(`Link must be ${JSON.stringify(want)} (got ${JSON.stringify(got)})`);
        expectVaryAccept(response);
      },
    },
    {
      name: 'GET / with Accept: text/markdown answers the page as Markdown (text/markdown; charset=utf-8, Vary: Accept)',
      run: async () => {
        const response = await fetchOrFail(context, `${context.baseUrl}/`, { headers: { Accept: 'text/markdown' } });
        expectStatus(response, 200);
        const type = response.headers.get('content-type');
        const body = await response.text();
        if (type !== MARKDOWN_CONTENT_TYPE) {
          throw new SmokeFailure(
            `Content-Type must be ${JSON.stringify(MARKDOWN_CONTENT_TYPE)} (got ${JSON.stringify(type)})`,
          );
        }
        expectVaryAccept(response);
        const twin = await (await get(context, markdownPathOf('/'))).text();
        if (body !== twin) throw new SmokeFailure(`the body must be ${markdownPathOf('/')}, byte for byte`);
        return `${body.length} characters instead of the HTML`;
      },
    },
    {
      name: `GET ${MCP_SERVER_CARD_PATH} is the MCP Server Card of ${MCP_ENDPOINT_PATH}, as application/json with CORS, the same as ${MCP_SERVER_CARD_JSON_PATH}`,
      run: async () => {
        const [card, json] = await Promise.all([
          get(context, MCP_SERVER_CARD_PATH),
          get(context, MCP_SERVER_CARD_JSON_PATH),
        ]);
        expectStatus(card, 200);
        expectStatus(json, 200);
        const [cardText, jsonText] = await Promise.all([card.text(), json.text()]);
        if (cardText !== jsonText) throw new SmokeFailure(`the two paths must serve the same card`);
        const body = JSON.parse(cardText) as { remotes?: { url?: string }[] };
        const want = new URL(MCP_ENDPOINT_PATH, `${context.baseUrl}/`).href;
        if (body.remotes?.[0]?.url !== want)
          throw new SmokeFailure(`its remote must be ${want} (got ${JSON.stringify(body.remotes?.[0]?.url)})`);
        if (card.headers.get('access-control-allow-origin') !== '*')
          throw new SmokeFailure('it must allow any origin (Access-Control-Allow-Origin: *)');
        expectStaticHeader(card, 'content-type', resolveHeaders(context.config, MCP_SERVER_CARD_PATH)['content-type']!);
      },
    },
  ];
}

function expectVaryAccept(response: Response): void {
  const vary = response.headers.get('vary') ?? '';
  if (!/(^|,)\s*accept\s*(,|$)/i.test(vary))
    throw new SmokeFailure(`Vary must name Accept (got ${JSON.stringify(vary)})`);
}

/** The public JSON resources the smoke check probes with a preflight (the MCP configuration is a resource link, checked below). */
function publicJsonPaths(context: SmokeContext): string[] {
  return [
    ...endpoints.map(({ path }) => path),
    OPENAPI_PATH,
    API_CATALOG_PATH,
    ...publishedSchemas(context.baseUrl).map(({ path }) => path),
  ];
}

/** "204 No Content, access-control-allow-origin: *, …": what came back, for the report. */
function describeAnswer(response: Response, names: string[]): string {
  const headers = names.map((name) => `${name}: ${response.headers.get(name) ?? '(none)'}`);
  return [`${response.status} ${response.statusText}`.trimEnd(), ...headers].join(', ');
}

/** The RateLimit-Policy field, the numbers of the rate limit in netlify.toml. */
export function expectRateLimitPolicy(response: Response, rateLimit: RateLimit): void {
  const got = response.headers.get('ratelimit-policy');
  const item = parseRateLimitItem(got);
  if (item?.parameters.q !== rateLimit.windowLimit || item.parameters.w !== rateLimit.windowSize) {
    throw new SmokeFailure(`RateLimit-Policy must be ${formatRateLimitPolicy(rateLimit)} (got ${JSON.stringify(got)})`);
  }
}

/** A header that netlify.toml sets on a static file (Content-Type, Cache-Control), exactly. */
function expectStaticHeader(response: Response, name: string, want: string): void {
  const got = response.headers.get(name);
  if (got === want) return;
  throw new SmokeFailure(`${name} must be ${JSON.stringify(want)} (got ${JSON.stringify(got)})`);
}

/** One check per resource link of `/api/v1/capabilities`: each must answer 2xx. */
export async function buildResourceChecks(context: SmokeContext): Promise<SmokeCheck[]> {
  const response = await get(context, findEndpoint('getServiceCapabilities').path);
  if (response.status !== 200) return [];
  const { data } = (await readJson(response)) as CapabilitiesResponse;
  return Object.entries(data.resources).map(([name, url]) => {
    const onSite = new URL(url).origin === new URL(context.baseUrl).origin;
    return {
      name: `resource "${name}" ${url} answers 2xx${onSite ? ' with the security headers' : ''}`,
      run: async () => {
        const answer = await fetchOrFail(context, url);
        if (!answer.ok) throw new SmokeFailure(`got ${answer.status} ${answer.statusText}`.trimEnd());
        await answer.body?.cancel();
        if (onSite) expectHeaders(answer, resolveHeaders(context.config, new URL(url).pathname), SECURITY_HEADERS);
        expectNoCookie(answer);
      },
    };
  });
}

/**
 * How many requests a burst may send before it expects a 429: twice the limit. Netlify's
 * enforcement is reported to lag by seconds, and requests of this run counted before add to it.
 */
export function burstBudget(windowLimit: number): number {
  return 2 * windowLimit;
}

/**
 * A bounded burst over the limit at the first route: at most `burstBudget` requests, stopping at
 * the first 429, which must be the JSON Error with `Retry-After`.
 */
export function buildBurstCheck(context: SmokeContext): SmokeCheck {
  const path = endpoints[0].path;
  const budget = burstBudget(context.rateLimit.windowLimit);
  return {
    name: `a burst of at most ${budget} requests to ${path} is answered 429 with the JSON Error, Retry-After and both RateLimit fields`,
    run: async () => {
      for (let sent = 1; sent <= budget; sent += 1) {
        const response = await get(context, path);
        if (response.status !== 429) {
          await response.body?.cancel();
          continue;
        }
        const retryAfter = response.headers.get('retry-after') ?? '';
        if (!/^\d+$/.test(retryAfter))
          throw new SmokeFailure(`Retry-After must be a number of seconds (got ${JSON.stringify(retryAfter)})`);
        expectRateLimitPolicy(response, context.rateLimit);
        const remaining = response.headers.get('ratelimit');
        if (remaining !== formatRateLimit({ remaining: 0, resetSeconds: Number(retryAfter) })) {
          throw new SmokeFailure(
            `RateLimit must be ${formatRateLimit({ remaining: 0, resetSeconds: Number(retryAfter) })} (got ${JSON.stringify(remaining)})`,
          );
        }
        await expectJsonError(response, TOO_MANY_REQUESTS, context, [
          'access-control-allow-origin',
          'x-content-type-options',
        ]);
        return `after ${sent} requests`;
      }
      throw new SmokeFailure(`${budget} requests got no 429; is rate limiting active on this deployment?`);
    },
  };
}

/**
 * Observed, never failed: after the burst spent this address's window at `baseUrl`, whether
 * another hostname of the same deploy answers the API (a window of its own) or 429 (one window
 * for the site). Netlify documents `aggregate_by = ["domain"]` but not which names are one domain.
 */
export function buildOtherHostCheck(context: SmokeContext, otherHost: string): SmokeCheck {
  const path = endpoints[0].path;
  return {
    name: `GET ${otherHost}${path} after the window of ${context.baseUrl} is spent (observed): its own window, or the same`,
    run: async () => {
      try {
        const response = await get({ ...context, baseUrl: otherHost }, path);
        await response.body?.cancel();
        const verdict = response.status === 429 ? 'the same window' : 'a window of its own';
        return `${response.status}: ${verdict} (RateLimit ${JSON.stringify(response.headers.get('ratelimit'))})`;
      } catch (error) {
        return `could not ask it: ${(error as Error).message}`;
      }
    },
  };
}

/** The function whose own URL the burst observes: its `rateLimit` has no `path` (netlify/functions/too-many-requests.ts). */
const UNROUTED_FUNCTION = '/.netlify/functions/too-many-requests';

/**
 * Observed, never failed: whether a function's `rateLimit` without a `path` covers its own URL.
 * The function itself answers a JSON 429; the CDN's own 429 (plain text) means its limit applied.
 * Sends at most `burstBudget` requests. Netlify does not document which paths such a limit covers.
 */
export function buildFunctionLimitCheck(context: SmokeContext): SmokeCheck {
  const budget = burstBudget(context.rateLimit.windowLimit);
  return {
    name: `a burst of at most ${budget} requests to ${UNROUTED_FUNCTION} (observed): does the function's own limit apply at its own URL?`,
    run: async () => {
      for (let sent = 1; sent <= budget; sent += 1) {
        const response = await get(context, UNROUTED_FUNCTION);
        const type = response.headers.get('content-type') ?? '';
        await response.body?.cancel();
        if (!type.startsWith('application/json'))
          return `the CDN's own ${response.status} (${type || 'no type'}) after ${sent} requests: the limit applies`;
      }
      return `the function answered all ${budget}: no limit seen at its own URL`;
    },
  };
}

/** Fails with a network error's code (ECONNREFUSED, ENOTFOUND…) when the deployment cannot be reached at all. */
export async function expectReachable(context: SmokeContext): Promise<void> {
  const response = await get(context, OPENAPI_PATH);
  await response.body?.cancel();
}

async function get(context: SmokeContext, path: string): Promise<Response> {
  return fetchOrFail(context, new URL(path, `${context.baseUrl}/`).href);
}

async function fetchOrFail(context: SmokeContext, url: string, init: RequestInit = {}): Promise<Response> {
  try {
    const headers = {
      Accept: 'application/json',
      'User-Agent': 'earshot-smoke/1.0',
      ...(init.headers as Record<string, string> | undefined),
    };
    return await context.fetch(url, { ...init, headers, signal: AbortSignal.timeout(15_000) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new SmokeFailure(`could not fetch ${url}: ${cause?.code ?? cause?.message ?? (error as Error).message}`);
  }
}

async function expectJsonError(
  response: Response,
  expected: { error: string; statusCode: number },
  context: SmokeContext,
  headers = ['access-control-allow-origin', ...SECURITY_HEADERS],
): Promise<void> {
  expectStatus(response, expected.statusCode);
  expectHeaders(
    response,
    { ...resolveHeaders(context.config, '/api/'), 'content-type': 'application/json; charset=utf-8' },
    ['content-type', ...headers],
  );
  const body = await readJson(response);
  expectValid('Error', body);
  if (JSON.stringify(body) !== JSON.stringify(expected))
    throw new SmokeFailure(`the body must be ${JSON.stringify(expected)} (got ${JSON.stringify(body)})`);
}

function expectStatus(response: Response, status: number): void {
  if (response.status !== status)
    throw new SmokeFailure(`expected status ${status}, got ${response.status} ${response.statusText}`.trimEnd());
}

/** Each named header must equal what `netlify.toml` sets; and no answer may set a cookie. */
function expectHeaders(response: Response, expected: Record<string, string>, names: string[]): void {
  const wrong = names.flatMap((name) => {
    const want = expected[name];
    const got = response.headers.get(name);
    return want === undefined || got === want
      ? []
      : [`${name} must be ${JSON.stringify(want)} (got ${JSON.stringify(got)})`];
  });
  if (wrong.length > 0) throw new SmokeFailure(wrong.join('; '));
  expectNoCookie(response);
}

function expectNoCookie(response: Response): void {
  if (response.headers.has('set-cookie'))
    throw new SmokeFailure(`answers must never set a cookie (got Set-Cookie: ${response.headers.get('set-cookie')})`);
}

/**
 * Browsers may cache an API answer at most as long as `netlify.toml` says. Compared by max-age,
 * not as text: a CDN may add directives of its own.
 */
function expectBrowserCacheAtMost(response: Response, configured: string | undefined): void {
  const limit = readMaxAge(configured);
  const got = response.headers.get('cache-control');
  const maxAge = readMaxAge(got ?? undefined);
  if (limit !== undefined && (maxAge === undefined || maxAge > limit)) {
    throw new SmokeFailure(
      `cache-control must have a max-age of at most ${limit} seconds (got ${JSON.stringify(got)})`,
    );
  }
}

function readMaxAge(cacheControl: string | undefined): number | undefined {
  const match = /(?:^|,)\s*max-age=(\d+)/.exec(cacheControl ?? '');
  return match ? Number(match[1]) : undefined;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new SmokeFailure(`the body is not JSON: ${JSON.stringify(text.slice(0, 80))}`);
  }
}

let validator: ReturnType<typeof createSchemaValidator> | undefined;

function expectValid(schema: ApiSchemaName, body: unknown): void {
  validator ??= createSchemaValidator();
  const validate = validator.getSchema(apiSchemas[schema].$id)!;
  if (validate(body)) return;
  const problems = (validate.errors ?? []).map((error) => `#${error.instancePath} ${error.message ?? ''}`.trim());
  throw new SmokeFailure(`the body is not a valid ${schema}: ${problems.join('; ')}`);
}
