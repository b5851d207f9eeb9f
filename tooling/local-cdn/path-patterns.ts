/**
 * Netlify's path patterns in redirect rules (`from`) and header rules (`for`): literal segments,
 * `:name` placeholders (one segment each) and a trailing `*` splat (the rest of the path, maybe
 * empty). A redirect's `to` names them back as `:name` and `:splat`.
 * @see https://docs.netlify.com/manage/routing/redirects/redirect-options/
 */
export interface PatternMatch {
  params: Record<string, string>;
}

/** The placeholders and splat of `path` under `pattern`, or undefined when it does not match. */
export function matchPattern(pattern: string, path: string): PatternMatch | undefined {
  const wanted = pattern.split('/');
  const given = path.split('/');
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    if (segment === '*' && index === wanted.length - 1) {
      params.splat = given.slice(index).join('/');
      return { params };
    }
    const value = given[index];
    if (value === undefined) return undefined;
    if (segment.startsWith(':') && segment.length > 1) {
      if (value === '') return undefined;
      params[segment.slice(1)] = value;
    } else if (segment !== value) return undefined;
  }
  return given.length === wanted.length ? { params } : undefined;
}

/**
 * A redirect rule's `from`: Netlify ignores a trailing slash on either side (`/about` matches
 * `/about/`), and `/api/*` also matches `/api`.
 */
export function matchRedirectFrom(from: string, path: string): PatternMatch | undefined {
  const trim = (value: string) => (value.length > 1 && value.endsWith('/') ? value.slice(0, -1) : value);
  return matchPattern(from, path) ?? matchPattern(trim(from), trim(path));
}

/** The target of a rule whose `from` matched: `:splat` and each `:name` replaced. */
export function fillTarget(to: string, match: PatternMatch): string {
  return to.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (whole, name: string) => match.params[name] ?? whole);
}
