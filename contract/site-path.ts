/**
 * A path of this site, and the one way to turn a path into an address of it. A path that starts
 * with two slashes, or a slash and a backslash, is a network-path reference: `new URL('//x.example/',
 * base)` leaves the site for `https://x.example/` (WHATWG URL reads a backslash as a slash in
 * http(s) URLs). Every address built from data or from a request goes through `resolveSitePath`,
 * which refuses those and checks the origin of what it resolved.
 * @see https://www.rfc-editor.org/rfc/rfc3986#section-4.2 (network-path reference)
 * @see https://url.spec.whatwg.org/#path-state (a backslash is a slash in special URLs)
 */

/**
 * One slash, not followed by another or by a backslash; then no white space, `?`, `#` or
 * backslash. The JSON Schema of `data/product.json` uses it, so the build refuses such a path.
 */
export const SITE_PATH_PATTERN = '^/(?![/\\\\])[^\\s?#\\\\]*$';

const sitePath = new RegExp(SITE_PATH_PATTERN, 'u');

/**
 * The address of `path` on the site of `base` (an origin or any address on it), or `undefined`
 * when `path` is not a path of this site or would resolve to another origin.
 */
export function resolveSitePath(path: string, base: string | URL): URL | undefined {
  if (!sitePath.test(path)) return undefined;
  const { origin } = new URL(base);
  const url = new URL(path, `${origin}/`);
  return url.origin === origin ? url : undefined;
}
