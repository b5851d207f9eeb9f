import { spawn } from 'node:child_process';
import { accessSync, constants, mkdtempSync } from 'node:fs';
import { attribute, parseHtml, walkElements } from './html-tree.ts';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

export interface InstalledCli {
  /** The `earshot` command npm installed. */
  bin: string;
  /** A PATH on which `node` is the machine's own Node (20 here), not the project's Node 24. */
  path: string;
  /** The temporary folder holding the prefix and the npm cache; remove it when done. */
  root: string;
}

/** PATH without the project's `node_modules/.bin`, where `npm run` puts Node 24. */
function systemPath(path = process.env.PATH ?? ''): string {
  return path
    .split(delimiter)
    .filter((entry) => entry !== '' && !entry.includes('node_modules'))
    .join(delimiter);
}

/** The first `node` on the system PATH, or this process's Node when there is none. */
function findSystemNode(): string {
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

/** The Node a stranger has: the machine's own (20 here), first on a PATH without the project's. */
export function systemNodePath(): string {
  return [dirname(findSystemNode()), systemPath()].join(delimiter);
}

/**
 * An install command as a page shows it (`npm install --global <url>`), split into words: the
 * pages give plain words, without quotes or shell syntax, and a test must notice if that changes.
 */
export function splitCommand(line: string): string[] {
  if (/['"\\$`|;&<>]/.test(line)) throw new Error(`not a plain command line: ${line}`);
  return line.trim().split(/\s+/);
}

/** The pages' install commands, found in the rendered text of the CLI page. */
export interface PageInstallCommands {
  /** `npm install --global <url>` */
  installGlobal: string;
  /** `npm install <url>` */
  installLibrary: string;
  /** `npx -y <url> platforms`, with `--base-url <site>` on any site but production */
  npx: string;
  /** `earshot platforms`, the line after the install, with `--base-url <site>` likewise */
  run: string;
  /** The pinned tarball URL the commands name. */
  url: string;
}

/**
 * Reads the install commands off the CLI docs page as a reader copies them: with the code blocks'
 * copy buttons, whose `data-code` holds the block's lines (joined by U+007F).
 */
export async function readInstallCommands(siteUrl: string): Promise<PageInstallCommands> {
  const response = await fetch(`${siteUrl}/docs/cli/`);
  if (!response.ok) throw new Error(`GET ${siteUrl}/docs/cli/ answered ${response.status}`);
  const lines = [...walkElements(parseHtml(await response.text()))]
    .flatMap((element) => attribute(element, 'data-code')?.split('\u007f') ?? [])
    .map((line) => line.trim());
  const find = (pattern: RegExp) => {
    const line = lines.find((candidate) => pattern.test(candidate));
    if (!line) throw new Error(`the CLI page at ${siteUrl}/docs/cli/ has no line matching ${pattern}`);
    return line;
  };
  const installGlobal = find(/^npm install --global \S+$/);
  return {
    installGlobal,
    installLibrary: find(/^npm install (?!--global)\S+$/),
    npx: find(/^npx -y \S+ platforms(?: --base-url \S+)?$/),
    run: find(/^earshot platforms(?: --base-url \S+)?$/),
    url: installGlobal.split(' ').at(-1)!,
  };
}

/**
 * What a stranger does: copies the CLI page's install line and runs it, with the machine's own
 * npm and Node (20 here), an empty npm cache, and a prefix of its own so nothing global changes.
 */
export async function installCliFromSite(siteUrl: string): Promise<InstalledCli & { commands: PageInstallCommands }> {
  const commands = await readInstallCommands(siteUrl);
  const [npm, ...args] = splitCommand(commands.installGlobal);
  return { ...(await installCli(npm!, args, commands.installGlobal)), commands };
}

/** `npm install --global <url>` as a user who kept an older page's line runs it: the same empty prefix and cache. */
export function installCliFromUrl(url: string): Promise<InstalledCli> {
  return installCli('npm', ['install', '--global', url], `npm install --global ${url}`);
}

async function installCli(npm: string, args: string[], line: string): Promise<InstalledCli> {
  const root = mkdtempSync(join(tmpdir(), 'earshot-cli-'));
  const path = systemNodePath();
  const prefix = join(root, 'prefix');
  const install = await runProcess(npm, [...args, '--prefix', prefix, '--no-audit', '--no-fund', '--loglevel=error'], {
    PATH: path,
    npm_config_cache: join(root, 'npm-cache'),
  });
  if (install.code !== 0) throw new Error(`${line} failed:\n${install.stdout}${install.stderr}`);
  return { bin: join(prefix, 'bin', 'earshot'), path: [join(prefix, 'bin'), path].join(delimiter), root };
}

export interface ProcessRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a program with exactly the environment given (HOME added), stdin empty and closed. */
export function runProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  cwd?: string,
): Promise<ProcessRun> {
  return new Promise((done, reject) => {
    const child = spawn(command, args, {
      env: { HOME: process.env.HOME ?? '/tmp', ...env },
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => done({ code, stdout, stderr }));
  });
}

/**
 * Runs the `earshot` the e2e global setup installed (`EARSHOT_CLI_BIN`, on `EARSHOT_CLI_PATH`) with
 * nothing of the test's environment but PATH and HOME, and stdin empty and closed.
 */
export function runInstalledCli(args: string[], env: Record<string, string> = {}): Promise<ProcessRun> {
  return runProcess(process.env.EARSHOT_CLI_BIN!, args, { PATH: process.env.EARSHOT_CLI_PATH!, ...env });
}
