/**
 * What this project relies on Netlify's CDN to do, one row per behaviour: where Netlify says so
 * (a docs page, or a source file of Netlify's own packages), a request, and the answer expected.
 * The local server's tests send every row to `npm start`'s server (tests/e2e/netlify-conformance.spec.ts).
 * A row marked `judge: 'deploy'` is one only the real CDN can settle (it is undocumented, or the
 * local server's answer is its own choice): `npm run smoke` sends it to the deploy and fails when
 * the deploy answers otherwise. Requests leave as written, byte for byte: `//api/…` and `/./api/…`
 * are sent as such, not resolved by a URL parser first.
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
  /** The row needs the API's window spent first (a burst of GETs until a 429): run it after one. */
  afterApiLimited?: boolean;
  expect: {
    status?: number;
    /** The JSON Error body, with `application/json`. */
    jsonError?: { error: string; statusCode: number };
    /** Headers that must be present with exactly these values. */
    headers?: Record<string, string>;
  };
  /** `deploy`: only the real CDN can judge it, and `npm run smoke` asks it. */
  judge: 'local' | 'deploy';
}

const REWRITES_LIMITATIONS = 'https://docs.netlify.com/manage/routing/redirects/rewrites-proxies/#limitations';
const REDIRECT_MATCHER =
  'netlify-redirector (the matcher netlify-cli uses); https://docs.netlify.com/manage/routing/redirects/redirect-options/#trailing-slash';
const FUNCTION_ROUTES = '@netlify/zip-it-and-ship-it, src/utils/routes.ts (an optional trailing slash on every path)';
const UNDOCUMENTED_PATHS = 'undocumented: how the CDN normalises a path before its rules';
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
    behaviour: `a function's request body over ${MAX_FUNCTION_BODY_BYTES} bytes is refused with 413`,
    citation:
      'https://docs.netlify.com/build/functions/overview/#default-deployment-options (6 MB; the status is undocumented)',
    request: { method: 'POST', path: '/api/v1/platforms', bodyBytes: MAX_FUNCTION_BODY_BYTES + 1 },
    expect: { status: 413 },
    judge: 'deploy',
  },
  {
    behaviour: `a function's request body of exactly ${MAX_FUNCTION_BODY_BYTES} bytes reaches the function (here, its 405)`,
    citation:
      'https://docs.netlify.com/build/functions/overview/#default-deployment-options (how bytes are counted is undocumented)',
    request: { method: 'POST', path: '/api/v1/platforms', bodyBytes: MAX_FUNCTION_BODY_BYTES },
    expect: { status: 405, jsonError: METHOD_NOT_ALLOWED },
    judge: 'deploy',
  },
  {
    behaviour:
      'a `.md` file is served as text/markdown; charset=utf-8 (by its extension; no header rule can match one)',
    citation: "undocumented: the CDN's Content-Type for an extension",
    request: { method: 'GET', path: '/docs/cli.md' },
    expect: { status: 200, headers: { 'content-type': 'text/markdown; charset=utf-8' } },
    judge: 'deploy',
  },
  {
    behaviour: "a preflight is not refused while the API's GET window is spent: it counts in a window of its own",
    citation:
      'https://docs.netlify.com/manage/security/secure-access-to-sites/rate-limiting/ (whether OPTIONS shares a window is undocumented)',
    afterApiLimited: true,
    request: {
      method: 'OPTIONS',
      path: '/api/v1/platforms',
      headers: { origin: 'https://example.com', 'access-control-request-method': 'GET' },
    },
    expect: { status: 204, headers: { 'access-control-allow-origin': '*' } },
    judge: 'deploy',
  },
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
  if (expect.jsonError) {
    const type = String(answer.headers['content-type'] ?? '');
    if (!type.startsWith('application/json')) problems.push(`content-type ${JSON.stringify(type)}, expected JSON`);
    if (answer.body.trim() !== JSON.stringify(expect.jsonError))
      problems.push(`body ${JSON.stringify(answer.body.slice(0, 120))}, expected ${JSON.stringify(expect.jsonError)}`);
  }
  return problems;
}

/**
 * The table's rows as checks of `npm run smoke`, against a deploy: those that need the API's
 * window spent (`afterApiLimited`) only after the burst check has spent it.
 */
export function buildConformanceChecks(baseUrl: string, afterApiLimited: boolean): SmokeCheck[] {
  return NETLIFY_CONFORMANCE.filter((row) => Boolean(row.afterApiLimited) === afterApiLimited).map((row) => ({
    name: `${row.request.method} ${row.request.path} (Netlify conformance${row.judge === 'deploy' ? ', a deploy judges' : ''}): ${row.behaviour}`,
    run: async () => {
      let answer: RawAnswer;
      try {
        answer = await sendRow(baseUrl, row);
      } catch (error) {
        throw new SmokeFailure(`could not send it: ${(error as Error).message}`);
      }
      const problems = judgeAnswer(row, answer);
      if (problems.length > 0) throw new SmokeFailure(`${problems.join('; ')} (${row.citation})`);
    },
  }));
}
