import type { AstroIntegration } from 'astro';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as pagefind from 'pagefind';

/** Where Starlight has Pagefind write the search index, in the publish folder. */
const PAGEFIND_DIR = 'pagefind';

/**
 * The search index, written whole. Starlight indexes the built pages with Pagefind's Node API,
 * whose backend answers that the files are written while its last writes are still going on;
 * Starlight then stops it. On a busy machine that left `pagefind-entry.json` and
 * `pagefind-component-ui.js` empty: search found nothing, and a deploy would have published it.
 * After Starlight's step, this indexes the same pages again, takes the files from Pagefind in
 * memory (`getFiles`) and writes them itself, in place of the folder.
 */
export function pagefindFiles(): AstroIntegration {
  return {
    name: 'earshot-pagefind-files',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const outDir = fileURLToPath(dir);
        try {
          const { errors, index } = await pagefind.createIndex();
          if (!index) throw new Error(errors.join('; '));
          const added = await index.addDirectory({ path: outDir });
          if (added.errors.length > 0) throw new Error(added.errors.join('; '));
          const { errors: fileErrors, files } = await index.getFiles();
          if (fileErrors.length > 0) throw new Error(fileErrors.join('; '));
          const target = join(outDir, PAGEFIND_DIR);
          rmSync(target, { recursive: true, force: true });
          for (const { path, content } of files) {
            const file = join(target, path);
            mkdirSync(dirname(file), { recursive: true });
            writeFileSync(file, content);
          }
        } finally {
          await pagefind.close();
        }
      },
    },
  };
}
