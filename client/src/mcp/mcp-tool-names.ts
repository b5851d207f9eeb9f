/**
 * The names of the MCP server's tools, in one place: the tools themselves (`mcp-tools.ts`), the
 * server's instructions, the `earshot mcp` help and the MCP client snippets name them from here,
 * and the docs read them from the tools.
 */
export const MCP_TOOL_NAMES = {
  listPlatforms: 'list_platforms',
  getCapabilities: 'get_capabilities',
} as const;
