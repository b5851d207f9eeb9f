import type { McpDataSource } from '../../../client/src/mcp/mcp-data-source.ts';
import { readChangeNotice } from '../../../client/src/api/change-notice.ts';
import { findEndpoint, type OperationId } from '../../../contract/endpoints.ts';
import { createMcpEndpoint, type McpEndpoint } from './mcp-endpoint.ts';

/**
 * What the remote MCP endpoint (`/mcp`, netlify/functions/mcp.ts) answers from: the bodies this
 * build serves at each endpoint of the registry (contract/endpoints.ts) and at `/openapi.json`,
 * base URL included, so that its tools and resources equal the API of the same deploy without a
 * network hop back to it. The build writes them to a file that the function imports; Netlify
 * bundles the function with it (a function cannot read `dist/` or `netlify.toml` once deployed).
 */
export interface PublishedAnswers {
  /** The deployment's base URL: `https://earshot.dev`, a preview's, or the local server's. */
  baseUrl: string;
  /** The `earshot` package's version, which the MCP server reports as its own. */
  serverVersion: string;
  /** Each endpoint's body exactly as served, by operation id. */
  bodies: Record<OperationId, string>;
  /** The OpenAPI document exactly as served. */
  openapi: string;
  /**
   * The notice headers each endpoint answers with while a breaking change is announced
   * (site/lib/edge/change-notice-headers.ts), by operation id; absent when none is.
   */
  notices?: Partial<Record<OperationId, Record<string, string>>>;
}

/** The MCP server's data source over the published answers: every call answers at once. */
export function toPublishedDataSource(answers: PublishedAnswers): McpDataSource {
  const values = new Map(Object.entries(answers.bodies).map(([id, text]) => [id, JSON.parse(text) as unknown]));
  const openapi = JSON.parse(answers.openapi) as unknown;
  return {
    baseUrl: answers.baseUrl,
    get: async (operationId) => {
      const headers = answers.notices?.[operationId];
      const notice = headers
        ? readChangeNotice(new Headers(headers), `${answers.baseUrl}${findEndpoint(operationId).path}`)
        : undefined;
      return { ok: true, value: values.get(operationId) as never, text: answers.bodies[operationId], notice };
    },
    getOpenApiDocument: async () => ({ ok: true, value: openapi, text: answers.openapi }),
  };
}

/** The remote MCP endpoint serving these answers: what netlify/functions/mcp.ts runs, and the tests call. */
export function createPublishedMcpEndpoint(answers: PublishedAnswers): Promise<McpEndpoint> {
  return createMcpEndpoint({
    source: toPublishedDataSource(answers),
    version: answers.serverVersion,
    allowedOrigin: answers.baseUrl,
  });
}
