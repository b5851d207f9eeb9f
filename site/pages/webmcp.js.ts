import type { APIRoute } from 'astro';
import { earshotTools } from '../../client/src/mcp/mcp-tools.ts';
import { findEndpoint } from '../../contract/endpoints.ts';
import { buildWebMcpScript } from '../lib/discovery/build-webmcp-script.ts';

/** `GET /webmcp.js` (site/lib/discovery/build-webmcp-script.ts), loaded by every page's head (astro.config.mjs). */
export const GET: APIRoute = () =>
  new Response(
    buildWebMcpScript(
      earshotTools.map(({ name, title, description, inputSchema, operationId }) => ({
        name,
        title,
        description,
        inputSchema,
        path: findEndpoint(operationId).path,
      })),
    ),
    { headers: { 'Content-Type': 'text/javascript; charset=utf-8' } },
  );
