import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './tests/support/chromium.ts';

/**
 * Browser and HTTP tests against the built site, served by the local server (`netlify dev`) the
 * way production serves it. tests/run-tests.ts builds once and starts the server (`npm test`,
 * `npm run test:e2e`); the global setup installs the client from it. Budgets are per test and sized
 * for a loaded 2-core machine: a slow machine makes the run slower, not red.
 */
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
  use: {
    baseURL: process.env.EARSHOT_TEST_URL,
    trace: 'retain-on-failure',
  },
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
