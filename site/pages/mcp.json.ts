import type { APIRoute } from 'astro';
import { schemaCheckedJsonResponse } from '../lib/api/json-response.ts';
import { buildCliInstallCommands, readCliTarball } from '../lib/cli-package/cli-tarball.ts';
import { buildMcpConfiguration } from '../lib/mcp/mcp-configuration.ts';
import { loadSiteContext } from '../lib/site-context.ts';
import { mcpConfigurationSchema } from '../../contract/schemas/index.ts';

/** `GET /mcp.json`: the MCP configuration that the capabilities' `resources.mcp` links to. */
export const GET: APIRoute = () => {
  const { data, baseUrl } = loadSiteContext();
  const tarball = readCliTarball();
  const { url } = buildCliInstallCommands(baseUrl, tarball, data.product.baseUrl);
  const bundle = { url: `${baseUrl}${tarball.bundle.path}`, sha256: tarball.bundle.sha256 };
  return schemaCheckedJsonResponse(
    mcpConfigurationSchema,
    buildMcpConfiguration(baseUrl, data.product.baseUrl, url, bundle),
  );
};
