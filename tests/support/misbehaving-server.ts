import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback HTTP server on an OS-picked port that plays the API well or badly. Each scenario
 * lives under its own path prefix, so one server serves them all: the client's base URL is
 * `${server.url}/<scenario>`, and `/<scenario>/api/v1/platforms` behaves as the scenario says.
 */
export interface MisbehavingServer {
  url: string;
  /** Every request received, in order. */
  requests: { path: string; headers: IncomingHttpHeaders }[];
  stop(): Promise<void>;
}

export const validPlatforms = {
  data: [
    { id: 'reddit', name: 'Reddit', targetTypes: ['keyword', 'subreddit'] },
    { id: 'hacker-news', name: 'Hacker News', targetTypes: ['keyword'] },
  ],
};

export function validCapabilities(origin: string, scenario = 'ok') {
  const base = `${origin}/${scenario}`;
  return {
    data: {
      product: 'Earshot',
      description: 'Monitors platforms.',
      platforms: validPlatforms.data,
      resources: {
        documentation: `${base}/docs/`,
        authentication: `${base}/docs/authentication/`,
        webhooks: `${base}/docs/webhooks/`,
        openapi: `${base}/openapi.json`,
        mcp: `${base}/mcp.json`,
        cli: `${base}/docs/cli/`,
      },
    },
  };
}

export const validOpenApi = {
  openapi: '3.1.0',
  info: { title: 'Earshot API', version: '1.0.0' },
  paths: {
    '/api/v1/platforms': { get: { operationId: 'listServicePlatforms', summary: 'List the supported platforms' } },
  },
};

/** The MCP configuration a build at `site` serves: it names its own origin, as a real build does. */
export const validMcpConfig = (site: string) => ({
  mcpServers: {
    earshot: { type: 'http', url: `${site}/mcp` },
    'earshot-stdio': {
      type: 'stdio',
      command: 'npx',
      args: ['-y', `${site}/cli/earshot-1.0.0-0123456789.tgz`, 'mcp', '--base-url', site],
    },
  },
});

const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
};

type Handler = (response: ServerResponse, context: { origin: string; resource: string }) => void;

/** What each scenario answers, whatever the resource asked for (unless it says otherwise). */
const scenarios: Record<string, Handler> = {
  ok(response, { origin, resource }) {
    const bodies: Record<string, unknown> = {
      '/api/v1/platforms': validPlatforms,
      '/api/v1/capabilities': validCapabilities(origin),
      '/openapi.json': validOpenApi,
      '/mcp.json': validMcpConfig(origin),
    };
    if (resource in bodies) json(response, 200, bodies[resource]);
    else json(response, 404, { error: 'Not Found', statusCode: 404 });
  },
  'rate-limited': (response) =>
    json(response, 429, { error: 'Too Many Requests', statusCode: 429 }, { 'retry-after': '0' }),
  'rate-limited-long': (response) =>
    json(response, 429, { error: 'Too Many Requests', statusCode: 429 }, { 'retry-after': '3600' }),
  'server-error': (response) => json(response, 503, { error: 'Service Unavailable', statusCode: 503 }),
  'not-found': (response) => json(response, 404, { error: 'Not Found', statusCode: 404 }),
  html(response) {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html><body><h1>Welcome to our Wi-Fi</h1></body></html>');
  },
  'invalid-json': (response) => json(response, 200, '{"data": [{"id": "reddit",'),
  // A platform without its name: a field every v1 client may rely on is missing.
  'schema-breaking': (response) => json(response, 200, { data: [{ id: 'reddit', targetTypes: ['keyword'] }] }),
  oversized(response) {
    // No Content-Length: the client has to notice while reading.
    response.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(64 * 1024, ' ');
    response.write('{"data": [');
    let sent = 0;
    const pump = () => {
      while (sent < 8 * 1024 * 1024) {
        sent += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', pump);
      }
      response.end(']}');
    };
    response.on('error', () => {});
    pump();
  },
  'oversized-declared': (response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(64 * 1024 * 1024) });
    response.write('{"data": [');
  },
  // Answers nothing, ever: the client's timeout has to end it.
  silent: () => {},
  // Two paths that send the client to each other.
  'redirect-loop'(response, { resource }) {
    response.writeHead(302, {
      location: resource.endsWith('/elsewhere') ? `/redirect-loop/api/v1/platforms` : '/redirect-loop/elsewhere',
    });
    response.end();
  },
  // Always somewhere new: /redirect-forever/1, /2, … (no loop, just never an answer).
  'redirect-forever'(response, { resource }) {
    const step = Number(/^\/(\d+)$/.exec(resource)?.[1] ?? 0);
    response.writeHead(307, { location: `/redirect-forever/${step + 1}` });
    response.end();
  },
  // Valid capabilities whose MCP link names a host that does not resolve.
  'mcp-elsewhere'(response, { origin, resource }) {
    if (resource !== '/api/v1/capabilities') return json(response, 404, { error: 'Not Found', statusCode: 404 });
    const capabilities = validCapabilities(origin, 'mcp-elsewhere');
    capabilities.data.resources.mcp = 'http://mcp.nonexistent.invalid/mcp.json';
    json(response, 200, capabilities);
  },
};

export async function startMisbehavingServer(): Promise<MisbehavingServer> {
  const requests: MisbehavingServer['requests'] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    requests.push({ path, headers: request.headers });
    const [, scenario = '', ...rest] = path.split('/');
    const handler = scenarios[scenario];
    if (!handler) return json(response, 404, { error: 'Not Found', statusCode: 404 });
    handler(response, { origin: url, resource: `/${rest.join('/')}` });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    stop: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
