/**
 * Netlify's CDN, offline, in front of the publish directory: the edge functions in Deno, then the
 * request chain (request-chain.ts) with the functions in Node, every rule read from the site's own
 * files. Two loopback listeners: the public one, and the origin that the edge functions'
 * `context.next()` reaches. No request ends the server: a malformed one gets 400, a failing
 * function 500, and a client that hangs up is forgotten.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, request as forward, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readNetlifyConfig } from '../../site/lib/edge/netlify-config.ts';
import { compressResponse } from './compress-response.ts';
import { startEdgeRuntime, edgeSelects, type EdgeRuntime } from './edge-functions.ts';
import { loadFunctions } from './functions.ts';
import { createRedirectMatcher } from './redirect-matcher.ts';
import { createRequestChain, type ChainOptions, type RequestChain } from './request-chain.ts';
import { readRequestPath } from './request-path.ts';
import { readSiteRules } from './site-rules.ts';
import type { Client } from './sliding-window.ts';

export interface LocalCdn {
  url: string;
  /** The inner listener (the origin the edge functions reach): tests send to it what another local process could. */
  originUrl: string;
  /** One line: where it serves and what it emulates. */
  summary: string;
  stop(): Promise<void>;
}

/** A start that cannot succeed, with the one line that says why. */
export class StartError extends Error {}

/**
 * Request headers that only the local CDN's own hops may set. The origin listener reads the
 * client's address and Host from them only when the request also carries this start's secret
 * (`secret`: random, compared in constant time); any other local process that sends them is
 * counted by its own connecting address, as the CDN would count it.
 */
const INTERNAL = {
  edge: 'x-local-cdn-edge',
  ip: 'x-local-cdn-client-ip',
  host: 'x-local-cdn-host',
  secret: 'x-local-cdn-secret',
};

export interface LocalCdnOptions extends ChainOptions {
  port: number;
  configPath?: string;
}

export async function startLocalCdn(options: LocalCdnOptions): Promise<LocalCdn> {
  const configPath = options.configPath ?? 'netlify.toml';
  const rules = await readSiteRules(configPath).catch((error: Error) => {
    throw new StartError(error.message);
  });
  if (!existsSync(rules.publishDir))
    throw new StartError(`there is no ${rules.publishDir}/ to serve; run \`npm run build\` first`);
  const functions = await loadFunctions(rules.functionsDir);
  const chain = createRequestChain(rules, await createRedirectMatcher(rules.redirects), functions, options);
  // The site's domain, which `aggregate_by = ["domain"]` counts by: this server serves one site.
  const siteDomain = `localhost:${options.port}`;

  const secret = randomBytes(32).toString('base64url');
  const origin = createServer((request, response) => {
    const fromOuter = sameSecret(header(request, INTERNAL.secret), secret);
    const client = {
      ip: (fromOuter && header(request, INTERNAL.ip)) || clientAddress(request),
      domain: siteDomain,
    };
    const host = (fromOuter && header(request, INTERNAL.host)) || header(request, 'host') || '';
    void answer(request, response, () => runChain(chain, request, response, client, host, options.port));
  });
  const originUrl = `http://127.0.0.1:${await listen(origin, 0, '127.0.0.1')}`;
  const edgeDir = (readNetlifyConfig(configPath).build as { edge_functions?: string } | undefined)?.edge_functions;
  let edge: EdgeRuntime | undefined;
  try {
    edge = await startEdgeRuntime(edgeDir ?? 'netlify/edge-functions', originUrl);
  } catch (error) {
    origin.close();
    throw new StartError((error as Error).message);
  }

  const server = createServer((request, response) => {
    for (const name of Object.values(INTERNAL)) delete request.headers[name];
    const client: Client = { ip: clientAddress(request), domain: siteDomain };
    // On the way out, as the CDN does: text compressed by Accept-Encoding (compress-response.ts).
    compressResponse(request, response);
    void answer(request, response, () => {
      const selected = selectEdgeFunctions(edge, request);
      if (edge && selected.length > 0) return toEdge(edge, selected, request, response, client, options.port, secret);
      return runChain(chain, request, response, client, header(request, 'host') ?? '', options.port);
    });
  });
  keepIdleConnectionsLonger(server);
  keepIdleConnectionsLonger(origin);
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });
  origin.on('clientError', (_error, socket) => socket.destroy());
  try {
    await listen(server, options.port, '127.0.0.1');
  } catch (error) {
    await Promise.all([edge?.stop(), new Promise((closed) => origin.close(closed))]);
    const code = (error as NodeJS.ErrnoException).code;
    throw new StartError(
      code === 'EADDRINUSE'
        ? `port ${options.port} is in use; stop what serves there or choose another port (PORT=8889 npm start)`
        : `cannot listen on port ${options.port}: ${(error as Error).message}`,
    );
  }
  const limits =
    rules.redirects.filter((rule) => rule.rateLimit).length + functions.filter((fn) => fn.config.rateLimit).length;
  const edgeCount = edge?.functions.length ?? 0;
  return {
    url: `http://localhost:${options.port}`,
    originUrl,
    summary:
      `${rules.redirects.length} redirect rules, ${rules.headers.length} header rules, ${limits} rate limits, ` +
      `${functions.length} functions in Node, ${edgeCount} edge function${edgeCount === 1 ? '' : 's'} in Deno`,
    stop: async () => {
      server.closeAllConnections();
      origin.closeAllConnections();
      await Promise.all([
        new Promise((closed) => server.close(closed)),
        new Promise((closed) => origin.close(closed)),
        edge?.stop(),
      ]);
    },
  };
}

