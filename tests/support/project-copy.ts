import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Every file git tracks or would track (the working tree's own changes included), copied into `dir`. */
export function copyProjectFiles(dir: string): void {
  const root = resolve('.');
  mkdirSync(dir, { recursive: true });
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    try {
      cpSync(join(root, file), join(dir, file), { recursive: false });
    } catch (error) {
      // A file deleted in the working tree but still in the index.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/**
 * A copy of the project in `dir`, as a clone would have it: every file git tracks or would track
 * (the working tree's own changes included), and a `node_modules/` whose bundled packages
 * (`bundledPaths`, such as `node_modules/undici`) are real copies inside `dir`. Every other package
 * is a link back to this project's: build tools never reach the tarball, and copying them would
 * cost a gigabyte.
 */
export function copyProject(dir: string, bundledPaths: readonly string[]): void {
  const root = resolve('.');
  copyProjectFiles(dir);
  const copied = new Set(bundledPaths.map((path) => /^node_modules\/(?:@[^/]+\/)?[^/]+/.exec(path)![0]));
  const modules = join(dir, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(join(root, 'node_modules'))) {
    const names = entry.startsWith('@')
      ? readdirSync(join(root, 'node_modules', entry)).map((name) => `${entry}/${name}`)
      : [entry];
    if (entry.startsWith('@')) mkdirSync(join(modules, entry));
    for (const name of names) {
      const path = `node_modules/${name}`;
      if (copied.has(path)) cpSync(join(root, path), join(dir, path), { recursive: true, verbatimSymlinks: true });
      else symlinkSync(join(root, path), join(dir, path));
    }
  }
}

export interface ScriptResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs one of the project's scripts (`tooling/build-cli.ts` …) with this Node, in `cwd`. */
export function runProjectScript(cwd: string, script: string, args: readonly string[] = []): Promise<ScriptResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [script, ...args], { cwd, env: { ...process.env, CONTEXT: '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}
