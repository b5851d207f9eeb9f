/**
 * What Netlify's CDN does with a request once the edge functions have passed it on, in its order,
 * all on the one path (request-path.ts: normalised, then decoded), each with Netlify's case rule
 * (a function's `path` in lower case, redirect rules as written, header rules in any case): a function whose own `path` takes it; else the
 * first redirect rule that matches (redirect-matcher.ts: netlify-redirector; a rule without
 * `force` gives way to a static file at the path), its rate limit first; else a function at
 * `/.netlify/functions/<name>`; else the static file; else `404.html` with 404. `[[headers]]` and
 * `_headers` rules apply to static answers, by that path; a function's answer carries its own
 * headers only. Every rule comes from the site's own files (site-rules.ts: Netlify's parsers) and
 * the functions' own `config` (functions.ts).
 * @see https://docs.netlify.com/platform/request-chain/
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { MatchRedirect } from './redirect-matcher.ts';
import { decodePath, readRequestPath } from './request-path.ts';
import type { HeaderRule, SiteRules } from './site-rules.ts';
import { SlidingWindows, type Client, type Limit } from './sliding-window.ts';
import { matchesEtag, StaticFiles } from './static-files.ts';
import {
  functionByDefaultPath,
  functionByPath,
  functionByRewrite,
  type FunctionRateLimit,
  type SiteFunction,
} from './functions.ts';

/** Netlify's limit on a synchronous function's request body. */
export const MAX_FUNCTION_BODY_BYTES = 6 * 1024 * 1024;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Read by the CDN's own cache and not passed on to clients. @see https://docs.netlify.com/build/caching/caching-overview/ */
const CDN_ONLY = 'netlify-cdn-cache-control';
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'expect',
  'content-length',
  'host',
]);

interface ChainRequest {
  request: IncomingMessage;
  response: ServerResponse;
  client: Client;
  /** The Host a function sees in its URL. */
  host: string;
}

export type RequestChain = (request: ChainRequest) => Promise<void>;

/** The headers that the rules give a static answer at `path`: every matching rule's values, a header that two rules set joined. */
export function ruleHeaders(rules: HeaderRule[], path: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) {
    if (!rule.forRegExp.test(path)) continue;
    for (const [name, value] of Object.entries(rule.values)) {
      const key = name.toLowerCase();
      headers[key] = headers[key] === undefined ? value : `${headers[key]}, ${value}`;
    }
  }
  return headers;
}

export interface ChainOptions {
  /**
   * When set, the rate limits count only requests sent to this Host (`127.0.0.1:8888`): the test
   * run's server, where many tests (many users, in the CDN's eyes) share one address, and the
   * tests of the limit itself send their bursts to this name.
   */
  rateLimitedHost?: string;
}

export function createRequestChain(
  rules: SiteRules,
  matchRedirect: MatchRedirect,
  functions: SiteFunction[],
  options: ChainOptions = {},
): RequestChain {
  const files = new StaticFiles(rules.publishDir);
  const windows = new SlidingWindows();
  const onlyHost = options.rateLimitedHost?.toLowerCase();
  const admit = (rule: string, limit: Limit, { client, host }: ChainRequest) =>
    (onlyHost !== undefined && host.toLowerCase() !== onlyHost) || windows.admit(rule, limit, client);

  return async (chainRequest) => {
    const { request } = chainRequest;
    const method = request.method ?? 'GET';
    const { pathname, path, search } = readRequestPath(request.url ?? '/');
    const exchange: Exchange = { ...chainRequest, method, pathname, search };

    const ownRoute = functionByPath(functions, method, path);
    if (ownRoute && !(ownRoute.config.preferStatic && (await files.lookup(path))?.kind === 'file'))
      return invokeLimited(ownRoute);

    const match = matchRedirect(path, search.slice(1));
    if (match && (match.force || (await files.lookup(path))?.kind !== 'file')) {
      const { rule, to, status } = match;
      if (rule.rateLimit && !admit(rule.source, rule.rateLimit, chainRequest))
        return overLimit(rule.rateLimit.action, rule.rateLimit.to);
      if (REDIRECT_STATUSES.has(status)) {
        const location = to.includes('?') ? to : `${to}${search}`;
        return sendAnswer(exchange, status, { location }, '');
      }
      return rewrite(to, status);
    }

    const byName = functionByDefaultPath(functions, path);
    if (byName) return invokeLimited(byName);

    const found = await files.lookup(path);
    if (found?.kind === 'redirect') return sendAnswer(exchange, 301, { location: `${found.location}${search}` }, '');
    if (found?.kind === 'file') return serveFile(found.file, 200);
    return notFound();

    /** Over a rule's limit: its rewrite, or Netlify's own 429. */
    async function overLimit(action: string | undefined, to: string | undefined): Promise<void> {
      if (action === 'rewrite' && to) return rewrite(to, 200);
      return sendAnswer(exchange, 429, textHeaders(), 'Too Many Requests\n');
    }

    async function rewrite(target: string, status: number): Promise<void> {
      const fn = functionByRewrite(functions, target);
      if (fn) return invokeFunction(exchange, fn);
      const found = await files.lookup(decodePath(target.split('?')[0]!));
      if (found?.kind === 'file') return serveFile(found.file, status);
      return notFound();
    }

    async function invokeLimited(fn: SiteFunction): Promise<void> {
      const limit = fn.config.rateLimit;
      if (limit && !admit(`function ${fn.name}`, functionLimit(limit), chainRequest))
        return overLimit(limit.action ?? 'rate_limit', limit.to);
      return invokeFunction(exchange, fn);
    }

    async function notFound(): Promise<void> {
      const page = await files.lookup('/404.html');
      if (page?.kind === 'file') return serveFile(page.file, 404);
      return sendAnswer(exchange, 404, textHeaders(), 'Not Found\n');
    }

    function serveFile(file: string, status: number): Promise<void> {
      return serveStaticFile(exchange, files, ruleHeaders(rules.headers, path), file, status);
    }
  };
}

