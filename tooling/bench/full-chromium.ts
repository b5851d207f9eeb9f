/**
 * The Chromium the benchmark drives (Lighthouse, the chart's PNG): Debian's full browser, unless
 * `CHROMIUM_PATH` names another. The browser tests use the headless shell instead
 * (tests/support/chromium.ts); Lighthouse scores what a reader's browser does.
 */
export const fullChromiumPath = (env: NodeJS.ProcessEnv = process.env): string =>
  env.CHROMIUM_PATH || '/usr/bin/chromium';
