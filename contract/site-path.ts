/**
 * A path of this site, and the one way to turn a path into an address of it. A path that starts
 * with two slashes, or a slash and a backslash, is a network-path reference: `new URL('//x.example/',
 * base)` leaves the site for `https://x.example/` (WHATWG URL reads a backslash as a slash in
 * http(s) URLs). Every address built from data or from a request goes through `resolveSitePath`,
 * which refuses those and checks the origin of what it resolved.
 * @see https://www.rfc-editor.org/rfc/rfc3986#section-4.2 (network-path reference)
 * @see https://url.spec.whatwg.org/#path-state (a backslash is a slash in special URLs)
 */

import { UNPRINTABLE_CLASS } from './one-line-text.ts';

/**
 * One slash, not followed by another or by a backslash; then no white space, `?`, `#`, backslash
 * or unprintable character (contract/one-line-text.ts). The JSON Schema of `data/product.json`
 * uses it, so the build refuses such a path.
 */
export const SITE_PATH_PATTERN = `^/(?![/\\\\])[^\\s?#\\\\${UNPRINTABLE_CLASS}]*$`;

/**
 * The characters of a path that the changelog shows as code (site/components/changelog-entries.astro):
 * letters, digits, `_`, `.`, `/`, `-` and the braces of an OpenAPI path template (`/api/v1/{resource}`).
 */
export const CHANGELOG_PATH_CHARACTERS = '\\w./{}-';

/**
 * A changelog entry's `where`: a site path of those characters only, so that it shows as one code
 * span in the page, its Markdown twin and the feed, and matches a request's path
 * (site/lib/edge/change-notice-headers.ts). Nothing else fits between the parentheses it is shown in.
 */
export const CHANGELOG_PATH_PATTERN = `^/(?!/)[${CHANGELOG_PATH_CHARACTERS}]*$`;

const sitePath = new RegExp(SITE_PATH_PATTERN, 'u');

/**
 * The address of `path` on the site of `base` (an origin or any address on it), or `undefined`
 * when `path` is not a path of this site or would resolve to another origin.
 */
export function resolveSitePath(path: string, base: string | URL): URL | undefined {
  if (!sitePath.test(path)) return undefined;
  const { origin } = new URL(base);
  const url = new URL(path, `${origin}/`);
  // Stryker disable next-line ConditionalExpression: a second guard; SITE_PATH_PATTERN already refuses every path that leaves the origin (tests/unit/site-path.test.ts proves it over random paths).
  return url.origin === origin ? url : undefined;
}
