import { spawn } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

export interface InstalledCli {
  /** The `earshot` command npm installed. */
  bin: string;
  /** A PATH on which `node` is the machine's own Node (20 here), not the project's Node 24. */
  path: string;
  /** The temporary folder holding the tarball and the prefix; remove it when done. */
  root: string;
}

/** PATH without the project's `node_modules/.bin`, where `npm run` puts Node 24. */
export function systemPath(path = process.env.PATH ?? ''): string {
  return path
    .split(delimiter)
    .filter((entry) => entry !== '' && !entry.includes('node_modules'))
    .join(delimiter);
}

/** The first `node` on the system PATH, or this process's Node when there is none. */
export function findSystemNode(): string {
  for (const entry of systemPath().split(delimiter)) {
    const candidate = join(entry, 'node');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      /* not here */
    }
  }
  return process.execPath;
}

/**
 * What a stranger does: `npm pack` (whose prepack builds the client), then
 * `npm install -g --prefix <tmp> ./earshot-*.tgz` with the machine's own npm and Node.
 * Asynchronous, so that the e2e setup does it while the site builds.
 */
export async function packAndInstallCli(): Promise<InstalledCli> {
  const root = mkdtempSync(join(tmpdir(), 'earshot-cli-'));
  const pack = await runCommand('npm', ['pack', '--pack-destination', root, '--loglevel=error'], process.env);
  if (pack.status !== 0) throw new Error(`npm pack failed:\n${pack.output}`);
  const tarball = readdirSync(root).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack wrote no tarball into ${root}`);

  const path = [dirname(findSystemNode()), systemPath()].join(delimiter);
  const prefix = join(root, 'prefix');
  const install = await runCommand('npm', ['install', '-g', '--prefix', prefix, join(root, tarball), '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], {
    ...process.env,
    PATH: path,
  });
  if (install.status !== 0) throw new Error(`npm install -g of the tarball failed:\n${install.output}`);
  return { bin: join(prefix, 'bin', 'earshot'), path: [join(prefix, 'bin'), path].join(delimiter), root };
}

function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; output: string }> {
  return new Promise((done, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (status) => done({ status, output }));
  });
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the `earshot` the e2e global setup installed (`EARSHOT_CLI_BIN`, on `EARSHOT_CLI_PATH`) with
 * nothing of the test's environment but PATH and HOME, and stdin empty and closed.
 */
export function runInstalledCli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((done, reject) => {
    const child = spawn(process.env.EARSHOT_CLI_BIN!, args, { env: { PATH: process.env.EARSHOT_CLI_PATH!, HOME: process.env.HOME ?? '/tmp', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => done({ code, stdout, stderr }));
  });
}
