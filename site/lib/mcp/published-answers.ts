import type { McpDataSource } from '../../../client/src/mcp/mcp-data-source.ts';
import type { CapabilitiesResponse, PlatformsResponse } from '../../../contract/schemas/index.ts';

/**
 * What the remote MCP endpoint (`/mcp`, netlify/functions/mcp.ts) answers from: the bodies this
 * build serves at `/api/v1/platforms`, `/api/v1/capabilities` and `/openapi.json`, base URL
 * included, so that its tools and resources equal the API of the same deploy without a network
 * hop back to it. The build writes them to a file that the function imports; Netlify bundles the
 * function with it (a function cannot read `dist/` or `netlify.toml` once deployed).
 */
export interface PublishedAnswers {
  /** The deployment's base URL: `https://earshot.dev`, a preview's, or the local server's. */
  baseUrl: string;
  /** The `earshot` package's version, which the MCP server reports as its own. */
  serverVersion: string;
  /** The bodies exactly as served. */
  platforms: string;
  capabilities: string;
  openapi: string;
}

/** The MCP server's data source over the published answers: every call answers at once. */
export function toPublishedDataSource(answers: PublishedAnswers): McpDataSource {
  const platforms = JSON.parse(answers.platforms) as PlatformsResponse;
  const capabilities = JSON.parse(answers.capabilities) as CapabilitiesResponse;
  const openapi = JSON.parse(answers.openapi) as unknown;
  return {
    baseUrl: answers.baseUrl,
    getPlatforms: async () => ({ ok: true, value: platforms, text: answers.platforms }),
    getCapabilities: async () => ({ ok: true, value: capabilities, text: answers.capabilities }),
    getOpenApiDocument: async () => ({ ok: true, value: openapi, text: answers.openapi }),
  };
}
