import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { startLocalCdn } from './local-cdn/local-cdn.ts';

export interface LocalServer {
  url: string;
  stop(): Promise<void>;
}

/** What only Netlify's CDN does, said once when the local server starts. */
export const ONLY_ON_THE_CDN =
  'only a deploy caches answers at the edge (purged by each deploy) and counts clients behind proxies by their real address; here each client counts by the address it connects from';

/** Asks the OS for a free loopback port. */
export function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Serves the built `dist/` as Netlify's CDN does, offline (tooling/local-cdn/): the rules of
 * `netlify.toml`, `dist/_headers` and `dist/_redirects`, the rate limits, the functions and the
 * edge functions. Resolves once it answers; needs a built `dist/`. `timeoutMs` bounds the start
 * (the edge runtime, Deno, is the slow part on a loaded machine). `rateLimitedHost` limits only
 * the requests sent to that Host (tooling/local-cdn/request-chain.ts): the test run's choice.
 */
export async function startLocalServer(
  options: { port?: number; timeoutMs?: number; rateLimitedHost?: string } = {},
): Promise<LocalServer> {
  const port = options.port ?? (await findFreePort());
  const timeoutMs = options.timeoutMs ?? Number(process.env.EARSHOT_SERVER_START_TIMEOUT ?? 120) * 1000;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, failed) => {
    timer = setTimeout(
      () =>
        failed(new Error(`the local server did not start within ${timeoutMs / 1000} s (EARSHOT_SERVER_START_TIMEOUT)`)),
      timeoutMs,
    );
  });
  const starting = startLocalCdn({
    port,
    ...(options.rateLimitedHost && { rateLimitedHost: options.rateLimitedHost }),
  });
  try {
    const cdn = await Promise.race([starting, timeout]);
    return { url: cdn.url, stop: cdn.stop };
  } catch (error) {
    void starting.then(
      (cdn) => cdn.stop(),
      () => undefined,
    );
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Stops a process started with `detached: true` and everything it started. */
export async function stopProcessGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((done) => child.once('exit', done));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }, 5000);
  await exited;
  clearTimeout(timer);
}
