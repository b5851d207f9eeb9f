/**
 * Which redirect rule takes a request, decided by `netlify-redirector`, the matcher netlify-cli
 * uses: a trailing slash on either side, placeholders, splats and `query` as Netlify reads them.
 * One matcher per rule, so that the first rule that matches is known by its source and its rate
 * limit, and so that a rule whose target is the very location asked for can be passed over:
 * Netlify ignores it ("Limitations": a rewrite or proxy from and to the same location).
 * @see https://docs.netlify.com/manage/routing/redirects/rewrites-proxies/#limitations
 */
import redirector, { type Matcher } from 'netlify-redirector';
import type { RedirectRule } from './site-rules.ts';

interface RedirectMatch {
  rule: RedirectRule;
  /** The target, placeholders and splat filled in. */
  to: string;
  status: number;
  force: boolean;
}

export type MatchRedirect = (path: string, query: string) => RedirectMatch | undefined;

/** The matcher of `rules`, in their order; `path` is the request's path, normalised and decoded. */
export async function createRedirectMatcher(rules: RedirectRule[]): Promise<MatchRedirect> {
  const matchers: Matcher[] = await Promise.all(
    rules.map(({ parsed: { from, query, ...rest } }) =>
      redirector.parseJSON(JSON.stringify([{ ...rest, origin: from, params: query }]), {}),
    ),
  );
  return (path, query) => {
    for (const [index, matcher] of matchers.entries()) {
      const hit = matcher.match({
        scheme: 'http',
        host: 'localhost',
        path,
        query,
        getHeader: () => '',
        getCookie: () => '',
      });
      if (!hit || (!isRedirect(hit.status) && sameLocation(hit.to, path))) continue;
      return { rule: rules[index]!, to: hit.to, status: hit.status, force: hit.force };
    }
    return undefined;
  };
}

const isRedirect = (status: number) => status >= 300 && status < 400;

/** Whether a target names the path asked for (a trailing slash aside, as the matcher ignores it). */
function sameLocation(target: string, path: string): boolean {
  const trim = (value: string) => (value.length > 1 && value.endsWith('/') ? value.slice(0, -1) : value);
  const question = target.indexOf('?');
  const targetPath = question < 0 ? target : target.slice(0, question);
  let decoded = targetPath;
  try {
    decoded = decodeURIComponent(targetPath);
  } catch {
    /* a malformed escape stays as it is */
  }
  return trim(decoded) === trim(path);
}
