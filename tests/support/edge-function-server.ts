/**
 * Run by Deno, the runtime of Netlify's edge functions (`deno run --allow-net
 * tests/support/edge-function-server.ts <origin> <function module>`): a real HTTP server on
 * loopback that does what Netlify's edge does for one edge function, in front of the local static
 * server at <origin>. A request that the function's `config` selects (path, excludedPath, method,
 * header) goes to the function, whose `context.next()` is the origin's answer; every other request,
 * the function's own `fetch` of the Markdown twin included, goes to the origin as it is. Prints
 * `listening <port>` once it answers.
 */

// A module (top-level await, names of its own), though it exports nothing.
export {};

/** What this script uses of Deno's API (the project type-checks it with Node's types). */
declare const Deno: {
  args: string[];
  cwd(): string;
  serve(
    options: { hostname: string; port: number; onListen(address: { port: number }): void },
    handler: (request: Request) => Promise<Response>,
  ): unknown;
};

interface EdgeConfig {
  path: string | string[];
  excludedPath?: string | string[];
  method?: string | string[];
  header?: Record<string, string | boolean>;
}

type EdgeFunction = (request: Request, context: { next(): Promise<Response> }) => Promise<Response>;

const [origin, modulePath] = Deno.args;
if (!origin || !modulePath) throw new Error('usage: edge-function-server.ts <origin> <function module>');
const originUrl = new URL(origin);
const { default: edgeFunction, config } = (await import(new URL(modulePath, `file://${Deno.cwd()}/`).href)) as {
  default: EdgeFunction;
  config: EdgeConfig;
};

const list = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat());

/** Netlify's selection: a path pattern matches (URLPattern), no excluded one does, the method and every header condition hold. */
function selects(request: Request): boolean {
  const { pathname } = new URL(request.url);
  const matches = (pattern: string) => new URLPattern({ pathname: pattern }).test({ pathname });
  if (!list(config.path).some(matches) || list(config.excludedPath).some(matches)) return false;
  if (config.method && !list(config.method).includes(request.method)) return false;
  return Object.entries(config.header ?? {}).every(([name, condition]) => {
    const value = request.headers.get(name);
    if (typeof condition === 'boolean') return (value !== null) === condition;
    return value !== null && new RegExp(condition).test(value);
  });
}

/** The origin's answer to the same request; the body as fetch decoded it, so without its encoding and length. */
async function fromOrigin(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  headers.delete('host');
  headers.delete('accept-encoding');
  // The path as it came, on the origin: `new URL('//x/', origin)` would leave for another host.
  const target = new URL(originUrl);
  target.pathname = url.pathname;
  target.search = url.search;
  const answer = await fetch(target, {
    method: request.method,
    headers,
    redirect: 'manual',
  });
  const answerHeaders = new Headers(answer.headers);
  answerHeaders.delete('content-encoding');
  answerHeaders.delete('content-length');
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: answerHeaders });
}

Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: ({ port }) => console.log(`listening ${port}`) }, (request) =>
  selects(request) ? edgeFunction(request, { next: () => fromOrigin(request) }) : fromOrigin(request),
);
