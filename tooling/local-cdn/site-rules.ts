/**
 * The rules Netlify's CDN applies to a deploy, read by Netlify's own parsers, as the build reads
 * them: `@netlify/redirect-parser` and `@netlify/headers-parser` over `netlify.toml` and the
 * publish directory's `_redirects` and `_headers` (which the build may write). A rule the parsers
 * refuse, or one that uses a feature this local server does not implement, stops the start with
 * one line that names the rule: it is never served as if the feature were absent.
 * @see https://docs.netlify.com/manage/routing/redirects/overview/
 * @see https://docs.netlify.com/manage/routing/headers/
 */
import { parseAllHeaders } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';
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

/** A redirect rule as `@netlify/redirect-parser` gives it (the fields this server reads). */
interface ParsedRedirect {
  from: string;
  path: string;
  to: string;
  status?: number;
  force: boolean;
  query: Record<string, string>;
  conditions: Record<string, unknown>;
  headers: Record<string, string>;
  signed?: string;
  host?: string;
  proxy?: boolean;
  rate_limit?: Record<string, unknown>;
}

export interface RedirectRule {
  parsed: ParsedRedirect;
  rateLimit?: RateLimitRule;
  /** Where the rule comes from, for messages: `netlify.toml [[redirects]] #2` or `_redirects rule #1`. */
  source: string;
}

export interface HeaderRule {
  for: string;
  /** The parser's own reading of `for`: case-insensitive, with an optional trailing slash. */
  forRegExp: RegExp;
  values: Record<string, string>;
}

export interface SiteRules {
  publishDir: string;
  functionsDir: string;
  /** `_redirects` first, then `netlify.toml`: Netlify applies the first rule that matches. */
  redirects: RedirectRule[];
  /** Every rule of both sources; all that match a path apply. */
  headers: HeaderRule[];
}

/** The rules of the site whose `netlify.toml` is `configPath`. A rule that cannot be served throws, naming it. */
export async function readSiteRules(configPath = 'netlify.toml'): Promise<SiteRules> {
  const config = readNetlifyConfig(configPath);
  const publishDir = config.build?.publish ?? 'dist';
  const redirectsFile = join(publishDir, '_redirects');
  const [fromFile, fromConfig, headers] = await Promise.all([
    parseAllRedirects({ redirectsFiles: [redirectsFile], configRedirects: [], minimal: false }),
    parseAllRedirects({ redirectsFiles: [], netlifyConfigPath: configPath, configRedirects: [], minimal: false }),
    parseAllHeaders({
      headersFiles: [join(publishDir, '_headers')],
      netlifyConfigPath: configPath,
      configHeaders: [],
      minimal: false,
    }),
  ]);
  const errors = [...fromFile.errors, ...fromConfig.errors, ...headers.errors] as Error[];
  if (errors.length > 0) throw new Error(oneLine(errors[0]!.message));
  const redirects = [
    ...(fromFile.redirects as ParsedRedirect[]).map((parsed, index) =>
      readRule(parsed, `_redirects rule #${index + 1}`),
    ),
    ...(fromConfig.redirects as ParsedRedirect[]).map((parsed, index) =>
      readRule(parsed, `netlify.toml [[redirects]] #${index + 1}`),
    ),
  ];
  return {
    publishDir,
    functionsDir: config.functions?.directory ?? 'netlify/functions',
    redirects,
    headers: headers.headers.map((rule) => ({
      for: rule.for,
      forRegExp: 'forRegExp' in rule ? rule.forRegExp : new RegExp('^$'),
      values: rule.values,
    })),
  };
}

/** What this server cannot do with a rule, each with the words that name it; none is ever ignored. */
const UNSUPPORTED: [what: string, has: (rule: ParsedRedirect) => boolean][] = [
  ['a condition (country, language, role or cookie)', (rule) => Object.keys(rule.conditions).length > 0],
  ['`signed`', (rule) => rule.signed !== undefined],
  ['`headers` (sent to a proxied site)', (rule) => Object.keys(rule.headers).length > 0],
  ['a proxy to another site', (rule) => rule.proxy === true],
  ['a `from` on another domain', (rule) => rule.host !== undefined],
];

function readRule(parsed: ParsedRedirect, source: string): RedirectRule {
  const rule = `${source} (from = "${parsed.from}")`;
  for (const [what, has] of UNSUPPORTED)
    if (has(parsed)) throw new Error(`${rule} uses ${what}, which the local server does not implement`);
  const limit = parsed.rate_limit;
  if (!limit) return { parsed, source };
  const aggregateBy = limit.aggregate_by === undefined ? ['ip', 'domain'] : limit.aggregate_by;
  if (!Array.isArray(aggregateBy) || aggregateBy.some((key) => key !== 'ip' && key !== 'domain'))
    throw new Error(
      `${rule}: rate_limit.aggregate_by must list "ip" and/or "domain" (got ${JSON.stringify(aggregateBy)})`,
    );
  return {
    parsed,
    source,
    rateLimit: {
      action: typeof limit.action === 'string' ? limit.action : 'rate_limit',
      ...(typeof limit.to === 'string' && { to: limit.to }),
      windowLimit: positiveInteger(limit.window_limit, `${rule}: rate_limit.window_limit`),
      windowSize: positiveInteger(limit.window_size, `${rule}: rate_limit.window_size`),
      aggregateBy: aggregateBy as string[],
    },
  };
}

function positiveInteger(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0)
    throw new Error(`${what} must be a positive integer (got ${JSON.stringify(value)})`);
  return value;
}

/** The parsers' messages span lines (the rule as JSON, then the reason): one line, for a terminal. */
function oneLine(message: string): string {
  return message.replace(/\s*\n\s*/g, ' ').trim();
}
