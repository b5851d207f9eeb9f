/**
 * Writes one file of the state directory in one step, following nothing planted there: the text
 * goes to a new temporary file of a random name, created exclusively (`wx`: it fails on anything
 * already at that name, a symlink included), which is then renamed over the file. A rename
 * replaces a symlink at the file's name rather than writing through it, and two runs at once never
 * leave half a file.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export function writeStateFile(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.${randomUUID()}.tmp`;
  writeFileSync(partial, text, { flag: 'wx', mode: 0o600 });
  try {
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}
