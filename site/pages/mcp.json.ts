import type { APIRoute } from 'astro';
import { schemaCheckedJsonResponse } from '../lib/api/json-response.ts';
import { buildCliInstallCommands, readCliTarball } from '../lib/cli-package/cli-tarball.ts';
import { buildMcpConfiguration } from '../lib/mcp/mcp-configuration.ts';
import { loadSiteContext } from '../lib/site-context.ts';
import { mcpConfigurationSchema } from '../../contract/schemas/index.ts';

/** `GET /mcp.json`: the MCP configuration that the capabilities' `resources.mcp` links to. */
export const GET: APIRoute = () => {
  const { data, baseUrl } = loadSiteContext();
  const { url } = buildCliInstallCommands(baseUrl, readCliTarball(), data.product.baseUrl);
  return schemaCheckedJsonResponse(mcpConfigurationSchema, buildMcpConfiguration(baseUrl, data.product.baseUrl, url));
};
