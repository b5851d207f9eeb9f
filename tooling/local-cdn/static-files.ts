/**
 * The publish directory served as Netlify serves it: `/x/` is `/x/index.html`, `/x` is `x`,
 * else `x.html`, else a 301 to `/x/` when that is a folder with an index (pretty URLs); a
 * Content-Type chosen by extension, Netlify's default Cache-Control, a strong ETag and a 304 for a
 * matching `If-None-Match`. `_headers` and `_redirects` are rules, never files to serve.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { posix, resolve, sep } from 'node:path';
import { contentType } from 'mime-types';
import { isPlainPath } from './request-path.ts';

/** What Netlify sends on a static file that no `[[headers]]` rule gives a Cache-Control. */
const DEFAULT_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

const RULE_FILES = new Set(['/_headers', '/_redirects']);

export type StaticLookup = { kind: 'file'; file: string } | { kind: 'redirect'; location: string } | undefined;

export interface StaticFile {
  body: Buffer;
  headers: Record<string, string>;
}

export class StaticFiles {
  readonly #root: string;
  readonly #cache = new Map<string, { mtimeMs: number; file: StaticFile }>();

  constructor(root: string) {
    this.#root = resolve(root);
  }

  /**
   * Which file answers `path` (normalised, then decoded: request-path.ts), if any. A path that
   * decoding turned into one with dot or empty segments has no file: the rules matched it as it
   * is, so a file found by normalising it again would be served past them.
   */
  async lookup(path: string): Promise<StaticLookup> {
    if (!isPlainPath(path)) return undefined;
    if (RULE_FILES.has(path)) return undefined;
    if (path.endsWith('/')) return this.#fileAt(`${path}index.html`);
    const exact = await this.#fileAt(path);
    if (exact) return exact;
    const html = await this.#fileAt(`${path}.html`);
    if (html) return html;
    if (await this.#fileAt(`${path}/index.html`)) return { kind: 'redirect', location: `${path}/` };
    return undefined;
  }

  /** The bytes and default headers of a file that `lookup` found. */
  async read(file: string): Promise<StaticFile> {
    const { mtimeMs } = await stat(file);
    const cached = this.#cache.get(file);
    if (cached?.mtimeMs === mtimeMs) return cached.file;
    const body = await readFile(file);
    const headers = {
      'content-type': contentType(posix.basename(file)) || 'application/octet-stream',
      'cache-control': DEFAULT_CACHE_CONTROL,
      etag: `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`,
    };
    const read = { body, headers };
    this.#cache.set(file, { mtimeMs, file: read });
    return read;
  }

  async #fileAt(path: string): Promise<StaticLookup> {
    const file = resolve(this.#root, `.${path}`);
    if (file !== this.#root && !file.startsWith(this.#root + sep)) return undefined;
    try {
      return (await stat(file)).isFile() ? { kind: 'file', file } : undefined;
    } catch {
      return undefined;
    }
  }
}

/** Whether `If-None-Match` names this ETag (RFC 9110, weak comparison). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}
