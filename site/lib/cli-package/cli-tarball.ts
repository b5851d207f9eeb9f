import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { RELEASE_PATHS, releaseFileName } from '../../../contract/release-paths.ts';

/**
 * The `earshot` package as the site serves it: the tarball `npm run build:cli` packs
 * (tooling/build-cli.ts), published at `/cli/earshot-<version>-<hash>.tgz`.
 *
 * The URL names the version and a hash of the content. Within one version the content can still
 * change between deploys (the production URL, the support address and the schemas are baked into
 * the client), and a URL that served other bytes once could be answered from a stale cache or
 * break a lockfile's integrity; with the hash in the URL, one URL always means the same bytes, so
 * it can be cached for good (`immutable`, see netlify.toml) and a configuration that names it
 * keeps running the same code until the configuration itself changes.
 */
export interface CliTarball {
  version: string;
  /** `earshot-1.0.0-3f2a9c1d0b.tgz` */
  fileName: string;
  /** The site path: `/cli/earshot-1.0.0-3f2a9c1d0b.tgz`. */
  path: string;
  /** `sha512-…` (Subresource Integrity form), what npm records in a lockfile. */
  integrity: string;
  /** Bytes. */
  size: number;
  bytes: Uint8Array;
  /** The MCP Bundle of the same build (tooling/mcp-bundle.ts), served beside the tarball. */
  bundle: McpBundleFile;
}

/** The MCP Bundle as the site serves it: `/cli/earshot-<version>-<hash>.mcpb`. */
interface McpBundleFile {
  /** `earshot-1.1.0-3f2a9c1d0b.mcpb`: the version and the first ten hex digits of its SHA-512. */
  fileName: string;
  /** The site path: `/cli/earshot-1.1.0-3f2a9c1d0b.mcpb`. */
  path: string;
  /** SHA-256, hex: what `server.json` and `SHA256SUMS` give to check a download. */
  sha256: string;
  size: number;
  bytes: Uint8Array;
}

const CLI_TARBALL_DIRECTORY = RELEASE_PATHS.tarballDirectory;
const BUILD_DIR = resolve('build/cli');
const MANIFEST = resolve('client/package.json');

export function readCliPackageVersion(): string {
  return (JSON.parse(readFileSync(MANIFEST, 'utf8')) as { version: string }).version;
}

/** Where `npm pack` writes the tarball of the current version. */
export function cliTarballFile(): string {
  return resolve(BUILD_DIR, `earshot-${readCliPackageVersion()}.tgz`);
}

function readBuiltFile(file: string): Uint8Array {
  if (!existsSync(file))
    throw new Error(`${file} does not exist\nhint: run \`npm run build:cli\` (\`npm run build\` runs it first)`);
  return new Uint8Array(readFileSync(file));
}

/** The packed bundle of the current version, with its pinned file name. */
function readMcpBundle(): McpBundleFile {
  const bytes = readBuiltFile(resolve(BUILD_DIR, `earshot-${readCliPackageVersion()}.mcpb`));
  const sha512 = createHash('sha512').update(bytes).digest('hex');
  const fileName = releaseFileName(readCliPackageVersion(), sha512, 'mcpb');
  return {
    fileName,
    path: `${CLI_TARBALL_DIRECTORY}${fileName}`,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    size: bytes.byteLength,
    bytes,
  };
}

/** The packed tarball and bundle, with their pinned file names; fails with the command to run when one is missing. */
export function readCliTarball(): CliTarball {
  const bytes = readBuiltFile(cliTarballFile());
  const version = readCliPackageVersion();
  const sha512 = createHash('sha512').update(bytes);
  const digest = sha512.digest();
  const fileName = releaseFileName(version, digest.toString('hex'), 'tgz');
  return {
    version,
    fileName,
    path: `${CLI_TARBALL_DIRECTORY}${fileName}`,
    integrity: `sha512-${digest.toString('base64')}`,
    size: bytes.byteLength,
    bytes,
    bundle: readMcpBundle(),
  };
}

/** The commands every page, file and configuration gives, all naming the pinned tarball URL. */
export interface CliInstallCommands {
  /** The tarball's absolute URL on this deployment. */
  url: string;
  /** `npm install --global <url>`: the `earshot` command. */
  installGlobal: string;
  /** `npm install <url>`: the library, in a project. */
  installLibrary: string;
  /** `npx -y <url> <args>`: run once without installing, against this deployment's API. */
  npx(args: string): string;
  /** `earshot <args>`: the installed command, against this deployment's API. */
  run(args: string): string;
}

/**
 * The client talks to the production API unless told otherwise: on any other deployment (a
 * preview, a branch deploy, the local server of `npm start`) the commands add
 * `--base-url <that deployment>`, so that what a page tells a reader to run reads the API that
 * page documents. On production they stay short.
 */
export function buildCliInstallCommands(
  baseUrl: string,
  tarball: Pick<CliTarball, 'path'>,
  productionBaseUrl: string,
): CliInstallCommands {
  const url = `${baseUrl}${tarball.path}`;
  const baseUrlFlag = baseUrl === productionBaseUrl ? '' : ` --base-url ${baseUrl}`;
  return {
    url,
    installGlobal: `npm install --global ${url}`,
    installLibrary: `npm install ${url}`,
    npx: (args) => `npx -y ${url} ${args}${baseUrlFlag}`,
    run: (args) => `earshot ${args}${baseUrlFlag}`,
  };
}

/** `270.4 KiB` (1 KiB = 1,024 bytes) */
export function formatTarballSize(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}
