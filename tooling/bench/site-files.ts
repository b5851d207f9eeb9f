import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Every file under `dir`, as paths relative to it with forward slashes, sorted. */
export function listFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.push(relative(dir, path).split('\\').join('/'));
    }
  };
  walk(dir);
  return files.sort();
}

export interface FolderSize {
  bytes: number;
  files: number;
  largest: { file: string; bytes: number };
}

export function measureFolder(dir: string): FolderSize {
  let bytes = 0;
  let largest = { file: '', bytes: -1 };
  const files = listFiles(dir);
  for (const file of files) {
    const size = statSync(join(dir, file)).size;
    bytes += size;
    if (size > largest.bytes) largest = { file, bytes: size };
  }
  return { bytes, files: files.length, largest };
}

/** What a reader downloads as a page: every page, its Markdown twin and the `llms` files. */
const isReadersPage = (file: string) => /\.(html|md)$/.test(file) || file === 'llms.txt' || file === 'llms-full.txt';

export interface PageWeights {
  /** The heaviest page, twin or llms file. */
  largest: { file: string; bytes: number };
  /** Chosen pages by path, in bytes. */
  pages: Record<string, number>;
}

/** The weight of the pages of a build: the heaviest, and `tracked` by path. */
export function measurePageWeights(dir: string, tracked: readonly string[]): PageWeights {
  let largest = { file: '', bytes: -1 };
  for (const file of listFiles(dir).filter(isReadersPage)) {
    const size = statSync(join(dir, file)).size;
    if (size > largest.bytes) largest = { file, bytes: size };
  }
  return { largest, pages: Object.fromEntries(tracked.map((file) => [file, statSync(join(dir, file)).size])) };
}

export interface CompressedSizes {
  raw: number;
  gzip: number;
  brotli: number;
}

/**
 * Sizes after the strongest standard settings, gzip level 9 and brotli quality 11 (text mode), which
 * is what a CDN reaches for static files it compresses ahead of time; one that compresses on the fly
 * at lower levels sends a few per cent more.
 */
export function compressedSizes(content: Buffer | string): CompressedSizes {
  const buffer = typeof content === 'string' ? Buffer.from(content) : content;
  return {
    raw: buffer.length,
    gzip: gzipSync(buffer, { level: constants.Z_BEST_COMPRESSION }).length,
    brotli: brotliCompressSync(buffer, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
      },
    }).length,
  };
}
