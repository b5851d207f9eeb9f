import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Writes the OpenAPI document to a file for tools that can only read one from disk at config
 * time (starlight-openapi), and returns its absolute path. `/openapi.json` stays the served copy;
 * both come from the same `buildOpenApiDocument()` call, so they cannot differ.
 *
 * The file name carries a hash of the content: builds that run at the same time with different
 * base URLs (tests, previews) each read their own document instead of overwriting each other's.
 */
export function writeOpenApiFile(document: object, dir = '.cache/openapi'): string {
  const text = `${JSON.stringify(document, null, 2)}\n`;
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
  const folder = resolve(dir);
  const file = join(folder, `openapi-${hash}.json`);
  mkdirSync(folder, { recursive: true });
  // Write then rename, so that a concurrent build never reads a half-written file.
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, text);
  renameSync(partial, file);
  removeStaleFiles(folder, file);
  return file;
}

/** A build reads its file within seconds; files from builds an hour old only take up space. */
const STALE_AFTER_MS = 60 * 60 * 1000;

function removeStaleFiles(folder: string, keep: string): void {
  const now = Date.now();
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (path === keep) continue;
    try {
      if (now - statSync(path).mtimeMs > STALE_AFTER_MS) rmSync(path, { force: true });
    } catch {
      // Another build removed it first.
    }
  }
}
