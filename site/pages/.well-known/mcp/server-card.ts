import type { APIRoute } from 'astro';
import { schemaCheckedJsonResponse } from '../../../lib/api/json-response.ts';
import { loadMcpServerCard } from '../../../lib/discovery/site-discovery-files.ts';
import { mcpServerCardSchema } from '../../../../contract/schemas/index.ts';

/**
 * `GET /.well-known/mcp/server-card`, where the MCP Server Card draft (SEP-2127) puts the card. An
 * extensionless file: netlify.toml's `/.well-known/mcp/*` rule gives it its Content-Type.
 */
export const GET: APIRoute = async () => schemaCheckedJsonResponse(mcpServerCardSchema, await loadMcpServerCard());
