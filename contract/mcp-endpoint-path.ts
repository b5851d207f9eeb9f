/**
 * The remote MCP endpoint's public path. netlify.toml routes it to netlify/functions/mcp.ts and
 * gives it a rate limit of its own (`readMcpRateLimit()`), found by this path.
 */
export const MCP_ENDPOINT_PATH = '/mcp';

/**
 * The largest message `/mcp` reads, in bytes; a larger body is refused (413) after at most this
 * many bytes, and its 429 function reads no more of it either. Every message this server
 * understands is a few hundred bytes; the largest legitimate one, a 2025 `initialize` with a
 * client's full capabilities, a few kilobytes.
 */
export const MCP_MAX_MESSAGE_BYTES = 64 * 1024;
