/**
 * `npm run dev` and `npm run check`: Astro's own command (`astro dev`, `astro check`), once what
 * its config reads from disk is written (prepare-site.ts).
 */
import { spawn } from 'node:child_process';
import { prepareSite } from './prepare-site.ts';

await prepareSite({ build: false, outDir: 'dist' });
const astro = spawn('astro', process.argv.slice(2), { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => astro.kill(signal));
astro.once('exit', (code, signal) => (process.exitCode = code ?? (signal ? 1 : 0)));
