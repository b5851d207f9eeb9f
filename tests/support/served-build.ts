import { localBuildKey, STAMP_FILE } from '../../tooling/local-build.ts';

/**
 * Whether the server at `url` serves the build of these sources for that address: the stamp it
 * serves (`/.earshot-build`, tooling/local-build.ts) must be the key this checkout has now. A
 * server of another checkout, of an older build or of no local build fails in one line, before
 * anything is built.
 */
export async function servedBuildProblem(url: string, key: string): Promise<string | undefined> {
  let served: string | undefined;
  try {
    const answer = await fetch(new URL(`/${STAMP_FILE}`, url));
    served = answer.ok ? await answer.text() : undefined;
  } catch {
    served = undefined;
  }
  if (served === key) return undefined;
  const which = served === undefined ? 'it serves no build stamp' : `its /${STAMP_FILE} is ${served.slice(0, 12)}…`;
  return `the server on ${url} does not serve this checkout's build (${which}, this checkout's is ${key.slice(0, 12)}…): stop it, or set EARSHOT_TEST_PORT to a free port`;
}

export async function assertServesThisBuild(url: string): Promise<void> {
  const problem = await servedBuildProblem(url, localBuildKey(url));
  if (problem) throw new Error(problem);
}
