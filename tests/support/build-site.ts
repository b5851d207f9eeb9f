import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { TODAY_VARIABLE } from '../../tooling/today.ts';

export interface BuildOptions {
  dataDir: string;
  outDir: string;
  env?: NodeJS.ProcessEnv;
}

/** The test's environment but a moved clock: a build here keeps the real day unless `env` moves it. */
function buildEnv({ dataDir, outDir, env }: BuildOptions): NodeJS.ProcessEnv {
  const { [TODAY_VARIABLE]: _moved, ...inherited } = process.env;
  return { ...inherited, ...env, EARSHOT_DATA_DIR: dataDir, EARSHOT_OUT_DIR: outDir, EARSHOT_BUILD_LOG: 'silent' };
}

/** Runs the real `npm run build` entry point with the given data and output folders. */
export function runBuild(options: BuildOptions): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ['tooling/build.ts'], { encoding: 'utf8', env: buildEnv(options) });
}
