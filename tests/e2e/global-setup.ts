import { rmSync } from 'node:fs';
import type { FullConfig } from '@playwright/test';
import { installCliFromSite } from '../support/install-cli.ts';
import { assertChromiumInstalled } from '../support/chromium.ts';
import { assertServesThisBuild } from '../support/served-build.ts';

/**
 * The site is served by then (playwright.config.ts: `npm test`'s server, or `webServer`). As a
 * stranger would, this follows the CLI page's install line (the tarball the site serves) into a
 * temporary prefix, for the black-box tests (`EARSHOT_CLI_BIN`, run with `EARSHOT_CLI_PATH` so
 * that it gets the system Node). `EARSHOT_CLI_PACKAGE_URL` is the tarball URL the page names.
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  // Before anything else, so that a missing browser is reported at once, with how to install one.
  assertChromiumInstalled();
  const url = config.projects[0]!.use.baseURL!;
  // Run alone, Playwright may have found a server already answering (webServer reuses it): test it
  // only if it serves this checkout's build, as it is now.
  if (config.webServer) await assertServesThisBuild(url);
  process.env.EARSHOT_TEST_URL ??= url;
  const cli = await installCliFromSite(url);
  process.env.EARSHOT_CLI_BIN = cli.bin;
  process.env.EARSHOT_CLI_PATH = cli.path;
  process.env.EARSHOT_CLI_PACKAGE_URL = cli.commands.url;
  return async () => rmSync(cli.root, { recursive: true, force: true });
}
