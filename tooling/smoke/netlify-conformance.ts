/**
 * What this project relies on Netlify's CDN to do, one row per behaviour: where Netlify says so
 * (a docs page, or a source file of Netlify's own packages), a request, and the answer expected.
 * The local server's tests send every row to `npm start`'s server (tests/e2e/netlify-conformance.spec.ts).
 * Each row has a judge on a deploy:
 * - `local`: Netlify documents it; the local server does the same, and its tests settle it.
 * - `deploy`: the site depends on it (the JSON 404, the API's limit, what agents read) and only the
 *   real CDN can settle it: `npm run smoke` fails when the deploy answers otherwise.
 * - `observe`: Netlify documents nothing this site depends on: `npm run smoke` prints what the CDN
 *   did and never fails on it; the local server's tests still hold the local answer to the row.
 * Requests leave as written, byte for byte: `//api/…`, `/./api/…` and `\` are sent as such, not
 * resolved by a URL parser first.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { METHOD_NOT_ALLOWED, NOT_FOUND, TOO_MANY_REQUESTS } from '../../contract/api-errors.ts';
import { formatRateLimitPolicy } from '../../contract/rate-limit-fields.ts';
import { readRateLimit } from '../../contract/rate-limit.ts';
import { MAX_FUNCTION_BODY_BYTES } from '../local-cdn/request-chain.ts';
import { SmokeFailure, type SmokeCheck } from './smoke-checks.ts';

export interface ConformanceRow {
  behaviour: string;
  citation: string;
  request: { method: string; path: string; headers?: Record<string, string>; bodyBytes?: number };
  expect: {
    status?: number;
    /** The JSON Error body, with `application/json`. */
    jsonError?: { error: string; statusCode: number };
    /** Headers that must be present with exactly these values. */
    headers?: Record<string, string>;
    /** Headers whose media type (the value before `;`, any case) must be this one. */
    mediaTypes?: Record<string, string>;
    /** Headers whose comma-separated list must name this token (any case). */
    tokens?: Record<string, string>;
    /** Refused (4xx): never the file, never the function past its rule. */
    refused?: boolean;
    /** Refused (4xx), or answered 200 by the API's rate-limited route (its RateLimit-Policy). */
    guarded?: boolean;
    /** An error labelled application/json has the Error body of its status (the docs' rule to read it). */
    errorWhenJson?: boolean;
  };
  /** Who settles it: see the top of this file. */
  judge: 'local' | 'deploy' | 'observe';
}

const REWRITES_LIMITATIONS = 'https://docs.netlify.com/manage/routing/redirects/rewrites-proxies/#limitations';
const REDIRECT_MATCHER =
  'netlify-redirector (the matcher netlify-cli uses); https://docs.netlify.com/manage/routing/redirects/redirect-options/#trailing-slash';
const FUNCTION_ROUTES = '@netlify/zip-it-and-ship-it, src/utils/routes.ts (an optional trailing slash on every path)';
const UNDOCUMENTED_PATHS = 'undocumented: how the CDN normalises a path before its rules';
const CASE_SENSITIVE =
  'https://docs.netlify.com/manage/routing/redirects/redirect-options/ (rules match case-sensitively; how files are found is undocumented)';
const FUNCTION_LIMITS =
  'https://docs.netlify.com/build/functions/overview/#default-deployment-options (6 MB of request body; a binary body is Base64-encoded, so about 4.5 MB of bytes)';
const FUNCTION_RATE_LIMIT =
  "https://docs.netlify.com/manage/security/secure-access-to-sites/rate-limiting/ (a function's `rateLimit` without a `path`: whether it covers the function's own URL is undocumented)";
/** A binary body well under the function limit once Base64-encoded (4 MB → 5.3 MB of the 6 MB). */
export const BINARY_BODY_BYTES = 4 * 1024 * 1024;
/** The API's paths and `/mcp`, for the rows that spell them otherwise. */
const API_ROUTES = ['/api/v1/platforms', '/api/v1/capabilities'];
const MCP_ROUTE = '/mcp';

