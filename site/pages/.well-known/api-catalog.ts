import type { APIRoute } from 'astro';
import { API_CATALOG_CONTENT_TYPE, API_CATALOG_PATH, buildApiCatalog } from '../../lib/discovery/build-api-catalog.ts';
import { publishedSchemas, SCHEMA_CONTENT_TYPE } from '../../lib/discovery/published-schemas.ts';
import { loadDocsFacts } from '../../lib/docs/docs-facts.ts';
import { MCP_SERVER_CARD_PATH } from '../../lib/mcp/build-mcp-server-card.ts';
import { apiSchemas } from '../../../contract/schemas/index.ts';
import {
  CHANGELOG_FEED_PATH,
  CHANGELOG_FEED_TYPE,
  CHANGELOG_PAGE_PATH,
} from '../../lib/changelog/build-changelog-feed.ts';

/**
 * `GET /.well-known/api-catalog` (RFC 9727). The build writes it as an extensionless file; the CDN
 * needs a `[[headers]]` rule in netlify.toml to serve it with this Content-Type.
 */
export const GET: APIRoute = () => {
  const { product, baseUrl, resourceLinks, endpoints, mcpConfiguration } = loadDocsFacts();
  const schemaUrl = new Map(publishedSchemas(baseUrl).map(({ title, url }) => [title, url]));
  const schemaLink = (title: string) => ({ url: schemaUrl.get(title)!, title });
  const catalog = buildApiCatalog({
    catalogUrl: `${baseUrl}${API_CATALOG_PATH}`,
    endpoints: endpoints.map(({ path, operation, schema }) => ({
      url: `${baseUrl}${path}`,
      title: `GET ${path}: ${operation.summary}`,
      schemas: [schemaLink(apiSchemas[schema].title), schemaLink(apiSchemas.Error.title)],
    })),
    // Netlify serves a .json file as application/json, and so does /openapi.json.
    openApi: { url: resourceLinks.openapi, title: `${product.name} Discovery API`, type: 'application/json' },
    docsUrl: resourceLinks.documentation,
    schemaType: SCHEMA_CONTENT_TYPE,
    mcp: {
      endpointUrl: mcpConfiguration.mcpServers.earshot.url,
      configurationUrl: resourceLinks.mcp,
      docsUrl: `${baseUrl}/docs/mcp/`,
      title: `${product.name} MCP server`,
      serverCardUrl: `${baseUrl}${MCP_SERVER_CARD_PATH}`,
    },
    changelog: {
      pageUrl: `${baseUrl}${CHANGELOG_PAGE_PATH}`,
      feedUrl: `${baseUrl}${CHANGELOG_FEED_PATH}`,
      feedType: CHANGELOG_FEED_TYPE,
      title: `${product.name} API changelog`,
    },
  });
  return new Response(JSON.stringify(catalog, null, 2), { headers: { 'Content-Type': API_CATALOG_CONTENT_TYPE } });
};
