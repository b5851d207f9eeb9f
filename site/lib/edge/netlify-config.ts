import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';

/**
 * The parts of `netlify.toml` this project relies on, as Netlify reads them.
 * @see https://docs.netlify.com/build/configure-builds/file-based-configuration/
 */
export interface NetlifyConfig {
  build?: { command?: string; publish?: string; environment?: Record<string, string> };
  functions?: { directory?: string };
  redirects?: RedirectRule[];
  headers?: HeaderRule[];
}

export interface RedirectRule {
  from: string;
  to: string;
  status?: number;
  force?: boolean;
  rate_limit?: { action?: string; to?: string; window_limit?: unknown; window_size?: unknown; aggregate_by?: unknown };
}

interface HeaderRule {
  for: string;
  values: Record<string, string>;
}

export function readNetlifyConfig(path = 'netlify.toml'): NetlifyConfig {
  // smol-toml builds objects without a prototype; plain objects compare and print as expected.
  return JSON.parse(JSON.stringify(parse(readFileSync(path, 'utf8')))) as NetlifyConfig;
}

/**
 * Whether a Netlify path pattern matches a request path: exact, or a trailing `/*` (the splat)
 * that matches the prefix and everything under it. The only pattern forms this project uses.
 */
export function matchesNetlifyPath(pattern: string, path: string): boolean {
  if (!pattern.endsWith('/*')) return pattern === path;
  const prefix = pattern.slice(0, -1);
  return path.startsWith(prefix) || path === prefix.slice(0, -1);
}

/**
 * The headers Netlify adds to a static file at `path`: the values of every matching rule.
 * Netlify joins the values of a header that two matching rules both set, which would turn one
 * Content-Security-Policy into two; so this refuses configurations that do that.
 */
export function resolveHeaders(config: NetlifyConfig, path: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const setBy: Record<string, string> = {};
  for (const rule of config.headers ?? []) {
    if (!matchesNetlifyPath(rule.for, path)) continue;
    for (const [name, value] of Object.entries(rule.values)) {
      const key = name.toLowerCase();
      if (setBy[key])
        throw new Error(
          `netlify.toml: ${name} for ${path} is set by both [[headers]] for "${setBy[key]}" and for "${rule.for}"`,
        );
      setBy[key] = rule.for;
      headers[key] = value;
    }
  }
  return headers;
}

/** The first redirect rule that matches `path`: Netlify applies the first match only. */
export function findRedirectRule(config: NetlifyConfig, path: string): RedirectRule | undefined {
  return (config.redirects ?? []).find((rule) => matchesNetlifyPath(rule.from, path));
}
