/**
 * Playwright's `webServer` when a test file runs alone (`npx playwright test <file>`): the test
 * build (made or reused, test-build.ts), served the way `npm start` serves it, until Playwright
 * stops it.
 */
import { spawn } from 'node:child_process';
import { testSite } from './test-build.ts';

const site = testSite();
const server = spawn(process.execPath, ['tooling/serve.ts', '--no-build'], {
  env: { ...process.env, PORT: new URL(site.baseUrl).port },
  stdio: 'inherit',
});
// serve.ts stops the local server (and its edge runtime) on SIGTERM.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => server.kill(signal));
server.once('exit', (code) => (process.exitCode = code ?? 0));
