import { accessSync, constants } from 'node:fs';

/** The Chromium the browser tests drive: Debian's, unless `CHROMIUM_PATH` names another. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/**
 * Fails with the way to install a browser when there is none: Playwright cannot download its
 * own browsers on these machines, and its default hint (`npx playwright install`) does not work.
 */
export function assertChromiumInstalled(path = chromiumPath()): void {
  try {
    accessSync(path, constants.X_OK);
  } catch {
    throw new Error(
      [
        `No Chromium at ${path}: the browser tests need one.`,
        "hint: install Debian's with `sudo apt-get install -y --no-install-recommends chromium` (npm test does when it can),",
        '      or set CHROMIUM_PATH to the Chromium or Chrome executable you have',
      ].join('\n'),
    );
  }
}
