import { spawnSync } from 'node:child_process';
import { request as forward, type IncomingHttpHeaders } from 'node:http';
import { createSecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';

export interface Http2Proxy {
  url: string;
  stop(): Promise<void>;
}

/** Headers that describe one HTTP/1.1 connection: HTTP/2 forbids them in an answer. */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

/**
 * A loopback proxy that speaks to the browser as Netlify's CDN does: HTTPS with HTTP/2 (every
 * request of a page shares one connection), relaying the local CDN's answers byte for byte, already
 * compressed by it (tooling/local-cdn/compress-response.ts). The local server speaks HTTP/1.1, over
 * which Lighthouse's simulated phone opened a new connection (a 150 ms handshake) for each module
 * script. Its certificate is made for the run (`openssl`), so the browser must ignore certificate
 * errors (`--ignore-certificate-errors`).
 */
export async function startHttp2Proxy(origin: string): Promise<Http2Proxy> {
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
        const kept = Object.fromEntries(
          Object.entries(answer.headers).filter(([name]) => !CONNECTION_HEADERS.has(name)),
        );
        outgoing.writeHead(answer.statusCode ?? 502, kept);
        answer.pipe(outgoing);
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
