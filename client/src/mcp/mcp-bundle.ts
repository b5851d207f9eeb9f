/**
 * The MCP Bundle of the local server (`earshot-<version>-<hash>.mcpb`, built by
 * tooling/mcp-bundle.ts): a desktop client unpacks it and starts `node <entry point> mcp
 * --base-url <setting>`, the setting asked of the user at install with the production API as default.
 */
/** The server's file inside the bundle: the package's `bin`. */
export const MCP_BUNDLE_ENTRY_POINT = 'dist/earshot.mjs';

/** The bundle's one setting (`user_config`): the API the server reads. */
export const MCP_BUNDLE_BASE_URL_KEY = 'api_base_url';
