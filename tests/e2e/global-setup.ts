import { rmSync } from 'node:fs';
import { findFreePort, startLocalServer } from '../../tooling/local-server.ts';
import { runBuild } from '../support/build-site.ts';
import { installCliFromSite } from '../support/install-cli.ts';
import { assertChromiumInstalled } from '../support/chromium.ts';

/**
 * Builds the site once into dist/ and serves it like production for every test file; then, as a
 * stranger would, follows the CLI page's install line (the tarball the site serves) into a
 * temporary prefix, for the black-box tests (`EARSHOT_CLI_BIN`, run with `EARSHOT_CLI_PATH` so
 * that it gets the system Node). `EARSHOT_CLI_PACKAGE_URL` is the tarball URL the page names.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // Before the build, so that a missing browser is reported at once, with how to install one.
  assertChromiumInstalled();
  const cleanups: (() => Promise<void> | void)[] = [];
  try {
    if (!process.env.EARSHOT_TEST_URL) {
      // Like `npm start`: the build links to the server that serves it.
      const port = await findFreePort();
      const build = runBuild({ dataDir: 'data', outDir: 'dist', env: { SITE_URL: `http://localhost:${port}` } });
      if (build.status !== 0) throw new Error(`The build failed:\n${build.stderr}`);
      const server = await startLocalServer({ port });
      process.env.EARSHOT_TEST_URL = server.url;
      cleanups.push(
        () => server.stop(),
        () => rmSync('.netlify/local/config/netlify/telemetry', { force: true, recursive: true }),
      );
    }
    const cli = await installCliFromSite(process.env.EARSHOT_TEST_URL);
    process.env.EARSHOT_CLI_BIN = cli.bin;
    process.env.EARSHOT_CLI_PATH = cli.path;
    process.env.EARSHOT_CLI_PACKAGE_URL = cli.commands.url;
    cleanups.push(() => rmSync(cli.root, { recursive: true, force: true }));
  } catch (error) {
    for (const cleanup of cleanups.reverse()) await cleanup();
    throw error;
  }
  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
}
