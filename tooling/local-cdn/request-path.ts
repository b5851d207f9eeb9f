/**
 * One path for every step of the request chain. The path a client sends is normalised once,
 * before any rule: repeated slashes collapse, and dot segments (`.`, `..`, and their encoded forms
 * `%2e`, `%2e%2e`) are resolved as the WHATWG URL parser resolves them. The edge functions, the
 * functions, the redirect and header rules and the static files then all see that one path, so
 * that `//api/…` or `/docs/%2e%2e/api/…` meets the rules of `/api/…`. What a decoded path still
 * holds in dot segments or empty ones (from `%2F`, an encoded slash) no file is served for: the
 * rules never saw it as that file's path (static-files.ts). Netlify does not document how its CDN
 * normalises paths: `npm run smoke` asks a deploy the same questions.
 * @see https://url.spec.whatwg.org/#path-state
 */

export interface RequestPath {
  /** The normalised path, still percent-encoded: what functions and edge functions get in their URL. */
  pathname: string;
  /** The same path, percent-decoded where that is valid: what the rules match and the files are looked up by. */
  path: string;
  /** The query, `?` included, as it came. */
  search: string;
}

/** The path and query of a request-target, the path normalised. */
export function readRequestPath(target: string): RequestPath {
  const question = target.indexOf('?');
  const raw = question < 0 ? target : target.slice(0, question);
  const search = question < 0 ? '' : target.slice(question);
  const pathname = normalisePath(raw);
  return { pathname, path: decodePath(pathname), search };
}

function normalisePath(raw: string): string {
  const collapse = (path: string) => path.replace(/[/\\]{2,}/g, '/');
  let resolved: string;
  try {
    resolved = new URL(`http://localhost${collapse(raw.startsWith('/') ? raw : `/${raw}`)}`).pathname;
  } catch {
    return collapse(raw);
  }
  return collapse(resolved);
}

/** A path as Netlify's rules see it: percent-decoded where that is valid, as it came where not (`/%`). */
export function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** Whether a decoded path is one the rules saw as a file's path: no empty or dot segment, no NUL. */
export function isPlainPath(path: string): boolean {
  if (!path.startsWith('/') || path.includes('\0') || path.includes('\\')) return false;
  const segments = path.slice(1).split('/');
  return segments.every((segment, index) =>
    segment === '' ? index === segments.length - 1 : segment !== '.' && segment !== '..',
  );
}
