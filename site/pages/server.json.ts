import type { APIRoute } from 'astro';
import { loadDocsFacts } from '../lib/docs/docs-facts.ts';
import { buildRegistryServerJson } from '../lib/mcp/build-registry-server-json.ts';

/** `GET /server.json`: the server as the official MCP Registry lists it (`mcp-publisher publish`). */
export const GET: APIRoute = () => {
  const facts = loadDocsFacts();
  const serverJson = buildRegistryServerJson({
    baseUrl: facts.baseUrl,
    productionBaseUrl: facts.product.baseUrl,
    configuration: facts.mcpConfiguration,
    version: facts.cliPackage.version,
    docsUrl: `${facts.baseUrl}/docs/mcp/`,
  });
  return new Response(`${JSON.stringify(serverJson, null, 2)}\n`, {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
