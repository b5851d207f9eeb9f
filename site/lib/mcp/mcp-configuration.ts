import type { McpConfiguration } from '../../../contract/schemas/index.ts';
import { MCP_ENDPOINT_PATH } from '../../../contract/mcp-endpoint-path.ts';
import { buildMcpStdioServer, MCP_STDIO_SERVER_NAME } from '../../../contract/mcp-stdio-server.ts';

/** The name MCP clients show for the server: the key of the remote endpoint under `mcpServers`. */
const MCP_SERVER_NAME = 'earshot';

/**
 * The MCP configuration a build publishes at `/mcp.json`, the remote endpoint first:
 * - `earshot`: `<baseUrl>/mcp`, the endpoint this very deployment serves (a preview's points at
 *   the preview), for every client that takes a URL: nothing to install;
 * - `earshot-stdio`: `npx -y <tarball URL> mcp`, which installs the client from the tarball this
 *   deployment serves (site/lib/cli-package/) and starts its MCP server, for clients that only
 *   start commands. The URL is pinned to the version and its content, so a pasted configuration
 *   runs the same code until it is replaced; the package is not on the public registry, and a
 *   bare `earshot` there would run whatever someone else publishes under that name.
 *
 * A build for an address other than production (a deploy preview, a branch deploy, the local
 * server of `npm start`) adds `--base-url <that address>` to the stdio command, so that it talks
 * to the deployment it was fetched from, like every other link that build publishes. Production's
 * stays without it, since the client's built-in default is the production API. The flag rather
 * than `EARSHOT_BASE_URL` in an `env` block, because it survives being turned into a
 * `claude mcp add … -- <command>` line and shows in the client's server list.
 *
 * `bundle`, when given, names the MCP Bundle of the same build (`/cli/earshot-<version>-<hash>.mcpb`)
 * and its SHA-256; the bundle asks for the API's base URL at install instead of carrying a flag.
 */
export function buildMcpConfiguration(
  baseUrl: string,
  productionBaseUrl: string,
  packageUrl: string,
  bundle?: McpConfiguration['bundle'],
): McpConfiguration {
  return {
    mcpServers: {
      [MCP_SERVER_NAME]: { type: 'http', url: `${baseUrl}${MCP_ENDPOINT_PATH}` },
      [MCP_STDIO_SERVER_NAME]: buildMcpStdioServer(packageUrl, baseUrl === productionBaseUrl ? undefined : baseUrl),
    },
    ...(bundle ? { bundle } : {}),
  };
}
