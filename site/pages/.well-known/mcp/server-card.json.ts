import type { APIRoute } from 'astro';
import { schemaCheckedJsonResponse } from '../../../lib/api/json-response.ts';
import { loadMcpServerCard } from '../../../lib/discovery/site-discovery-files.ts';
import { mcpServerCardSchema } from '../../../../contract/schemas/index.ts';

/** `GET /.well-known/mcp/server-card.json`: the same card, where today's crawlers probe for it. */
export const GET: APIRoute = async () => schemaCheckedJsonResponse(mcpServerCardSchema, await loadMcpServerCard());
