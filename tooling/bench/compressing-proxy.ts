import { createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export interface CompressingProxy {
  url: string;
  stop(): Promise<void>;
}

/** Types a CDN compresses: text, and the JSON, JavaScript, XML and SVG that are text too. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|[\w.+-]+\+(json|xml))|image\/svg\+xml)/;

/**
 * A loopback proxy that gzips (level 6, as a CDN compresses on the fly) what a browser accepts
 * compressed: the local server sends every file as it is, and Netlify's CDN does not. Lighthouse
 * scores what a reader downloads, so it measures through this proxy.
 */
export async function startCompressingProxy(origin: string): Promise<CompressingProxy> {
  const target = new URL(origin);
  const server = createServer((incoming, outgoing) => {
    const upstream = forward(
      {
        host: target.hostname,
        port: target.port,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.once('end', () => {
          const body = Buffer.concat(chunks);
          const type = String(answer.headers['content-type'] ?? '');
          const accepts = /\bgzip\b/.test(String(incoming.headers['accept-encoding'] ?? ''));
          const headers = { ...answer.headers };
          delete headers['content-length'];
          delete headers['transfer-encoding'];
          if (!accepts || !COMPRESSIBLE.test(type) || answer.headers['content-encoding'] || body.length === 0)
            return void outgoing.writeHead(answer.statusCode ?? 502, headers).end(body);
          const compressed = gzipSync(body, { level: 6 });
          outgoing
            .writeHead(answer.statusCode ?? 502, { ...headers, 'content-encoding': 'gzip', vary: 'Accept-Encoding' })
            .end(compressed);
        });
      },
    );
    upstream.once('error', (error) => outgoing.writeHead(502, { 'content-type': 'text/plain' }).end(error.message));
    incoming.pipe(upstream);
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((done) => server.close(() => done())),
  };
}