/** The ways to spell a path that a CDN may match one way and serve another: case, `%2F`, an encoded letter, `\`. */
export function respellings(path: string): { how: string; path: string }[] {
  const [, first, rest] = /^\/([^/]+)(.*)$/.exec(path)!;
  const hex = first!.charCodeAt(0).toString(16).toUpperCase();
  return [
    { how: 'in capitals', path: `/${first!.toUpperCase()}${rest}` },
    { how: 'with %2F for a slash', path: rest ? `/${first}${rest.replace('/', '%2F')}` : `/%2F${first}` },
    { how: 'with an encoded letter', path: `/%${hex}${first!.slice(1)}${rest}` },
    { how: 'with \\ for a slash', path: rest ? `/${first}${rest.replace('/', '\\')}` : `/\\${first}` },
  ];
}
const API_POLICY = formatRateLimitPolicy(readRateLimit());
const JSON_404 = { status: 404, jsonError: NOT_FOUND };

/** The paths a CDN may normalise into an API file, each of which must meet the JSON 404 rule. */
export const HOSTILE_API_PATHS = [
  '//api/v1/platforms.json',
  '/./api/v1/platforms.json',
  '/%2e/api/v1/platforms.json',
  '/docs/%2e%2e/api/v1/platforms.json',
];

export const NETLIFY_CONFORMANCE: ConformanceRow[] = [
  {
    behaviour: 'a rewrite from and to the same location is ignored: the JSON 404 needs a rule of its own',
    citation: REWRITES_LIMITATIONS,
    request: { method: 'GET', path: '/api/errors/404.json' },
    expect: JSON_404,
    judge: 'local',
  },
  {
    behaviour: "a redirect rule's `from` matches with a trailing slash",
    citation: REDIRECT_MATCHER,
    request: { method: 'GET', path: '/api/v1/platforms/' },
    expect: { status: 200, headers: { 'ratelimit-policy': API_POLICY } },
    judge: 'local',
  },
  {
    behaviour: "a function's `path` matches with a trailing slash",
    citation: FUNCTION_ROUTES,
    request: { method: 'GET', path: '/icons/earshot.svg/' },
    expect: { status: 200, headers: { 'content-type': 'image/svg+xml' } },
    judge: 'local',
  },
  {
    behaviour: "a function's `path` and `method` take a preflight with a trailing slash",
    citation: FUNCTION_ROUTES,
    request: {
      method: 'OPTIONS',
      path: '/openapi.json/',
      headers: { origin: 'https://example.com', 'access-control-request-method': 'GET' },
    },
    expect: { status: 204, headers: { 'access-control-allow-origin': '*' } },
    judge: 'local',
  },
  {
    behaviour: 'a function without a `path` answers at /.netlify/functions/<name> and under it',
    citation: 'https://docs.netlify.com/build/functions/get-started/#invoke-functions',
    request: { method: 'GET', path: '/.netlify/functions/too-many-requests/any/sub/path' },
    expect: { status: 429, jsonError: TOO_MANY_REQUESTS },
    judge: 'local',
  },
  ...HOSTILE_API_PATHS.map((path): ConformanceRow => ({
    behaviour: `${path} meets the rules of the path it names: the JSON 404, never the file`,
    citation: UNDOCUMENTED_PATHS,
    request: { method: 'GET', path },
    expect: JSON_404,
    judge: 'deploy',
  })),
  {
    behaviour: '//api/v1/platforms meets the rate-limited rule of /api/v1/platforms, with the API headers',
    citation: UNDOCUMENTED_PATHS,
    request: { method: 'GET', path: '//api/v1/platforms' },
    expect: { status: 200, headers: { 'ratelimit-policy': API_POLICY, 'access-control-allow-origin': '*' } },
    judge: 'deploy',
  },
  {
    behaviour: `a function's request body over ${MAX_FUNCTION_BODY_BYTES} bytes is refused (the local server answers 413)`,
    citation: `${FUNCTION_LIMITS}; the status is undocumented`,
    request: { method: 'POST', path: '/api/v1/platforms', bodyBytes: MAX_FUNCTION_BODY_BYTES + 1 },
    expect: { status: 413 },
    judge: 'observe',
  },
  {
    behaviour: `a binary request body of ${BINARY_BODY_BYTES} bytes (Base64, under 6 MB) reaches the function (here, its 405)`,
    citation: FUNCTION_LIMITS,
    request: {
      method: 'POST',
      path: '/api/v1/platforms',
      headers: { 'content-type': 'application/octet-stream' },
      bodyBytes: BINARY_BODY_BYTES,
    },
    expect: { status: 405, jsonError: METHOD_NOT_ALLOWED },
    judge: 'deploy',
  },
  {
    behaviour: 'a `.md` file is served as text/markdown (by its extension; no header rule can match one)',
    citation:
      "undocumented: the CDN's Content-Type for an extension; agents read the media type (RFC 7763), so its parameters may differ",
    request: { method: 'GET', path: '/docs/cli.md' },
    expect: { status: 200, mediaTypes: { 'content-type': 'text/markdown' } },
    judge: 'deploy',
  },
  {
    behaviour: 'a page is compressed with brotli for `Accept-Encoding: gzip, br`, varying on Accept-Encoding',
    citation: "undocumented: which types the CDN compresses, and how (the local CDN's choice: compress-response.ts)",
    request: { method: 'GET', path: '/docs/', headers: { 'accept-encoding': 'gzip, br' } },
    expect: { status: 200, headers: { 'content-encoding': 'br' }, tokens: { vary: 'Accept-Encoding' } },
    judge: 'observe',
  },
  ...[...API_ROUTES.flatMap((route) => [route, `${route}.json`]), MCP_ROUTE].flatMap((route) =>
    respellings(route).map(({ how, path }): ConformanceRow => {
      const file = route.endsWith('.json') || route === MCP_ROUTE;
      return {
        behaviour: file
          ? `${route} ${how} is refused: never the file or the function past its rule`
          : `${route} ${how} is refused, or meets the API's rate-limited rule`,
        citation: CASE_SENSITIVE,
        request: { method: 'GET', path },
        expect: file ? { refused: true } : { guarded: true },
        // A file past the JSON 404, or the function past its limit, would break the site; an
        // answer of the API itself may be counted or not, which one request cannot tell.
        judge: file ? 'deploy' : 'observe',
      };
    }),
  ),
  ...API_ROUTES.map((route): ConformanceRow => ({
    behaviour: `${route} in capitals: an error labelled application/json has the Error body (the /api/* header rule matches any case)`,
    citation: CASE_SENSITIVE,
    request: { method: 'GET', path: respellings(route)[0]!.path },
    expect: { guarded: true, errorWhenJson: true },
    judge: 'deploy',
  })),
  ...['TRACE', 'PROPFIND'].map((method): ConformanceRow => ({
    behaviour: `${method}, which no function may declare, gets the CDN's own answer (the local server: 405 in plain text)`,
    citation:
      "@netlify/zip-it-and-ship-it, in_source_config (a function's `method` is GET, POST, PUT, PATCH, OPTIONS, DELETE or HEAD); the CDN's answer is undocumented",
    request: { method, path: '/api/v1/platforms' },
    expect: { status: 405, mediaTypes: { 'content-type': 'text/plain' } },
    judge: 'observe',
  })),
  ...[
    ['too-many-requests', { status: 429, jsonError: TOO_MANY_REQUESTS }],
    ['mcp-too-many-requests', { status: 429 }],
    ['mcp', { status: 404 }],
  ].map(([name, expected]): ConformanceRow => ({
    behaviour: `/.netlify/functions/${name as string}, the function's own URL, answers as the function does (a limit without a \`path\`)`,
    citation: FUNCTION_RATE_LIMIT,
    request: { method: 'GET', path: `/.netlify/functions/${name as string}` },
    expect: expected as ConformanceRow['expect'],
    judge: 'observe',
  })),
];

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Sends a row's request to `baseUrl` with its request-target exactly as written. */
export function sendRow(
  baseUrl: string,
  row: ConformanceRow,
  extraHeaders: Record<string, string> = {},
): Promise<RawAnswer> {
  const base = new URL(baseUrl);
  const send = base.protocol === 'https:' ? httpsRequest : httpRequest;
  const body = row.request.bodyBytes === undefined ? undefined : Buffer.alloc(row.request.bodyBytes, 'x');
  return new Promise((answered, failed) => {
    const outgoing = send(
      {
        hostname: base.hostname,
        port: base.port,
        method: row.request.method,
        path: row.request.path,
        headers: {
          'user-agent': 'earshot-conformance/1.0',
          ...row.request.headers,
          ...extraHeaders,
          ...(body && { 'content-length': String(body.length) }),
        },
        timeout: 60_000,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += text.length < 100_000 ? chunk : ''));
        response.on('end', () => answered({ status: response.statusCode!, headers: response.headers, body: text }));
        response.on('error', failed);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer to ${row.request.method} ${row.request.path}`)));
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      // A server may answer a too-large body before reading it, then close: the answer came.
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : failed(error),
    );
    outgoing.end(body);
  });
}

/** What is wrong with an answer to a row, one line each; none when it conforms. */
export function judgeAnswer(row: ConformanceRow, answer: RawAnswer): string[] {
  const { expect } = row;
  const problems: string[] = [];
  if (expect.status !== undefined && answer.status !== expect.status)
    problems.push(`status ${answer.status}, expected ${expect.status}`);
  for (const [name, value] of Object.entries(expect.headers ?? {}))
    if (answer.headers[name] !== value)
      problems.push(`${name}: ${JSON.stringify(answer.headers[name] ?? null)}, expected ${JSON.stringify(value)}`);
  for (const [name, value] of Object.entries(expect.mediaTypes ?? {})) {
    const mediaType = String(answer.headers[name] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    if (mediaType !== value)
      problems.push(`${name}: ${JSON.stringify(answer.headers[name] ?? null)}, expected ${value}`);
  }
  for (const [name, token] of Object.entries(expect.tokens ?? {})) {
    const listed = String(answer.headers[name] ?? '')
      .split(',')
      .map((each) => each.trim().toLowerCase());
    if (!listed.includes(token.toLowerCase()))
      problems.push(`${name}: ${JSON.stringify(answer.headers[name] ?? null)}, expected it to name ${token}`);
  }
  const refused = answer.status >= 400 && answer.status < 500;
  if (expect.refused && !refused) problems.push(`status ${answer.status}, expected a 4xx`);
  if (expect.guarded && !refused && !(answer.status === 200 && answer.headers['ratelimit-policy'] === API_POLICY))
    problems.push(
      `status ${answer.status} with RateLimit-Policy ${JSON.stringify(answer.headers['ratelimit-policy'] ?? null)}, expected a 4xx or the API's limited route`,
    );
  if (expect.errorWhenJson && answer.status >= 400) {
    const type = String(answer.headers['content-type'] ?? '');
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      body = undefined;
    }
    const error = body as { error?: unknown; statusCode?: unknown } | undefined;
    if (/^application\/json/i.test(type) && !(typeof error?.error === 'string' && error.statusCode === answer.status))
      problems.push(
        `a ${answer.status} labelled ${type} whose body is not its Error: ${JSON.stringify(answer.body.slice(0, 120))}`,
      );
  }
  if (expect.jsonError) {
    const type = String(answer.headers['content-type'] ?? '');
    if (!type.startsWith('application/json')) problems.push(`content-type ${JSON.stringify(type)}, expected JSON`);
    if (answer.body.trim() !== JSON.stringify(expect.jsonError))
      problems.push(`body ${JSON.stringify(answer.body.slice(0, 120))}, expected ${JSON.stringify(expect.jsonError)}`);
  }
  return problems;
}

