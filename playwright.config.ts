import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './tests/support/chromium.ts';
import { localTestUrl } from './tests/support/test-build.ts';

/**
 * Browser and HTTP tests against the built site, served by the local server (tooling/local-cdn/)
 * the way production serves it. `npm test` builds once, starts the server and passes its URL in
 * `EARSHOT_TEST_URL` (a deployment's URL works too). Run alone (`npx playwright test <file>`),
 * `webServer` serves the test build (tests/support/test-build.ts: made on first use, reused while
 * nothing it depends on changed) on http://localhost:8888 (`EARSHOT_TEST_PORT` overrides), or
 * reuses a server already answering there if it serves that very build (the global setup refuses
 * any other in one line). The global setup installs the client from it. Budgets are
 * per test and sized for a loaded 2-core machine: a slow machine makes the run slower, not red.
 */
const givenUrl = process.env.EARSHOT_TEST_URL;

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 20_000 },
  // Three on two cores: many tests wait (slowly streamed pages, installs, real clients), and a third
  // worker runs while one waits. npm test keeps both cores busy either way (tooling/bench/README.md).
  workers: 3,
  reporter: 'list',
  // A failed test keeps its trace: actions, network and DOM snapshots. No screencast: recording
  // one for every test cost a tenth of the page sweep's CPU (tooling/bench/README.md).
  use: { baseURL: givenUrl ?? localTestUrl, trace: { mode: 'retain-on-failure', screenshots: false } },
  ...(!givenUrl && {
    webServer: {
      command: 'node tests/support/serve-test-site.ts',
      url: `${localTestUrl}/openapi.json`,
      reuseExistingServer: true,
      timeout: 600_000,
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
