import type { APIRoute } from 'astro';
import { EARSHOT_ICON_SVG } from '../../client/src/mcp/server-icon.ts';

/** `GET /favicon.svg`: the site's icon, from the same source as the MCP server's (client/src/mcp/server-icon.ts). */
export const GET: APIRoute = () => new Response(EARSHOT_ICON_SVG, { headers: { 'Content-Type': 'image/svg+xml' } });