/** What came back, in one line: the status and the headers a row is about. */
function describeRawAnswer(answer: RawAnswer): string {
  const shown = ['content-type', 'content-encoding', 'vary', 'ratelimit-policy', 'location'];
  return [
    String(answer.status),
    ...shown.flatMap((name) =>
      answer.headers[name] === undefined ? [] : [`${name}: ${String(answer.headers[name])}`],
    ),
  ].join(', ');
}

/**
 * The table's rows as checks of `npm run smoke`, against a deploy: `observe` rows print what came
 * back and never fail; the others fail when the answer is not the row's.
 */
export function buildConformanceChecks(baseUrl: string): SmokeCheck[] {
  return NETLIFY_CONFORMANCE.map((row) => ({
    name: `${row.request.method} ${row.request.path} (Netlify conformance${row.judge === 'local' ? '' : `, ${row.judge === 'deploy' ? 'a deploy judges' : 'observed'}`}): ${row.behaviour}`,
    run: async () => {
      let answer: RawAnswer;
      try {
        answer = await sendRow(baseUrl, row);
      } catch (error) {
        if (row.judge === 'observe') return `could not send it: ${(error as Error).message}`;
        throw new SmokeFailure(`could not send it: ${(error as Error).message}`);
      }
      const problems = judgeAnswer(row, answer);
      if (row.judge === 'observe')
        return `${describeRawAnswer(answer)}${problems.length > 0 ? ` (not what the local server answers: ${problems.join('; ')})` : ''}`;
      if (problems.length > 0) throw new SmokeFailure(`${problems.join('; ')} (${row.citation})`);
      return undefined;
    },
  }));
}
