import type { Resource } from '@modelcontextprotocol/sdk/types.js';
import type { ApiClient } from '../api/api-client.ts';
import type { ClientError } from '../api/client-error.ts';

/** A resource of the Earshot MCP server: what `resources/list` shows, and how to read its text. */
export interface EarshotResource {
  definition: Resource & { mimeType: string };
  read(client: ApiClient): Promise<{ ok: true; text: string } | { ok: false; error: ClientError }>;
}

/**
 * The URIs use the server's own scheme, `earshot://`, rather than the https addresses: the server
 * reads them through the API client (base URL, schema checks, retries), and they stay the same
 * whichever deployment `--base-url` points at. The https addresses are in the contents.
 * @see https://modelcontextprotocol.io/specification/2025-06-18/server/resources#custom-uri-schemes
 */
export const earshotResources: readonly EarshotResource[] = [
  {
    definition: {
      uri: 'earshot://openapi',
      name: 'openapi',
      title: 'Earshot OpenAPI document',
      description: 'The OpenAPI 3.1 description of the public discovery API (/openapi.json).',
      mimeType: 'application/json',
    },
    // The document as served, byte for byte, like `earshot openapi --json`.
    read: (client) => client.getOpenApiDocument(),
  },
  {
    definition: {
      uri: 'earshot://links',
      name: 'links',
      title: 'Earshot resource links',
      description: 'The stable links to the documentation, authentication, webhooks, OpenAPI document, MCP configuration and command-line client (the capabilities\' resources).',
      mimeType: 'application/json',
    },
    async read(client) {
      const answer = await client.getCapabilities();
      return answer.ok ? { ok: true, text: JSON.stringify(answer.value.data.resources, null, 2) } : answer;
    },
  },
];
