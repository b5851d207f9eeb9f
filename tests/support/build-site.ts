import { spawnSync, type SpawnSyncReturns } from 'node:child_process';

export interface BuildOptions {
  dataDir: string;
  outDir: string;
  env?: NodeJS.ProcessEnv;
}

function buildEnv({ dataDir, outDir, env }: BuildOptions): NodeJS.ProcessEnv {
  return { ...process.env, ...env, EARSHOT_DATA_DIR: dataDir, EARSHOT_OUT_DIR: outDir, EARSHOT_BUILD_LOG: 'silent' };
}

/** Runs the real `npm run build` entry point with the given data and output folders. */
export function runBuild(options: BuildOptions): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ['tooling/build.ts'], { encoding: 'utf8', env: buildEnv(options) });
}