/** One request on its way through the chain: what the answer is written to, and what was asked. */
interface Exchange extends ChainRequest {
  method: string;
  /** The path normalised (request-path.ts), not decoded. */
  pathname: string;
  search: string;
}

function sendAnswer(
  { method, response }: Exchange,
  status: number,
  headers: Record<string, string>,
  body: string | Buffer,
): void {
  if (response.headersSent) return void response.end();
  response.writeHead(status, headers);
  response.end(method === 'HEAD' || status === 304 ? undefined : body);
}

/** A static file with the rules' headers (they win over the file's defaults), or its 304, or a 405 to a write. */
async function serveStaticFile(
  exchange: Exchange,
  files: StaticFiles,
  fromRules: Record<string, string>,
  file: string,
  status: number,
): Promise<void> {
  if (exchange.method !== 'GET' && exchange.method !== 'HEAD')
    return sendAnswer(exchange, 405, { ...textHeaders(), allow: 'GET, HEAD' }, 'Method Not Allowed\n');
  const { body, headers: defaults } = await files.read(file);
  const { [CDN_ONLY]: _cdnOnly, ...headers } = { ...defaults, ...fromRules };
  if (status === 200 && matchesEtag(header(exchange.request, 'if-none-match'), defaults.etag!)) {
    const { 'content-type': _type, ...kept } = headers;
    return sendAnswer(exchange, 304, kept, '');
  }
  return sendAnswer(exchange, status, { ...headers, 'content-length': String(body.length) }, body);
}

/**
 * Methods a function's Request cannot carry (the Fetch standard forbids them): the local CDN
 * answers them itself, as it answers any method but GET and HEAD on a static file. What Netlify's
 * CDN does with them is undocumented (tooling/smoke/netlify-conformance.ts observes TRACE).
 * @see https://fetch.spec.whatwg.org/#forbidden-method
 */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** Runs a function as Netlify does (a Request and a Context in, a Response out) and writes its answer as it is. */
async function invokeFunction(exchange: Exchange, fn: SiteFunction): Promise<void> {
  const { request, response, client, host, method, pathname } = exchange;
  if (FORBIDDEN_METHODS.has(method.toUpperCase()))
    return sendAnswer(exchange, 405, { ...textHeaders(), allow: 'GET, HEAD' }, 'Method Not Allowed\n');
  const body = await readBody(request);
  // The rest of the body is read and dropped after the answer (Node does so for an unread request),
  // so that a client still sending it gets the 413 instead of a broken pipe.
  if (body === 'too large')
    return sendAnswer(exchange, 413, textHeaders(), 'Payload Too Large: a function takes at most 6 MB\n');
  if (body === 'aborted') return;
  let answer: Response;
  try {
    answer = await fn.handler(toFunctionRequest(exchange, body), {
      ip: client.ip,
      requestId: randomUUID(),
      site: { url: `http://${host}` },
      params: {},
      geo: {},
      server: { region: 'local' },
      waitUntil: (promise) => void promise.catch(() => undefined),
    });
  } catch (error) {
    console.error(`function ${fn.name} failed on ${method} ${pathname.slice(0, 200)}: ${String(error)}`);
    return sendAnswer(exchange, 500, textHeaders(), 'Internal Server Error: the function failed\n');
  }
  const headers: Record<string, string | string[]> = {};
  answer.headers.forEach((value, name) => {
    if (name !== CDN_ONLY) headers[name] = value;
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  response.writeHead(answer.status, headers);
  if (method === 'HEAD' || !answer.body) return void response.end();
  Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream)
    .on('error', () => response.destroy())
    .pipe(response);
}

/** The Request a function gets: the client's headers (hop-by-hop ones and the local server's own left out) and its address. */
function toFunctionRequest({ request, client, host, method, pathname, search }: Exchange, body: Buffer): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers))
    if (value !== undefined && !HOP_BY_HOP.has(name) && !name.startsWith('x-local-cdn-'))
      for (const each of [value].flat()) headers.append(name, each);
  headers.set('x-nf-client-connection-ip', client.ip);
  const url = `http://${host}${pathname}${search}`;
  return new Request(url, { method, headers, body: body.length > 0 ? new Uint8Array(body) : null });
}

function functionLimit(limit: FunctionRateLimit): Limit {
  return {
    windowLimit: limit.windowLimit,
    windowSize: limit.windowSize,
    aggregateBy: limit.aggregateBy ?? ['ip', 'domain'],
  };
}

function textHeaders(): Record<string, string> {
  return { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The request's body, at most a function's limit; `aborted` when the client hung up. */
function readBody(request: IncomingMessage): Promise<Buffer | 'too large' | 'aborted'> {
  if (Number(request.headers['content-length'] ?? 0) > MAX_FUNCTION_BODY_BYTES) return Promise.resolve('too large');
  return new Promise((done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_FUNCTION_BODY_BYTES) {
        request.removeAllListeners('data');
        request.resume();
        done('too large');
      } else chunks.push(chunk);
    });
    request.on('end', () => done(Buffer.concat(chunks)));
    request.on('aborted', () => done('aborted'));
    request.on('error', () => done('aborted'));
  });
}
