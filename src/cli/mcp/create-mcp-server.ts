import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { JsonSchemaType } from '@modelcontextprotocol/sdk/validation/types.js';
import type { ApiClient } from '../api/api-client.ts';
import { formatErrorLines } from '../api/client-error.ts';
import { earshotResources } from './mcp-resources.ts';
import { earshotTools } from './mcp-tools.ts';

/**
 * The Earshot MCP server, not yet connected to a transport: `earshot mcp` connects it to stdio,
 * tests to an in-memory pair.
 *
 * The SDK is imported here, inside the function, never at the top of a module: the client is
 * bundled into one file with the SDK kept external, and esbuild would hoist a static import of an
 * external package to the top of that file, so every command, `earshot --version` too, would
 * load the SDK (and zod and ajv) at start.
 *
 * It uses the SDK's low-level `Server`, not `McpServer` (which the SDK recommends, marking `Server`
 * deprecated "except for advanced use cases"): `McpServer` takes tool schemas as zod objects and
 * publishes its own conversion of them, and ours are JSON Schemas derived from the project's own
 * (`src/shared/schemas/`), published as they are.
 */
export async function createMcpServer(client: ApiClient, version: string): Promise<Server> {
  const [{ Server }, types, { AjvJsonSchemaValidator }] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/types.js'),
    import('@modelcontextprotocol/sdk/validation/ajv'),
  ]);
  const { McpError, ErrorCode } = types;

  const server = new Server(
    { name: 'earshot', title: 'Earshot', version },
    {
      capabilities: { tools: {}, resources: {} },
      instructions: `Earshot's public discovery API (${client.baseUrl}): which platforms Earshot monitors and for what (list_platforms), and the product's capabilities and integration links (get_capabilities). Read-only; no account needed.`,
    },
  );

  const validator = new AjvJsonSchemaValidator();
  const tools = earshotTools.map((tool) => ({ ...tool, validate: validator.getValidator(tool.definition.inputSchema as JsonSchemaType) }));

  server.setRequestHandler(types.ListToolsRequestSchema, async () => ({ tools: tools.map((tool) => tool.definition) }));

  server.setRequestHandler(types.CallToolRequestSchema, async (request) => {
    const tool = tools.find((candidate) => candidate.definition.name === request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `unknown tool "${request.params.name}"; the tools are ${tools.map((candidate) => candidate.definition.name).join(', ')}`);
    // Arguments that break the tool's input schema are the caller's mistake: a protocol error.
    const checked = tool.validate(request.params.arguments ?? {});
    if (!checked.valid) throw new McpError(ErrorCode.InvalidParams, `invalid arguments for ${tool.definition.name}: ${checked.errorMessage ?? 'they do not match its input schema'}`);
    return tool.call(client);
  });

  server.setRequestHandler(types.ListResourcesRequestSchema, async () => ({ resources: earshotResources.map((resource) => resource.definition) }));

  server.setRequestHandler(types.ReadResourceRequestSchema, async (request) => {
    const resource = earshotResources.find((candidate) => candidate.definition.uri === request.params.uri);
    // -32002 is the spec's "resource not found".
    if (!resource) throw new McpError(-32002, `unknown resource ${request.params.uri}`, { uri: request.params.uri });
    const answer = await resource.read(client);
    // resources/read has no error result of its own: a failed API call is a protocol error here.
    if (!answer.ok) throw new McpError(ErrorCode.InternalError, formatErrorLines(answer.error.message, answer.error.hint));
    const { uri, mimeType } = resource.definition;
    return { contents: [{ uri, mimeType, text: answer.text }] };
  });

  return server;
}
