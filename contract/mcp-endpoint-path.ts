/**
 * The remote MCP endpoint's public path. netlify.toml routes it to netlify/functions/mcp.ts and
 * gives it a rate limit of its own (`readMcpRateLimit()`), found by this path.
 */
export const MCP_ENDPOINT_PATH = '/mcp';
