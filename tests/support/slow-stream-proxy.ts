import { createServer, type Server } from 'node:http';

/** What fetch has already undone (compression, length, chunking) or what belongs to one connection. */
const TRANSFER_HEADERS = new Set([
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);

export interface SlowStreamProxy {
  url: string;
  stop(): Promise<void>;
}

/**
 * A loopback proxy in front of the site that sends HTML pages the way a slow network delivers
 * them: a few kilobytes at a time, with pauses between. A browser paints what it has parsed so
 * far, so a layout that depends on content arriving later shifts in front of the reader; served
 * at once from loopback, the whole page is parsed before the first paint and nothing shows.
 * Everything but HTML passes through whole. The server's headers pass on (its
 * Content-Security-Policy among them), but for those that describe the transfer itself.
 */
export async function startSlowStreamProxy(
  origin: string,
  options: { chunkBytes?: number; pauseMs?: number } = {},
): Promise<SlowStreamProxy> {
  const { chunkBytes = 4096, pauseMs = 40 } = options;
  const server: Server = createServer(async (request, response) => {
    try {
      const upstream = await fetch(new URL(request.url ?? '/', origin), {
        headers: { accept: request.headers.accept ?? '*/*' },
      });
      const type = upstream.headers.get('content-type') ?? 'application/octet-stream';
      const body = Buffer.from(await upstream.arrayBuffer());
      const headers = Object.fromEntries(
        [...upstream.headers].filter(([name]) => !TRANSFER_HEADERS.has(name.toLowerCase())),
      );
      response.writeHead(upstream.status, { ...headers, 'content-type': type, 'cache-control': 'no-store' });
      if (!type.startsWith('text/html')) return void response.end(body);
      for (let offset = 0; offset < body.length; offset += chunkBytes) {
        response.write(body.subarray(offset, offset + chunkBytes));
        await new Promise((done) => setTimeout(done, pauseMs));
      }
      response.end();
    } catch (error) {
      response.writeHead(502, { 'content-type': 'text/plain' }).end(String(error));
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the slow-stream proxy has no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    stop: () => new Promise((done) => server.close(() => done())),
  };
}
