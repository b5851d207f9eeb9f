/**
 * The site's Netlify Functions (v2: a default export `(Request, Context) => Response` and an
 * `export const config`), imported from their own modules and routed by their own `config`, as
 * Netlify routes them: a function with a `path` answers there (and only there) for its `method`s
 * outside its `excludedPath`, ahead of the redirect rules and the static files unless
 * `preferStatic`; a function without one answers at `/.netlify/functions/<name>`. Node runs them,
 * as Netlify's functions run on Node.
 * @see https://docs.netlify.com/build/functions/configuration/
 */
import { readdirSync } from 'node:fs';
import { basename, extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface FunctionRateLimit {
  windowLimit: number;
  windowSize: number;
  aggregateBy?: string[];
  action?: string;
  to?: string;
}

interface FunctionConfig {
  path?: string | string[];
  excludedPath?: string | string[];
  method?: string | string[];
  preferStatic?: boolean;
  rateLimit?: FunctionRateLimit;
}

/** What a function may read of Netlify's Context here. */
interface FunctionContext {
  ip: string;
  requestId: string;
  site: { url: string };
  params: Record<string, string>;
  geo: Record<string, never>;
  server: { region: string };
  waitUntil(promise: Promise<unknown>): void;
}

export interface SiteFunction {
  name: string;
  config: FunctionConfig;
  handler: (request: Request, context: FunctionContext) => Response | Promise<Response>;
}

const list = (value: string | string[] | undefined): string[] => (value === undefined ? [] : [value].flat());

/** Every function module in `directory` (`.ts`, `.mts`, `.js`, `.mjs`), imported. */
export async function loadFunctions(directory: string): Promise<SiteFunction[]> {
  const files = readdirSync(directory)
    .filter((file) => ['.ts', '.mts', '.js', '.mjs'].includes(extname(file)))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const module = (await import(pathToFileURL(resolve(directory, file)).href)) as {
        default?: SiteFunction['handler'];
        config?: FunctionConfig;
      };
      if (typeof module.default !== 'function')
        throw new Error(
          `${directory}/${file}: a function module needs a default export (Request, Context) => Response`,
        );
      return { name: basename(file, extname(file)), config: module.config ?? {}, handler: module.default };
    }),
  );
}

/**
 * Whether a function's `path` (or `excludedPath`) patterns take `pathname`: URLPattern, with an
 * optional trailing slash, as zip-it-and-ship-it declares a function's routes to the CDN.
 * @see https://github.com/netlify/build/blob/main/packages/zip-it-and-ship-it/src/utils/routes.ts
 */
export function matchesPathPatterns(patterns: string[], pathname: string): boolean {
  const bare = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return patterns.some((pattern) => {
    const compiled = new URLPattern({ pathname: pattern });
    return compiled.test({ pathname }) || compiled.test({ pathname: bare });
  });
}

/**
 * The function whose own `path` (and `method`, and no `excludedPath`) takes this request, if any.
 * `path` is the request's one path (request-path.ts: normalised and decoded), matched in lower
 * case, as netlify-cli's function router matches it.
 */
export function functionByPath(functions: SiteFunction[], method: string, path: string): SiteFunction | undefined {
  const pathname = path.toLowerCase();
  return functions.find(({ config }) => {
    if (!matchesPathPatterns(list(config.path), pathname) || matchesPathPatterns(list(config.excludedPath), pathname))
      return false;
    const methods = list(config.method).map((name) => name.toUpperCase());
    return methods.length === 0 || methods.includes(method);
  });
}

/** The function at `/.netlify/functions/<name>` (and any path under it, in any case): only one without a `path` of its own. */
export function functionByDefaultPath(functions: SiteFunction[], path: string): SiteFunction | undefined {
  const match = /^\/\.netlify\/functions\/([^/]+)(?:\/.*)?$/.exec(path.toLowerCase());
  return match ? functions.find(({ name, config }) => name === match[1] && config.path === undefined) : undefined;
}

/** The function a rewrite names (`/.netlify/functions/<name>`), whatever its own path. */
export function functionByRewrite(functions: SiteFunction[], target: string): SiteFunction | undefined {
  const match = /^\/\.netlify\/functions\/([^/?]+)/.exec(target);
  return match ? functions.find(({ name }) => name === match[1]) : undefined;
}
