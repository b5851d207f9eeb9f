import { spawnSync } from 'node:child_process';
import { request as forward, type IncomingHttpHeaders } from 'node:http';
import { createSecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export interface CompressingProxy {
  url: string;
  stop(): Promise<void>;
}

/** Types a CDN compresses: text, and the JSON, JavaScript, XML and SVG that are text too. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|[\w.+-]+\+(json|xml))|image\/svg\+xml)/;

/** Headers that describe one HTTP/1.1 connection: HTTP/2 forbids them in an answer. */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

/**
 * A loopback proxy that serves as Netlify's CDN does: over HTTPS with HTTP/2 (every request of a
 * page shares one connection), gzipping (level 6, as a CDN compresses on the fly) what a browser
 * accepts compressed. The local server speaks HTTP/1.1 and compresses nothing. Lighthouse scores
 * what a reader downloads, and how: over HTTP/1.1 its simulated phone opened a new connection
 * (a 150 ms handshake) for each module script. Its certificate is made for the run (`openssl`),
 * so the browser must ignore certificate errors (`--ignore-certificate-errors`).
 */
export async function startCompressingProxy(origin: string): Promise<CompressingProxy> {
  const target = new URL(origin);
  const server = createSecureServer({ ...selfSignedCertificate(), allowHTTP1: true }, (incoming, outgoing) => {
    const headers: IncomingHttpHeaders = Object.fromEntries(
      Object.entries(incoming.headers).filter(([name]) => !name.startsWith(':')),
    );
    const upstream = forward(
      {
        host: target.hostname,
        port: target.port,
        path: incoming.url,
        method: incoming.method,
        headers: { ...headers, host: target.host },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.once('end', () => {
          const body = Buffer.concat(chunks);
          const type = String(answer.headers['content-type'] ?? '');
          const accepts = /\bgzip\b/.test(String(incoming.headers['accept-encoding'] ?? ''));
          const kept = Object.fromEntries(
            Object.entries(answer.headers).filter(
              ([name]) => !CONNECTION_HEADERS.has(name) && name !== 'content-length',
            ),
          );
          if (!accepts || !COMPRESSIBLE.test(type) || answer.headers['content-encoding'] || body.length === 0)
            return void outgoing.writeHead(answer.statusCode ?? 502, kept).end(body);
          const compressed = gzipSync(body, { level: 6 });
          outgoing
            .writeHead(answer.statusCode ?? 502, { ...kept, 'content-encoding': 'gzip', vary: 'Accept-Encoding' })
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
    url: `https://localhost:${port}`,
    stop: () => new Promise((done) => server.close(() => done())),
  };
}

/** A key and a certificate for localhost, valid for a day, made by `openssl` (Node cannot sign one). */
function selfSignedCertificate(): { key: string; cert: string } {
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      '-',
      '-out',
      '-',
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr || made.error?.message}`);
  const key = /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----\n/.exec(made.stdout)?.[0];
  const cert = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\n/.exec(made.stdout)?.[0];
  if (!key || !cert) throw new Error('openssl printed no key or certificate');
  return { key, cert };
}
