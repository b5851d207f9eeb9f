/**
 * The local MCP server as a site's build writes it in `/mcp.json` (`earshot-stdio`), and the one
 * shape `earshot mcp config` prints as that site's: `npx -y <tarball URL> mcp`, plus
 * `--base-url <site>` on any site but production. The site builds it here
 * (site/lib/mcp/mcp-configuration.ts), the client compares what it receives with it
 * (client/src/mcp/site-command.ts).
 */
export const MCP_STDIO_SERVER_NAME = 'earshot-stdio';

/** The program that installs the package from its URL and runs it; `-y` installs without asking. */
export const MCP_STDIO_COMMAND = 'npx';
export const MCP_STDIO_NPX_OPTIONS = ['-y'] as const;

/** The `earshot` command that starts the MCP server on stdio, and the flag that names its site. */
export const MCP_STDIO_CLIENT_COMMAND = 'mcp';
export const MCP_STDIO_BASE_URL_FLAG = '--base-url';

/** The `earshot-stdio` entry: `baseUrl` undefined means the client's built-in production URL. */
export function buildMcpStdioServer(packageUrl: string, baseUrl: string | undefined) {
  return {
    type: 'stdio' as const,
    command: MCP_STDIO_COMMAND,
    args: [
      ...MCP_STDIO_NPX_OPTIONS,
      packageUrl,
      MCP_STDIO_CLIENT_COMMAND,
      ...(baseUrl === undefined ? [] : [MCP_STDIO_BASE_URL_FLAG, baseUrl]),
    ],
  };
}