/**
 * Node closes an idle keep-alive connection after 5 s, the very moment a client may send its next
 * request on it (ECONNRESET). Like a CDN, the server keeps idle connections longer than clients
 * do, so that the client, not the server, is the one that closes them.
 */
function keepIdleConnectionsLonger(server: Server): void {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((listening, failed) => {
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      listening((server.address() as AddressInfo).port);
    });
  });
}

/** Runs one answer; whatever goes wrong, the server keeps serving and the client gets a status. */
async function answer(request: IncomingMessage, response: ServerResponse, run: () => Promise<void>): Promise<void> {
  request.on('error', () => undefined);
  response.on('error', () => undefined);
  try {
    await run();
  } catch (error) {
    console.error(`local CDN: ${request.method} ${(request.url ?? '').slice(0, 200)} failed: ${String(error)}`);
    if (!response.headersSent) {
      response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
      response.end('Internal Server Error\n');
    } else response.destroy();
  }
}

function runChain(
  chain: RequestChain,
  request: IncomingMessage,
  response: ServerResponse,
  client: Client,
  given: string,
  port: number,
): Promise<void> {
  // A Host that is not a plain host name or address is not used in URLs (as on the CDN, where it names the site).
  const host = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(given) ? given : `localhost:${port}`;
  return chain({ request, response, client, host });
}

function selectEdgeFunctions(edge: EdgeRuntime | undefined, request: IncomingMessage): string[] {
  if (!edge) return [];
  // The one decoded path the rest of the chain matches (request-path.ts), so that `/api%2fv1%2f…`
  // meets the edge function's `excludedPath` as `/api/v1/…` does.
  const { path } = readRequestPath(request.url ?? '/');
  return edge.functions
    .filter(({ config }) => edgeSelects(config, request.method ?? 'GET', path, request.headers))
    .map(({ name }) => name);
}

/** Hands the request to the edge runtime, with the names of the functions that run, and relays its answer. */
function toEdge(
  edge: EdgeRuntime,
  selected: string[],
  request: IncomingMessage,
  response: ServerResponse,
  client: Client,
  port: number,
  secret: string,
): Promise<void> {
  const { port: edgePort } = new URL(edge.url);
  const { pathname, search } = readRequestPath(request.url ?? '/');
  return new Promise((done) => {
    const outgoing = forward(
      {
        host: '127.0.0.1',
        port: edgePort,
        method: request.method,
        // The normalised path: the edge functions see the one path the rest of the chain sees.
        path: `${pathname}${search}`,
        headers: {
          ...request.headers,
          // The edge function's URL names this server, so that what it fetches comes back through it.
          host: `127.0.0.1:${port}`,
          [INTERNAL.edge]: selected.join(','),
          [INTERNAL.ip]: client.ip,
          [INTERNAL.host]: header(request, 'host') ?? '',
          [INTERNAL.secret]: secret,
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        answer.on('end', () => done());
        answer.on('error', () => (response.destroy(), done()));
      },
    );
    outgoing.on('error', (error) => {
      if (!response.headersSent) {
        response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
        response.end(`Bad Gateway: the edge runtime did not answer (${error.message})\n`);
      } else response.destroy();
      done();
    });
    request.pipe(outgoing);
  });
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Whether a request carries this start's secret: compared in constant time. */
function sameSecret(given: string | undefined, secret: string): boolean {
  if (given === undefined) return false;
  const [a, b] = [Buffer.from(given), Buffer.from(secret)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The client's address as the CDN would count it: the connecting address (IPv4-mapped IPv6 unwrapped). */
function clientAddress(request: IncomingMessage): string {
  return (request.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');
}
