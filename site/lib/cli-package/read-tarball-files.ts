import { gunzipSync } from 'node:zlib';

/**
 * The regular files of a gzipped tarball as npm packs it (ustar), by path: enough to read one file
 * of a released package (its SBOM) and to say which files differ between two builds.
 * @see https://pubs.opengroup.org/onlinepubs/9799919799/utilities/pax.html#tag_20_94_13_06 (ustar)
 */
export function readTarballFiles(gzipped: Uint8Array): Map<string, Buffer> {
  const tar = gunzipSync(gzipped);
  const files = new Map<string, Buffer>();
  const text = (start: number, length: number) => tar.toString('utf8', start, start + length).replace(/\0.*$/s, '');
  let offset = 0;
  let longName: string | undefined;
  while (offset + 512 <= tar.length && tar[offset] !== 0) {
    const size = Number.parseInt(text(offset + 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(tar[offset + 156] ?? 0);
    const prefix = text(offset + 345, 155);
    const name = longName ?? (prefix ? `${prefix}/${text(offset, 100)}` : text(offset, 100));
    const body = tar.subarray(offset + 512, offset + 512 + size);
    longName = undefined;
    // 'x' and 'L' carry the next entry's long path (pax and GNU forms).
    if (type === 'x') longName = /\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))?.[1];
    else if (type === 'L') longName = body.toString('utf8').replace(/\0.*$/s, '');
    else if (type === '0' || type === '\0') files.set(name, Buffer.from(body));
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

/** The paths whose content differs between two tarballs, or that only one of them holds, sorted. */
export function listChangedFiles(before: Uint8Array, after: Uint8Array): string[] {
  const [a, b] = [readTarballFiles(before), readTarballFiles(after)];
  const paths = new Set([...a.keys(), ...b.keys()]);
  return [...paths].filter((path) => !a.get(path)?.equals(b.get(path) ?? Buffer.alloc(0)) || !b.has(path)).sort();
}
