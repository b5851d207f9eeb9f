/**
 * Run by Deno, the runtime of Netlify's edge functions (tooling/local-cdn/edge-functions.ts starts
 * it): `deno run edge-runtime.ts <origin> <module URL>…`. It imports each edge function module, prints
 * `listening <port> <configs as JSON>` once it answers, and runs, for each request, the functions
 * that the local CDN selected for it (header `x-local-cdn-edge`: their names, in order). Each
 * function's `context.next()` is the next one, then the origin: the rest of the CDN's request
 * chain, which the local CDN serves at <origin>.
 * @see https://docs.netlify.com/build/edge-functions/api/
 */

// A module (top-level await, names of its own), though it exports nothing.
export {};

/** What this script uses of Deno's API (the project type-checks it with Node's types). */
declare const Deno: {
  args: string[];
  serve(
    options: { hostname: string; port: number; onListen(address: { port: number }): void },
    handler: (request: Request) => Promise<Response>,
  ): unknown;
};

type Next = () => Promise<Response>;
type EdgeFunction = (
  request: Request,
  context: { next: Next },
) => Promise<Response | URL | undefined> | Response | URL | undefined;

const [origin, ...modules] = Deno.args;
if (!origin || modules.length === 0) throw new Error('usage: edge-runtime.ts <origin> <module>…');
const originUrl = new URL(origin);

const functions = new Map<string, EdgeFunction>();
const configs: { name: string; config: unknown }[] = [];
for (const moduleUrl of modules) {
  const { default: handler, config } = (await import(moduleUrl)) as { default: EdgeFunction; config: unknown };
  const name = moduleUrl.replace(/^.*\//, '').replace(/\.[^.]+$/, '');
  functions.set(name, handler);
  configs.push({ name, config });
}

/** The rest of the request chain for `pathAndQuery` (a rewrite's URL, or the request's own). */
async function fromOrigin(request: Request, body: ArrayBuffer | null, target: URL): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.delete('accept-encoding');
  headers.delete('x-local-cdn-edge');
  const url = new URL(originUrl);
  url.pathname = target.pathname;
  url.search = target.search;
  const answer = await fetch(url, { method: request.method, headers, body, redirect: 'manual' });
  // The body as fetch decoded it, so without its encoding and length.
  const answerHeaders = new Headers(answer.headers);
  answerHeaders.delete('content-encoding');
  answerHeaders.delete('content-length');
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: answerHeaders });
}

async function run(request: Request): Promise<Response> {
  const body = ['GET', 'HEAD'].includes(request.method) ? null : await request.arrayBuffer();
  const chain = (request.headers.get('x-local-cdn-edge') ?? '').split(',').filter((name) => functions.has(name));
  const step = async (index: number): Promise<Response> => {
    const name = chain[index];
    if (name === undefined) return fromOrigin(request, body, new URL(request.url));
    const answer = await functions.get(name)!(request, { next: () => step(index + 1) });
    if (answer instanceof URL) return fromOrigin(request, body, answer);
    return answer ?? step(index + 1);
  };
  try {
    return await step(0);
  } catch (error) {
    console.error(`edge function error on ${request.method} ${new URL(request.url).pathname}: ${String(error)}`);
    return new Response('Internal Server Error: an edge function failed\n', {
      status: 500,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
}

Deno.serve(
  {
    hostname: '127.0.0.1',
    port: 0,
    onListen: ({ port }) => console.log(`listening ${port} ${JSON.stringify(configs)}`),
  },
  run,
);
