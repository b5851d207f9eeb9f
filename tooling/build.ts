/**
 * `npm run build`: checks every data file, then builds the site into `dist/`.
 * Bad data fails the build with every problem listed, one per line, and leaves no `dist/` behind
 * that could be published by mistake.
 */
import { rmSync } from 'node:fs';
import { formatDataProblem } from '../contract/data-problem.ts';
import { loadSiteData } from '../site/lib/data/load-site-data.ts';

/** `EARSHOT_OUT_DIR` lets tests and benchmarks build elsewhere without touching `dist/`. */
const OUT_DIR = process.env.EARSHOT_OUT_DIR ?? 'dist';

async function main(): Promise<number> {
  const result = loadSiteData();
  if (!result.ok) {
    rmSync(OUT_DIR, { recursive: true, force: true });
    for (const problem of result.problems) console.error(formatDataProblem(problem));
    const count = result.problems.length;
    console.error(`error: ${count} problem${count === 1 ? '' : 's'} in the data; nothing was built`);
    console.error('hint: fix each line above (file#JSON-pointer: what was expected), then run the build again');
    return 1;
  }
  try {
    // The client package first: the site serves it, and its pages and /mcp.json name its URL.
    const { buildCliPackage } = await import('./build-cli.ts');
    await buildCliPackage();
    // A released version never changes: other bytes under a recorded version stop the build here.
    const { readCliTarball } = await import('../site/lib/cli-package/cli-tarball.ts');
    const { readServedReleases } = await import('../site/lib/cli-package/releases.ts');
    readServedReleases(readCliTarball());
    // Imported only now: bad data is reported without paying for loading Astro.
    const { build } = await import('astro');
    await build({ outDir: OUT_DIR, logLevel: process.env.EARSHOT_BUILD_LOG === 'silent' ? 'silent' : 'info' });
    return 0;
  } catch (error) {
    rmSync(OUT_DIR, { recursive: true, force: true });
    console.error(`error: the build failed; ${OUT_DIR}/ was removed so that nothing partial is published`);
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

process.exitCode = await main();
