import { readStamp, STAMP_FILE } from '../../tooling/local-build.ts';
import { testSite } from './test-build.ts';

/**
 * Whether the server at `url` serves this checkout's test build, as it is now: the stamp it serves
 * (`/.earshot-build`, tooling/local-build.ts) must be the one in `dist/`, made (or found current)
 * for these sources. A server of another checkout, or of an older build, fails in one line.
 */
export async function servedBuildProblem(url: string, dir: string): Promise<string | undefined> {
  const own = readStamp(dir);
  let served: string | undefined;
  try {
    const answer = await fetch(new URL(`/${STAMP_FILE}`, url));
    served = answer.ok ? await answer.text() : undefined;
  } catch {
    served = undefined;
  }
  if (served !== undefined && served === own) return undefined;
  return `the server on ${url} does not serve this checkout's build (${served === undefined ? 'it serves no build stamp' : `its /${STAMP_FILE} is ${served.slice(0, 12)}…, ${dir}/ holds ${own?.slice(0, 12) ?? 'none'}…`}): stop it, or set EARSHOT_TEST_PORT to a free port`;
}

export async function assertServesThisBuild(url: string): Promise<void> {
  const problem = await servedBuildProblem(url, testSite().dir);
  if (problem) throw new Error(problem);
}
