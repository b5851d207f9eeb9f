/**
 * Writes one file of the state directory in one step, following nothing planted there: the text
 * goes to a new temporary file of a random name, created exclusively (`wx`: it fails on anything
 * already at that name, a symlink included), which is then renamed over the file. A rename
 * replaces a symlink at the file's name rather than writing through it, and two runs at once never
 * leave half a file. A write that fails removes its temporary file.
 */
import { randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export function writeStateFile(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.${randomUUID()}.tmp`;
  const descriptor = openSync(partial, 'wx', 0o600);
  // From here the temporary file is ours: whatever fails (a full disk, a quota) removes it.
  try {
    try {
      const bytes = Buffer.from(text);
      for (let written = 0; written < bytes.length;) written += writeSync(descriptor, bytes, written);
    } finally {
      closeSync(descriptor);
    }
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}
