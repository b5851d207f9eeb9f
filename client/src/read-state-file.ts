/**
 * Reads one file of the state directory as what it must be, a small regular file of the
 * client's own, whatever was planted at its name: opened without following a link
 * (`O_NOFOLLOW`) and without waiting for a writer (`O_NONBLOCK`: a FIFO there would otherwise
 * block the command for good), checked to be a regular file (`fstat`, on the file opened, so
 * that nothing is swapped in between), and read up to a cap (a link to `/dev/zero` is refused
 * by the first two; a large file by the cap). Anything else reads as absent: undefined.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/**
 * The largest state file read: the biggest the client writes is `notices.json`, 100 notices
 * (change-notice-line.ts) of one Link header each, cut at 4,096 characters (api/change-notice.ts),
 * about 400 KB. A larger file is not one the client wrote; read as absent, the worst that
 * follows is a notice shown again.
 */
export const STATE_FILE_MAX_BYTES = 1024 * 1024;

/** Windows has neither flag: there, a plain open (no FIFOs or symlinks to devices to meet). */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

export function readStateFile(file: string): string | undefined {
  let descriptor: number;
  try {
    descriptor = openSync(file, OPEN_FLAGS);
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(descriptor);
    if (!stats.isFile() || stats.size > STATE_FILE_MAX_BYTES) return undefined;
    // One byte more than fstat's size tells a file that grew since: never past the cap.
    const buffer = Buffer.alloc(stats.size + 1);
    let length = 0;
    while (length < buffer.length) {
      const read = readSync(descriptor, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
    return length > stats.size ? undefined : buffer.toString('utf8', 0, length);
  } catch {
    return undefined;
  } finally {
    closeSync(descriptor);
  }
}
