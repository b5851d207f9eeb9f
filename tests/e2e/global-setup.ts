import { rmSync } from 'node:fs';
import { installCliFromSite } from '../support/install-cli.ts';
import { assertChromiumInstalled } from '../support/chromium.ts';

/**
 * The site is built and served once for the whole test run by tests/run-tests.ts (`npm test`,
 * or `npm run test:e2e` for these tests alone), which passes the server's URL in
 * `EARSHOT_TEST_URL`; a deployment's URL works too. Then, as a stranger would, this follows the
 * CLI page's install line (the tarball the site serves) into a temporary prefix, for the black-box
 * tests (`EARSHOT_CLI_BIN`, run with `EARSHOT_CLI_PATH` so that it gets the system Node).
 * `EARSHOT_CLI_PACKAGE_URL` is the tarball URL the page names.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // Before anything else, so that a missing browser is reported at once, with how to install one.
  assertChromiumInstalled();
  const url = process.env.EARSHOT_TEST_URL;
  if (!url)
    throw new Error(
      'EARSHOT_TEST_URL is not set: run the browser tests with `npm run test:e2e`, which builds and serves the site',
    );
  const cli = await installCliFromSite(url);
  process.env.EARSHOT_CLI_BIN = cli.bin;
  process.env.EARSHOT_CLI_PATH = cli.path;
  process.env.EARSHOT_CLI_PACKAGE_URL = cli.commands.url;
  return async () => rmSync(cli.root, { recursive: true, force: true });
}
