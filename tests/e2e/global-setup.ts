import { rmSync } from 'node:fs';
import { findFreePort, startLocalServer } from '../../src/lib/local-server.ts';
import { runBuild } from '../support/build-site.ts';
import { assertChromiumInstalled } from '../support/chromium.ts';

/** Builds the site once into dist/ and serves it like production for every test file. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // Before the build, so that a missing browser is reported at once, with how to install one.
  assertChromiumInstalled();
  if (!process.env.EARSHOT_TEST_URL) {
    // Like `npm start`: the build links to the server that serves it.
    const port = await findFreePort();
    const build = runBuild({ dataDir: 'data', outDir: 'dist', env: { SITE_URL: `http://localhost:${port}` } });
    if (build.status !== 0) throw new Error(`The build failed:\n${build.stderr}`);
    const server = await startLocalServer({ port });
    process.env.EARSHOT_TEST_URL = server.url;
    return async () => {
      await server.stop();
      rmSync('.netlify/local/config/netlify/telemetry', { force: true, recursive: true });
    };
  }
  return async () => {};
}
