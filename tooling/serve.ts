/**
 * `npm start`: builds the site, then serves `dist/` on http://localhost:8888 (`PORT` overrides)
 * the way Netlify serves it in production. Like a deploy preview, the build links to itself:
 * resource links point at the local server unless `SITE_URL` says otherwise.
 * `--no-build` serves the existing `dist/` as it is.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findFreePort, spawnNetlifyDev, stopProcessGroup } from './local-server.ts';

async function main(args: string[]): Promise<number> {
  const port = Number(process.env.PORT ?? 8888);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    console.error(`error: PORT must be a port number (got ${JSON.stringify(process.env.PORT)})`);
    return 2;
  }
  if (!args.includes('--no-build')) {
    const env = { ...process.env, SITE_URL: process.env.SITE_URL || `http://localhost:${port}` };
    const build = spawnSync(process.execPath, ['tooling/build.ts'], { stdio: 'inherit', env });
    if (build.status !== 0) return build.status ?? 1;
  } else if (!existsSync('dist')) {
    console.error(
      'error: there is no dist/ to serve\nhint: run `npm run build` first, or `npm start` without --no-build',
    );
    return 1;
  }
  const child = spawnNetlifyDev(port, await findFreePort());
  const stop = () => void stopProcessGroup(child);
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return new Promise((done) => child.once('exit', (code) => done(code ?? 0)));
}

process.exitCode = await main(process.argv.slice(2));
