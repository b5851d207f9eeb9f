import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './tests/support/chromium.ts';

/**
 * Browser and HTTP tests against the built site, served by the local server (`netlify dev`) the
 * way production serves it. The global setup builds once and starts the server on a free port.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
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
