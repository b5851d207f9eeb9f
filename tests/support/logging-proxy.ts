import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProxy } from 'proxy';

export interface LoggingProxy {
  url: string;
  /** Every request the proxy received, as its access log would show it: `GET http://host/path` or `CONNECT host:443`. */
  log: string[];
  stop(): Promise<void>;
}

/**
 * A real HTTP forward proxy on loopback: `proxy` (TooTallNate's, the one undici's own tests use),
 * not one of ours, so that the client is proven against a proxy as others wrote it. It forwards
 * plain requests and tunnels CONNECT; the log is read off the server it runs on.
 */
export async function startLoggingProxy(): Promise<LoggingProxy> {
  const log: string[] = [];
  const server = createProxy(createServer());
  server.on('request', (request) => log.push(`${request.method} ${request.url}`));
  server.on('connect', (request) => log.push(`CONNECT ${request.url}`));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    log,
    stop: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
