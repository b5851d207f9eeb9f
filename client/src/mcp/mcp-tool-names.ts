import type { OperationId } from '../../../contract/endpoints.ts';

/**
 * The name of the MCP server's tool for each endpoint of contract/endpoints.ts, in one place: a new
 * endpoint fails the type check until it has one. The tools themselves (`mcp-tools.ts`), the
 * server's instructions, the `earshot mcp` help and the MCP client snippets name them from here,
 * and the docs read them from the tools.
 */
export const MCP_TOOL_NAMES = {
  listServicePlatforms: 'list_platforms',
  getServiceCapabilities: 'get_capabilities',
} as const satisfies Record<OperationId, string>;
