import type { McpConfiguration } from '../../shared/schemas/index.ts';

/** The name MCP clients show for the server, and the key under `mcpServers`. */
export const MCP_SERVER_NAME = 'earshot';

/** The npm package that ships the server, and the name of its `bin`. */
export const MCP_PACKAGE_NAME = 'earshot';

/** The `earshot` command that starts the MCP server on stdio. */
export const MCP_COMMAND = 'mcp';

/**
 * The MCP configuration a build publishes at `/mcp.json`: `npx -y earshot mcp`, which fetches the
 * published client and starts its MCP server.
 *
 * A build for an address other than production (a deploy preview, a branch deploy, the local
 * server of `npm start`) adds `--base-url <that address>`, so that the configuration talks to the
 * deployment it was fetched from, like every other link that build publishes. Production's stays
 * the bare command, whose built-in default is the production API. The flag rather than
 * `EARSHOT_BASE_URL` in an `env` block, because it survives being turned into a
 * `claude mcp add … -- <command>` line and shows in the client's server list.
 */
export function buildMcpConfiguration(baseUrl: string, productionBaseUrl: string): McpConfiguration {
  const baseUrlArgs = baseUrl === productionBaseUrl ? [] : ['--base-url', baseUrl];
  return { mcpServers: { [MCP_SERVER_NAME]: { command: 'npx', args: ['-y', MCP_PACKAGE_NAME, MCP_COMMAND, ...baseUrlArgs] } } };
}
