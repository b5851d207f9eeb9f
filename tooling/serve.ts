/**
 * `npm start`: builds the site, then serves `dist/` on http://localhost:8888 (`PORT` overrides)
 * as Netlify's CDN serves it, offline (tooling/local-cdn/). Like a deploy preview, the build links
 * to itself: resource links point at the local server unless `SITE_URL` says otherwise. The build
 * is the local build of tooling/local-build.ts, the one the tests make for the same address:
 * reused while nothing it depends on changed. `--no-build` serves the existing `dist/` as it is.
 * A start that fails says why in one line and exits 1.
 */
import { spawnSync } from 'node:child_process';
import { startLocalCdn, StartError } from './local-cdn/local-cdn.ts';
import { ensureLocalBuild } from './local-build.ts';
import { ONLY_ON_THE_CDN } from './local-server.ts';

async function main(args: string[]): Promise<number> {
  const port = Number(process.env.PORT ?? 8888);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    console.error(`error: PORT must be a port number (got ${JSON.stringify(process.env.PORT)})`);
    return 2;
  }
  if (!args.includes('--no-build')) {
    const siteUrl = process.env.SITE_URL || `http://localhost:${port}`;
    const started = performance.now();
    if (new URL(siteUrl).hostname === 'localhost') {
      // Astro's warnings and errors only: its step-by-step log is `npm run build`'s.
      const log =
        process.env.EARSHOT_BUILD_LOG === 'info' || process.env.EARSHOT_BUILD_LOG === 'silent'
          ? process.env.EARSHOT_BUILD_LOG
          : 'warn';
      try {
        const built = ensureLocalBuild({ dir: 'dist', baseUrl: siteUrl }, { log, say: (line) => console.log(line) });
        console.log(
          built
            ? `built in ${((performance.now() - started) / 1000).toFixed(1)} s`
            : `dist/ is the build for ${siteUrl} and nothing it depends on changed: not rebuilt`,
        );
      } catch (error) {
        console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
        return 1;
      }
    } else {
      // Another address (SITE_URL): a build of its own, every time.
      console.log(`building dist/ for ${siteUrl} (npm run build prints every step)`);
      const env = { ...process.env, SITE_URL: siteUrl, EARSHOT_BUILD_LOG: process.env.EARSHOT_BUILD_LOG ?? 'warn' };
      const build = spawnSync(process.execPath, ['tooling/build.ts'], { stdio: 'inherit', env });
      if (build.status !== 0) return build.status ?? 1;
      console.log(`built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  }
  let cdn;
  try {
    cdn = await startLocalCdn({ port });
  } catch (error) {
    if (!(error instanceof StartError)) throw error;
    console.error(`error: ${error.message}`);
    return 1;
  }
  const stop = () => void cdn.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  console.log(`note: ${ONLY_ON_THE_CDN}`);
  console.log(`serving dist/ on ${cdn.url} as Netlify's CDN would, offline: ${cdn.summary} (Ctrl-C stops)`);
  return new Promise(() => undefined);
}

process.exitCode = await main(process.argv.slice(2));
