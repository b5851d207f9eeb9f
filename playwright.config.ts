import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './tests/support/chromium.ts';
import { testSite } from './tests/support/test-build.ts';

/**
 * Browser and HTTP tests against the built site, served by the local server (`netlify dev`) the
 * way production serves it. `npm test` builds once, starts the server and passes its URL in
 * `EARSHOT_TEST_URL` (a deployment's URL works too). Run alone (`npx playwright test <file>`),
 * the test build (tests/support/test-build.ts, reused while the sources are unchanged) is served
 * by `webServer` on http://localhost:8888 (`EARSHOT_TEST_PORT` overrides), or a server already
 * there is reused. The global setup installs the client from it. Budgets are per test and sized
 * for a loaded 2-core machine: a slow machine makes the run slower, not red.
 */
const givenUrl = process.env.EARSHOT_TEST_URL;
// Only the runner's own process builds; its workers inherit the environment testSite() sets.
const site = givenUrl || process.env.TEST_WORKER_INDEX !== undefined ? undefined : testSite();
const baseURL = givenUrl ?? site?.baseUrl ?? process.env.EARSHOT_TEST_SITE_URL;

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 20_000 },
  workers: 2,
  reporter: 'list',
  use: { baseURL, trace: 'retain-on-failure' },
  ...(site && {
    webServer: {
      command: 'node tooling/serve.ts --no-build',
      env: { PORT: new URL(site.baseUrl).port },
      url: `${site.baseUrl}/openapi.json`,
      reuseExistingServer: true,
      timeout: 600_000,
      // serve.ts stops netlify dev, which runs in a process group of its own, on SIGTERM.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
  }),
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: chromiumPath() },
      },
    },
  ],
});
