/**
 * The site as the test run built it. `npm test` (tests/run-tests.ts) builds it once into `dist/`,
 * for the base URL the local server then serves it on, and hands both to every test process
 * through the environment. Tests read that build; none builds the site again.
 */
export interface TestSite {
  /** The folder the build wrote (`dist/`). */
  dir: string;
  /** The base URL it was built for, where the local server serves it during the run. */
  baseUrl: string;
}

/**
 * Values planted in the test build's environment, as a CI's secrets would be: the public-surface
 * test checks that none of them is published.
 */
export const PLANTED_SECRETS = {
  EARSHOT_SECRET_PROBE: 'probe-9c1e7f42-secret',
  PUBLIC_EARSHOT_SECRET_PROBE: 'probe-public-5d83b0aa',
} as const;

export function testSite(): TestSite {
  const dir = process.env.EARSHOT_TEST_SITE_DIR;
  const baseUrl = process.env.EARSHOT_TEST_SITE_URL;
  if (!dir || !baseUrl) {
    throw new Error(
      'this test reads the site the test run builds: run it with `npm test`, or `npm run test:artifacts` (which builds first)',
    );
  }
  return { dir, baseUrl };
}
