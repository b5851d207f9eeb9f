import { spawnSync, type SpawnSyncReturns } from 'node:child_process';

/** Runs the real `npm run build` entry point with the given data and output folders. */
export function runBuild(options: { dataDir: string; outDir: string; env?: NodeJS.ProcessEnv }): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ['src/scripts/build.ts'], {
    encoding: 'utf8',
    env: {
      ...process.env,
      ...options.env,
      EARSHOT_DATA_DIR: options.dataDir,
      EARSHOT_OUT_DIR: options.outDir,
      EARSHOT_BUILD_LOG: 'silent',
    },
  });
}
