import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';

export interface BuildOptions {
  dataDir: string;
  outDir: string;
  env?: NodeJS.ProcessEnv;
}

export interface BuildOutcome {
  status: number | null;
  stdout: string;
  stderr: string;
}

function buildEnv({ dataDir, outDir, env }: BuildOptions): NodeJS.ProcessEnv {
  return { ...process.env, ...env, EARSHOT_DATA_DIR: dataDir, EARSHOT_OUT_DIR: outDir, EARSHOT_BUILD_LOG: 'silent' };
}

/** Runs the real `npm run build` entry point with the given data and output folders. */
export function runBuild(options: BuildOptions): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ['tooling/build.ts'], { encoding: 'utf8', env: buildEnv(options) });
}

/** The same, without blocking, so that several builds can run side by side. */
export function runBuildAsync(options: BuildOptions): Promise<BuildOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['tooling/build.ts'], { env: buildEnv(options) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}
