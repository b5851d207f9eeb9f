/**
 * The MCP Bundle (`.mcpb`) of the local server: the staged `earshot` package (the very build the
 * tarball packs, no `node_modules`: it has no runtime dependency), a `manifest.json` made from the
 * server's identity, and its icon as PNG. `mcpb validate` checks the manifest and `mcpb pack` zips
 * it, as their authors intend; then the zip is written again with fixed entry dates, modes and
 * order, because `mcpb pack` stamps every entry with the time of packing.
 * @see https://github.com/modelcontextprotocol/mcpb/blob/main/MANIFEST.md
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync, zipSync, type Zippable } from 'fflate';
import sharp from 'sharp';
import { readBuildFacts } from '../client/src/baked/build-facts.ts';
import { MCP_SERVER_IDENTITY, SERVER_DESCRIPTION } from '../client/src/mcp/create-mcp-server.ts';
import { earshotTools } from '../client/src/mcp/mcp-tools.ts';
import { EARSHOT_ICON_SVG } from '../client/src/mcp/server-icon.ts';
import { MCP_BUNDLE_BASE_URL_KEY, MCP_BUNDLE_ENTRY_POINT } from '../client/src/mcp/mcp-bundle.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MCPB_BIN = resolve(ROOT, 'node_modules/.bin/mcpb');

/** The manifest format the bundle follows: the one Claude Desktop and `mcpb` 2.x read. */
const MANIFEST_VERSION = '0.3';
const ICON_FILE = 'icon.png';
/** Claude Desktop shows the icon at up to 512 × 512 pixels (`mcpb validate` recommends it). */
const ICON_SIZE = 512;

interface ClientManifest {
  version: string;
  license: string;
  keywords?: string[];
  engines: { node: string };
}

/**
 * `manifest.json`: the server's name, title, description, version and icon as `initialize` states
 * them, its tools by name (client/src/mcp/mcp-tool-names.ts through the tools), the Node.js versions
 * the package declares, and one setting: the API's base URL, the production API unless changed.
 */
export function renderMcpBundleManifest(client: ClientManifest) {
  const { productionBaseUrl, supportEmail, cliDocsUrl } = readBuildFacts();
  return {
    manifest_version: MANIFEST_VERSION,
    name: MCP_SERVER_IDENTITY.name,
    display_name: MCP_SERVER_IDENTITY.title,
    version: client.version,
    description: SERVER_DESCRIPTION,
    author: { name: MCP_SERVER_IDENTITY.title, email: supportEmail, url: `${productionBaseUrl}/` },
    homepage: `${productionBaseUrl}/`,
    documentation: cliDocsUrl,
    icon: ICON_FILE,
    server: {
      type: 'node',
      entry_point: MCP_BUNDLE_ENTRY_POINT,
      mcp_config: {
        command: 'node',
        args: [
          `\${__dirname}/${MCP_BUNDLE_ENTRY_POINT}`,
          'mcp',
          '--base-url',
          `\${user_config.${MCP_BUNDLE_BASE_URL_KEY}}`,
        ],
      },
    },
    tools: earshotTools.map(({ name, title }) => ({ name, description: title })),
    keywords: client.keywords ?? [],
    license: client.license,
    compatibility: { platforms: ['darwin', 'win32', 'linux'], runtimes: { node: client.engines.node } },
    user_config: {
      [MCP_BUNDLE_BASE_URL_KEY]: {
        type: 'string',
        title: 'API base URL',
        description: `The Earshot API the server reads. Keep ${productionBaseUrl} unless you test another deployment.`,
        default: productionBaseUrl,
        required: false,
      },
    },
  };
}

/** The icon (client/src/mcp/server-icon.ts) as the PNG that `mcpb` requires. */
async function renderIconPng(): Promise<Buffer> {
  return sharp(Buffer.from(EARSHOT_ICON_SVG), { density: (72 * ICON_SIZE) / 32 })
    .resize(ICON_SIZE, ICON_SIZE)
    .png({ compressionLevel: 9, palette: false })
    .withMetadata({})
    .toBuffer();
}

function runMcpb(args: string[]): string {
  const result = spawnSync(MCPB_BIN, args, { encoding: 'utf8', cwd: ROOT });
  if (result.status !== 0)
    throw new Error(`mcpb ${args[0]} failed (exit ${result.status}):\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/**
 * Entries whose bytes depend only on their content: sorted by name, every date the ZIP format's
 * first (1980-01-01 00:00, in the local time ZIP stores), every file `rw-r--r--` from Unix.
 */
export function normalizeZip(bytes: Uint8Array): Uint8Array {
  const entries = unzipSync(bytes);
  const mtime = new Date(1980, 0, 1, 0, 0, 0);
  const files: Zippable = {};
  for (const name of Object.keys(entries).sort())
    files[name] = [entries[name]!, { level: 9, mtime, os: 3, attrs: 0o100644 << 16 }];
  return zipSync(files);
}

/**
 * Makes `<work>/earshot-<version>.mcpb` from the package staged in `packageDir`, and returns its path.
 * `mcpb` leaves out what a bundle needs not (`*.d.ts` among them).
 */
export async function packMcpBundle(packageDir: string, work: string): Promise<string> {
  const client = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as ClientManifest;
  const staged = join(work, 'bundle');
  rmSync(staged, { recursive: true, force: true });
  mkdirSync(staged, { recursive: true });
  cpSync(packageDir, staged, { recursive: true });
  writeFileSync(join(staged, 'manifest.json'), `${JSON.stringify(renderMcpBundleManifest(client), null, 2)}\n`);
  writeFileSync(join(staged, ICON_FILE), await renderIconPng());
  runMcpb(['validate', join(staged, 'manifest.json')]);
  const packed = join(work, 'packed.mcpb');
  runMcpb(['pack', staged, packed]);
  const file = join(work, `earshot-${client.version}.mcpb`);
  writeFileSync(file, normalizeZip(readFileSync(packed)));
  rmSync(packed);
  rmSync(staged, { recursive: true, force: true });
  return file;
}
