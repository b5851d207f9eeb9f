import type { McpDataCall, McpDataResult, McpDataSource } from './mcp-data-source.ts';

/** A resource of the Earshot MCP server: what `resources/list` shows, and how to read its text. */
export interface EarshotResource {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
  read(source: McpDataSource, call?: McpDataCall): Promise<McpDataResult<unknown>>;
}

/**
 * The URIs use the server's own scheme, `earshot://`, rather than the https addresses: the server
 * reads them through its data source (the API client for stdio, the published answers for the
 * remote endpoint), and they stay the same whichever deployment it serves. The https addresses
 * are in the contents.
 * @see https://modelcontextprotocol.io/specification/2026-07-28/server/resources#custom-uri-schemes
 */
export const earshotResources: readonly EarshotResource[] = [
  {
    uri: 'earshot://openapi',
    name: 'openapi',
    title: 'Earshot OpenAPI document',
    description: 'The OpenAPI 3.1 description of the public discovery API (/openapi.json).',
    mimeType: 'application/json',
    // The document as served, byte for byte, like `earshot openapi --json`.
    read: (source, call) => source.getOpenApiDocument(call),
  },
  {
    uri: 'earshot://links',
    name: 'links',
    title: 'Earshot resource links',
    description:
      "The stable links to the documentation, authentication, webhooks, OpenAPI document, MCP configuration and command-line client (the capabilities' resources).",
    mimeType: 'application/json',
    async read(source, call) {
      const answer = await source.get('getServiceCapabilities', call);
      if (!answer.ok) return answer;
      const { resources } = answer.value.data;
      return { ok: true, value: resources, text: JSON.stringify(resources, null, 2) };
    },
  },
];
