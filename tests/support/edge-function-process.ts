import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

export interface EdgeFunctionServer {
  /** `http://127.0.0.1:<port>`: the edge function in front of the origin. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts tests/support/edge-function-server.ts in Deno (the project's `deno`, the runtime Netlify
 * runs edge functions in) with one edge function in front of `origin`, and resolves once it
 * listens. Deno keeps its cache in node_modules/.cache/deno and never looks for updates.
 */
export async function startEdgeFunctionServer(origin: string, functionModule: string): Promise<EdgeFunctionServer> {
  const denoDir = resolve('node_modules/.cache/deno');
  mkdirSync(denoDir, { recursive: true });
  const child: ChildProcess = spawn(
    resolve('node_modules/.bin/deno'),
    [
      'run',
      '--allow-net',
      '--allow-read',
      '--no-prompt',
      'tests/support/edge-function-server.ts',
      origin,
      functionModule,
    ],
    {
      env: { ...process.env, DENO_DIR: denoDir, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const port = await new Promise<string>((listening, failed) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^listening (\d+)$/.exec(line);
      if (match) listening(match[1]!);
    });
    child.once('exit', (code) => failed(new Error(`deno exited with ${code} before listening:\n${errors}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((stopped) => {
        if (child.exitCode !== null) return stopped();
        child.once('exit', () => stopped());
        child.kill();
      }),
  };
}
