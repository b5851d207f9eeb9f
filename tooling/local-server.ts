import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export interface LocalServer {
  url: string;
  stop(): Promise<void>;
}

/** Netlify CLI state (telemetry choice, Deno cache) stays inside the project, never in $HOME. */
const STATE_DIR = resolve('.netlify/local');

export function localServerEnv(): NodeJS.ProcessEnv {
  mkdirSync(STATE_DIR, { recursive: true });
  return {
    ...process.env,
    XDG_CONFIG_HOME: `${STATE_DIR}/config`,
    DENO_DIR: `${STATE_DIR}/deno`,
    NETLIFY_TELEMETRY_DISABLED: '1',
    BROWSER: 'none',
  };
}

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
 * Serves the built `dist/` the way Netlify's CDN does (headers, redirects and rewrites from
 * `netlify.toml`), offline and without an account, through `netlify dev`.
 */
export function spawnNetlifyDev(port: number, staticPort: number, stdio: 'inherit' | 'pipe' = 'inherit'): ChildProcess {
  const args = [
    'dev',
    '--offline',
    '--dir',
    'dist',
    '--port',
    String(port),
    '--staticServerPort',
    String(staticPort),
    '--no-open',
    '--skip-gitignore',
  ];
  return spawn('netlify', args, { env: localServerEnv(), stdio: ['ignore', stdio, stdio], detached: true });
}

/**
 * How long to wait for the server to answer before giving up. It waits on readiness, not on a
 * fixed delay: on a loaded 2-core machine `netlify dev` takes minutes to start, so the deadline only
 * catches a server that hangs (one that exits is reported at once). `EARSHOT_SERVER_START_TIMEOUT`
 * (seconds) overrides it.
 */
const START_TIMEOUT_MS = Number(process.env.EARSHOT_SERVER_START_TIMEOUT ?? 600) * 1000;

/** Starts the local server on a free port and resolves once it answers. Needs a built `dist/`. */
export async function startLocalServer(options: { port?: number; timeoutMs?: number } = {}): Promise<LocalServer> {
  const port = options.port ?? (await findFreePort());
  const child = spawnNetlifyDev(port, await findFreePort(), 'pipe');
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://localhost:${port}`;
  const stop = () => stopProcessGroup(child);
  const timeoutMs = options.timeoutMs ?? START_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`netlify dev exited with ${child.exitCode}:\n${output}`);
    try {
      await fetch(`${url}/openapi.json`, { signal: AbortSignal.timeout(1000) });
      return { url, stop };
    } catch {
      await new Promise((done) => setTimeout(done, 250));
    }
  }
  await stop();
  throw new Error(
    `netlify dev did not answer on ${url} within ${timeoutMs / 1000} s (EARSHOT_SERVER_START_TIMEOUT):\n${output}`,
  );
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
