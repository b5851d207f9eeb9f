import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, it } from 'node:test';
import { pagefindFiles } from '../../site/integrations/pagefind-files.ts';

/** Every file under `dir`, with its size. */
function filesUnder(dir: string): { path: string; size: number }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((path) => ({ path, size: statSync(join(dir, path)).size }))
    .filter((file) => statSync(join(dir, file.path)).isFile());
}

describe('the search index, written after Starlight', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'earshot-pagefind-'));
  after(() => rmSync(outDir, { recursive: true, force: true }));

  it('replaces files Pagefind left empty with the whole index of the built pages', async () => {
    for (const [page, text] of [
      ['index.html', 'Earshot listens to Reddit'],
      ['docs/index.html', 'Rate limits and retries'],
    ] as const) {
      mkdirSync(join(outDir, page, '..'), { recursive: true });
      writeFileSync(
        join(outDir, page),
        `<!doctype html><html lang="en"><title>t</title><body><main><p>${text}</p></main></body></html>`,
      );
    }
    // What a busy machine left: Pagefind's backend stopped before these writes landed.
    mkdirSync(join(outDir, 'pagefind'));
    writeFileSync(join(outDir, 'pagefind', 'pagefind-entry.json'), '');
    writeFileSync(join(outDir, 'pagefind', 'pagefind-component-ui.js'), '');

    const done = pagefindFiles().hooks['astro:build:done'] as (options: { dir: URL }) => Promise<void>;
    await done({ dir: pathToFileURL(`${outDir}/`) });

    const files = filesUnder(join(outDir, 'pagefind'));
    assert.deepEqual(
      files.filter(({ size }) => size === 0).map(({ path }) => path),
      [],
      'no file of the index is empty',
    );
    const entry = JSON.parse(readFileSync(join(outDir, 'pagefind', 'pagefind-entry.json'), 'utf8')) as {
      languages: Record<string, { page_count: number }>;
    };
    assert.equal(entry.languages.en?.page_count, 2);
    assert.ok(files.some(({ path }) => path === 'pagefind-component-ui.js'));
  });
});
