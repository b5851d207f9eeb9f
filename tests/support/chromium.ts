import { accessSync, constants } from 'node:fs';

/**
 * The Chromium the browser tests drive: Debian's headless shell, unless `CHROMIUM_PATH` names
 * another. It is the build Playwright itself runs headless tests in, the same engine and version
 * as Debian's `chromium`, without the browser's own user interface: on the page sweep it took 13 %
 * less CPU than the full browser in headless mode (179 against 205 core-seconds, back to back).
 * The benchmark's Lighthouse section and chart keep the full browser (`/usr/bin/chromium`).
 */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';
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
        "hint: install Debian's with `sudo apt-get install -y --no-install-recommends chromium-headless-shell` (npm test does when it can),",
        '      or set CHROMIUM_PATH to the Chromium or Chrome executable you have',
      ].join('\n'),
    );
  }
}
