/**
 * `server.json` for the official MCP Registry, from the same identity as the server's
 * `initialize`, the MCP Server Card and the MCP Bundle: name, title, description, version, icon,
 * and the remote endpoint under `remotes`.
 *
 * No `packages`: the official registry accepts an `mcpb` package only from a GitHub or GitLab
 * release asset, and an `npm` one only from registry.npmjs.org, and the bundle and the tarball
 * live on this site alone. The bundle is named for other registries in the publisher-provided
 * `_meta`, as `/mcp.json` names it. Publishing it is a maintainer's step (this folder's README.md).
 * @see https://github.com/modelcontextprotocol/registry/blob/main/docs/reference/server-json/generic-server-json.md
 */
import type { McpConfiguration } from '../../../contract/schemas/index.ts';
import { MCP_SERVER_IDENTITY, SERVER_DESCRIPTION } from '../../../client/src/mcp/create-mcp-server.ts';
import { describeServerIcon } from '../../../client/src/mcp/server-icon.ts';
import { describeMcpRegistryName } from './build-mcp-server-card.ts';

/** Where the site serves it, for `mcp-publisher publish` and for anyone who reads it. */
export const REGISTRY_SERVER_JSON_PATH = '/server.json';

/** The registry's current schema, which its publisher requires (kept in tests/fixtures/mcp-registry/). */
export const REGISTRY_SERVER_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';

/** The `_meta` key the registry keeps as the publisher wrote it. */
const PUBLISHER_META = 'io.modelcontextprotocol.registry/publisher-provided';

export interface RegistryServerJsonInput {
  baseUrl: string;
  productionBaseUrl: string;
  /** What this build publishes at `/mcp.json`. */
  configuration: McpConfiguration;
  /** The client package's version, which the server reports as its own. */
  version: string;
  docsUrl: string;
}

export function buildRegistryServerJson(input: RegistryServerJsonInput) {
  const { bundle } = input.configuration;
  return {
    $schema: REGISTRY_SERVER_SCHEMA,
    name: describeMcpRegistryName(input.productionBaseUrl),
    title: MCP_SERVER_IDENTITY.title,
    description: SERVER_DESCRIPTION,
    version: input.version,
    websiteUrl: input.docsUrl,
    icons: [describeServerIcon(input.baseUrl)],
    remotes: [{ type: 'streamable-http', url: input.configuration.mcpServers.earshot.url }],
    ...(bundle ? { _meta: { [PUBLISHER_META]: { bundle } } } : {}),
  };
}
