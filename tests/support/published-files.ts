import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';

export interface PublishedFile {
  /** Relative to the output folder, with `/`, such as `docs/index.html`. */
  path: string;
  bytes: Buffer;
  /**
   * The content as text for searching: gzip-compressed files (Pagefind's index and fragments)
   * decompressed first, so that what they hold is searched too.
   */
  text: string;
}

/** Every file a build wrote under `outDir`, hidden ones included, sorted by path. */
export function readPublishedFiles(outDir: string): PublishedFile[] {
  return readdirSync(outDir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const full = join(entry.parentPath, entry.name);
      const bytes = readFileSync(full);
      const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
      const path = relative(outDir, full).split(sep).join('/');
      return { path, bytes, text: (gzipped ? gunzip(path, bytes) : bytes).toString('utf8') };
    })
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function gunzip(path: string, bytes: Buffer): Buffer {
  try {
    return gunzipSync(bytes);
  } catch (error) {
    throw new Error(
      `${path} (${bytes.length} bytes) starts as gzip but does not decompress: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
}

/**
 * A published JSON file, parsed; one that does not parse is named with its size and modification
 * time, so that a file read while something rewrites it can be told from a file built wrong.
 */
export function parsePublishedJson(outDir: string, { path, bytes, text }: PublishedFile): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const modified = statSync(join(outDir, path), { throwIfNoEntry: false })?.mtime.toISOString() ?? 'gone now';
    throw new Error(
      `${path} (${bytes.length} bytes when read; modified ${modified}) is not JSON: ${(error as Error).message}`,
      { cause: error },
    );
  }
}
