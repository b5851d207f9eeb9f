import { existsSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { DataProblem } from '../../contract/data-problem.ts';
import { escapePointerToken } from '../../contract/data-problem.ts';
import { resolveSitePath } from '../../contract/site-path.ts';

/**
 * Every resource link of the capabilities answer must lead to a page or a file the build produced:
 * `/docs/cli/` to `docs/cli/index.html`, `/openapi.json` to `openapi.json` in the output folder.
 */
export function checkResourceLinks(
  resources: Record<string, string>,
  outDir: string,
  productFile = 'data/product.json',
): DataProblem[] {
  return Object.entries(resources)
    .filter(([, path]) => !builtFileExists(outDir, path))
    .map(([key, path]) => ({
      file: productFile,
      pointer: `/resources/${escapePointerToken(key)}`,
      expected: 'must link to a page or file the build produces, but the build has none at that path',
      found: path,
    }));
}

function builtFileExists(outDir: string, path: string): boolean {
  // `//index.md` is another site's address, whatever file of ours its letters also name.
  if (!resolveSitePath(path, 'https://site.invalid')) return false;
  let relative: string;
  try {
    relative = decodeURIComponent(path).slice(1);
  } catch {
    return false; // a stray `%` names no file
  }
  const candidates = path.endsWith('/') ? [join(relative, 'index.html')] : [relative, join(relative, 'index.html')];
  return candidates.some((candidate) => {
    const file = resolve(outDir, candidate);
    // A link such as /../secret names no file of the build, even if one exists there.
    if (!file.startsWith(resolve(outDir) + sep)) return false;
    return existsSync(file) && statSync(file).isFile();
  });
}
