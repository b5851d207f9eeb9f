/**
 * Playwright's `webServer` when a test file runs alone (`npx playwright test <file>`): the test
 * build (made or reused, test-build.ts), served by the local server as `npm test` serves it (rate
 * limits counted on its rate-limited name, rate-limited-host.ts), until Playwright stops it.
 */
import { startLocalServer } from '../../tooling/local-server.ts';
import { rateLimitedHost } from './rate-limited-host.ts';
import { testSite } from './test-build.ts';

const port = Number(new URL(testSite().baseUrl).port);
try {
  const server = await startLocalServer({ port, rateLimitedHost: rateLimitedHost(port) });
  console.log(`serving the test build on ${server.url}`);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void server.stop());
} catch (error) {
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
