/** The remote MCP endpoint's public path; netlify.toml routes it to netlify/functions/mcp.ts. */
export const MCP_ENDPOINT_PATH = '/mcp';
