/**
 * The rules Netlify's CDN applies to a deploy, read where Netlify reads them: `netlify.toml`
 * (redirects, headers, the functions' directory, the publish directory) and the publish
 * directory's own `_redirects` and `_headers` files, which the build may write.
 * @see https://docs.netlify.com/manage/routing/redirects/overview/
 * @see https://docs.netlify.com/manage/routing/headers/
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readNetlifyConfig } from '../../site/lib/edge/netlify-config.ts';

interface RateLimitRule {
  /** `rewrite` sends the request to `to`; `rate_limit` answers Netlify's own 429. */
  action: string;
  to?: string;
  windowLimit: number;
  windowSize: number;
  aggregateBy: string[];
}

interface RedirectRule {
  from: string;
  to: string;
  status: number;
  force: boolean;
  rateLimit?: RateLimitRule;
  /** Where the rule comes from, for messages: `netlify.toml` or `_redirects:<line>`. */
  source: string;
}

export interface HeaderRule {
  for: string;
  values: [name: string, value: string][];
}

export interface SiteRules {
  publishDir: string;
  functionsDir: string;
  /** `_redirects` first, then `netlify.toml`: Netlify applies the first rule that matches. */
  redirects: RedirectRule[];
  /** Every rule of both sources; all that match a path apply. */
  headers: HeaderRule[];
}

/** The rules of the site whose `netlify.toml` is `configPath`. A rule Netlify would refuse throws, naming it. */
export function readSiteRules(configPath = 'netlify.toml'): SiteRules {
  const config = readNetlifyConfig(configPath);
  const publishDir = config.build?.publish ?? 'dist';
  const redirectsFile = join(publishDir, '_redirects');
  const headersFile = join(publishDir, '_headers');
  return {
    publishDir,
    functionsDir: config.functions?.directory ?? 'netlify/functions',
    redirects: [
      ...(existsSync(redirectsFile) ? parseRedirectsFile(readFileSync(redirectsFile, 'utf8')) : []),
      ...(config.redirects ?? []).map((rule, index) => tomlRedirect(rule, `netlify.toml [[redirects]] #${index + 1}`)),
    ],
    headers: [
      ...(existsSync(headersFile) ? parseHeadersFile(readFileSync(headersFile, 'utf8')) : []),
      ...(config.headers ?? []).map((rule) => ({ for: rule.for, values: Object.entries(rule.values) })),
    ],
  };
}

type TomlRedirect = NonNullable<ReturnType<typeof readNetlifyConfig>['redirects']>[number];

function tomlRedirect(rule: TomlRedirect, source: string): RedirectRule {
  const limit = rule.rate_limit;
  return {
    from: rule.from,
    to: rule.to,
    status: rule.status ?? 301,
    force: rule.force ?? false,
    source,
    ...(limit && {
      rateLimit: {
        action: limit.action ?? 'rate_limit',
        ...(limit.to !== undefined && { to: limit.to }),
        windowLimit: positiveInteger(limit.window_limit, `${source}: rate_limit.window_limit`),
        windowSize: positiveInteger(limit.window_size, `${source}: rate_limit.window_size`),
        aggregateBy: Array.isArray(limit.aggregate_by) ? limit.aggregate_by.map(String) : ['ip', 'domain'],
      },
    }),
  };
}

function positiveInteger(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0)
    throw new Error(`${what} must be a positive integer (got ${JSON.stringify(value)})`);
  return value;
}

/** `_redirects`: one rule a line, `from to [status][!]`; `#` starts a comment. */
export function parseRedirectsFile(text: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (!line) continue;
    const [from, to, status] = line.split(/\s+/);
    const source = `_redirects:${index + 1}`;
    if (!from?.startsWith('/') || !to)
      throw new Error(`${source}: expected "from to [status]" (got ${JSON.stringify(raw)})`);
    const code = /^(\d{3})(!?)$/.exec(status ?? '301');
    if (!code) throw new Error(`${source}: the status must be a number, "!" to force (got ${JSON.stringify(status)})`);
    rules.push({ from, to, status: Number(code[1]), force: code[2] === '!', source });
  }
  return rules;
}

/** `_headers`: a path on a line of its own, then its headers indented, `Name: value`. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const [index, raw] of text.split('\n').entries()) {
    if (!raw.trim() || raw.trim().startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      rules.push({ for: raw.trim(), values: [] });
      continue;
    }
    const separator = raw.indexOf(':');
    const rule = rules.at(-1);
    if (!rule || separator < 0)
      throw new Error(
        `_headers:${index + 1}: expected an indented "Name: value" under a path (got ${JSON.stringify(raw)})`,
      );
    rule.values.push([raw.slice(0, separator).trim(), raw.slice(separator + 1).trim()]);
  }
  return rules;
}
