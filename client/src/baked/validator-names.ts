import { endpoints, type EndpointSchemaName } from '../../../contract/endpoints.ts';

/**
 * The schemas whose tolerant variants (contract/schemas/tolerant.ts: a client must accept what a
 * compatible server may add) the client checks answers against: every endpoint's, and the MCP
 * configuration that `resources.mcp` links to. `tooling/build-cli.ts` turns exactly these into
 * standalone code.
 */
export const checkedSchemaNames: readonly CheckedSchemaName[] = [
  ...new Set(endpoints.map((endpoint) => endpoint.schema)),
  'McpConfiguration',
];

export type CheckedSchemaName = EndpointSchemaName | 'McpConfiguration';
