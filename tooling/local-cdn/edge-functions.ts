/**
 * The site's edge functions, run in Deno (the project's `deno`, the runtime of Netlify's edge) by
 * tooling/local-cdn/edge-runtime.ts, and selected as Netlify selects them, by each function's own
 * `config` (which the runtime reports as it loaded it): a `path` pattern matches (URLPattern, with
 * an optional trailing slash, as @netlify/edge-bundler's `declaration.ts` compiles it), no
 * `excludedPath` does, the `method` and every `header` condition hold.
 * @see https://docs.netlify.com/build/edge-functions/declarations/
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { extname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { matchesPathPatterns } from './functions.ts';

export interface EdgeConfig {
  path?: string | string[];
  excludedPath?: string | string[];
  method?: string | string[];
  header?: Record<string, string | boolean>;
}

export interface EdgeRuntime {
  /** The functions in the order Netlify runs them (by file name), with their own config. */
  functions: { name: string; config: EdgeConfig }[];
  /** `http://127.0.0.1:<port>`: where the runtime takes the requests the CDN hands it. */
  url: string;
  stop(): Promise<void>;
}

const list = (value: string | string[] | undefined): string[] => (value === undefined ? [] : [value].flat());

/** Whether Netlify would run a function with this `config` for this request. */
export function edgeSelects(
  config: EdgeConfig,
  method: string,
  pathname: string,
  headers: IncomingHttpHeaders,
): boolean {
  if (!matchesPathPatterns(list(config.path), pathname) || matchesPathPatterns(list(config.excludedPath), pathname))
    return false;
  const methods = list(config.method).map((name) => name.toUpperCase());
  if (methods.length > 0 && !methods.includes(method)) return false;
  return Object.entries(config.header ?? {}).every(([name, condition]) => {
    const given = headers[name.toLowerCase()];
    const value = Array.isArray(given) ? given.join(', ') : given;
    if (typeof condition === 'boolean') return (value !== undefined) === condition;
    return value !== undefined && new RegExp(condition).test(value);
  });
}

/**
 * Starts the runtime with every edge function of `directory`, in front of `origin` (the rest of
 * the request chain), and resolves once it listens; undefined when there are none. Deno keeps its
 * cache in node_modules/.cache/deno and never looks for updates.
 */
export async function startEdgeRuntime(directory: string, origin: string): Promise<EdgeRuntime | undefined> {
  if (!existsSync(directory)) return undefined;
  const modules = readdirSync(directory)
    .filter((file) => ['.ts', '.js', '.mts', '.mjs', '.tsx', '.jsx'].includes(extname(file)))
    .sort()
    .map((file) => pathToFileURL(resolve(directory, file)).href);
  if (modules.length === 0) return undefined;
  const denoDir = resolve('node_modules/.cache/deno');
  mkdirSync(denoDir, { recursive: true });
  const runtime = resolve(import.meta.dirname, 'edge-runtime.ts');
  const child: ChildProcess = spawn(
    resolve('node_modules/.bin/deno'),
    ['run', '--allow-net', '--allow-read', '--no-prompt', runtime, origin, ...modules],
    {
      env: { ...process.env, DENO_DIR: denoDir, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
    process.stderr.write(chunk);
  });
  const listening = await new Promise<{ port: string; functions: EdgeRuntime['functions'] }>((listened, failed) => {
    child.once('error', (error) => failed(new Error(`the edge runtime (Deno) did not start: ${error.message}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^listening (\d+) (.*)$/.exec(line);
      if (match) listened({ port: match[1]!, functions: JSON.parse(match[2]!) as EdgeRuntime['functions'] });
      else process.stdout.write(`${line}\n`);
    });
    child.once('exit', (code) =>
      failed(
        new Error(`the edge runtime (Deno) exited with ${code} before listening: ${errors.trim().split('\n')[0]}`),
      ),
    );
  });
  return {
    functions: listening.functions,
    url: `http://127.0.0.1:${listening.port}`,
    stop: () =>
      new Promise<void>((stopped) => {
        if (child.exitCode !== null || child.signalCode !== null) return stopped();
        child.once('exit', () => stopped());
        child.kill();
      }),
  };
}
