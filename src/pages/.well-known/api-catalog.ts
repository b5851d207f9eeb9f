import type { APIRoute } from 'astro';
import { API_CATALOG_CONTENT_TYPE, buildApiCatalog } from '../../lib/discovery/build-api-catalog.ts';
import { loadDocsFacts } from '../../lib/docs/docs-facts.ts';

/**
 * `GET /.well-known/api-catalog` (RFC 9727). The build writes it as an extensionless file; the CDN
 * needs a `[[headers]]` rule in netlify.toml to serve it with this Content-Type.
 */
export const GET: APIRoute = () => {
  const { product, baseUrl, resourceLinks, openApiVersion, mcpConfiguration } = loadDocsFacts();
  const catalog = buildApiCatalog({
    apiTitle: `${product.name} Discovery API`,
    apiUrl: `${baseUrl}/api/v1`,
    openApiUrl: resourceLinks.openapi,
    openApiVersion,
    docsUrl: resourceLinks.documentation,
    mcp: { endpointUrl: mcpConfiguration.mcpServers.earshot.url, configurationUrl: resourceLinks.mcp, docsUrl: `${baseUrl}/docs/mcp/`, title: `${product.name} MCP server` },
  });
  return new Response(JSON.stringify(catalog, null, 2), { headers: { 'Content-Type': API_CATALOG_CONTENT_TYPE } });
};
