import { ensureLocalBuild, PLANTED_SECRETS, type LocalBuild } from '../../tooling/local-build.ts';

/**
 * The site as the test run built it: the local build (tooling/local-build.ts) of `dist/` for the
 * test address, http://localhost:8888 (`EARSHOT_TEST_PORT` picks another port). `npm test`, each
 * `npm run test:<layer>`, an artifact test run alone (`node --test tests/artifacts/x.test.ts`) and
 * Playwright run alone (`npx playwright test tests/e2e/y.spec.ts`) all use that address, so they
 * share one build, made on first use and reused while nothing it depends on changed; `npm start`
 * on the same port makes the same build. Tests read that build; none builds the site again.
 */
export type TestSite = LocalBuild;

export { PLANTED_SECRETS };

/** The address every test entry point builds for and serves on. */
export const localTestUrl = `http://localhost:${process.env.EARSHOT_TEST_PORT ?? 8888}`;

export function testSite(): TestSite {
  const dir = process.env.EARSHOT_TEST_SITE_DIR;
  const baseUrl = process.env.EARSHOT_TEST_SITE_URL;
  if (dir && baseUrl) return { dir, baseUrl };
  const site = { dir: 'dist', baseUrl: localTestUrl };
  ensureLocalBuild(site);
  process.env.EARSHOT_TEST_SITE_DIR = site.dir;
  process.env.EARSHOT_TEST_SITE_URL = site.baseUrl;
  return site;
}
