/**
 * `npm run bench`: builds the site and the client, serves the site locally, runs every section
 * and prints the figures. Nothing is asserted: these are measurements for the README.
 * To add a section, write a module exporting a `BenchSection` and list it below.
 */
import { spawnSync } from 'node:child_process';
import { relative } from 'node:path';
import { findFreePort, startLocalServer } from '../lib/local-server.ts';
import { buildCli, CLI_OUTFILE } from '../scripts/build-cli.ts';
import type { BenchRow, BenchSection } from './bench-section.ts';
import { clientSpeed } from './client-speed.ts';
import { load } from './load.ts';

const sections: BenchSection[] = [clientSpeed, load];

function renderTable(rows: BenchRow[]): string {
  const all = [{ measure: 'Measure', value: 'Value', detail: 'Detail' }, ...rows];
  const widths = (['measure', 'value'] as const).map((key) => Math.max(...all.map((row) => row[key].length)));
  return all.map((row) => `  ${row.measure.padEnd(widths[0]!)}  ${row.value.padStart(widths[1]!)}  ${row.detail}`.trimEnd()).join('\n');
}

async function main(): Promise<number> {
  await buildCli();
  const port = await findFreePort();
  // Like `npm start`: the build links to the server that serves it.
  const build = spawnSync(process.execPath, ['src/scripts/build.ts'], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, SITE_URL: `http://localhost:${port}`, EARSHOT_BUILD_LOG: 'silent' } });
  if (build.status !== 0) return build.status ?? 1;
  const server = await startLocalServer({ port });
  try {
    console.log(`Node ${process.version} on ${process.platform} ${process.arch}; local server ${server.url}; client ${relative(process.cwd(), CLI_OUTFILE)}\n`);
    for (const section of sections) {
      const rows = await section.run({ baseUrl: server.url, cliPath: CLI_OUTFILE, node: process.execPath });
      console.log(`${section.title}\n${renderTable(rows)}\n`);
    }
    return 0;
  } finally {
    await server.stop();
  }
}

process.exitCode = await main();
