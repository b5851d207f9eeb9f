import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { tolerantSchemas } from '../../shared/schemas/index.ts';
import type { ApiClient } from '../api/api-client.ts';
import { formatErrorLines, type ClientError } from '../api/client-error.ts';
import type { ApiResult } from '../api/request-json.ts';
import { renderCapabilities } from '../commands/show-capabilities.ts';
import { renderPlatforms } from '../commands/show-platforms.ts';
import { loadDisplayWidth } from '../output/display-width.ts';
import { plain } from '../output/style.ts';
import { toSelfContainedSchema } from './self-contained-schema.ts';

/** A tool of the Earshot MCP server: what `tools/list` shows, and what `tools/call` does. */
export interface EarshotTool {
  definition: Tool;
  call(client: ApiClient): Promise<CallToolResult>;
}

/**
 * Neither tool takes arguments. `additionalProperties: false` makes any argument invalid, so a
 * client that sends one learns at once (a protocol error) instead of believing it filtered.
 */
const noArguments = { type: 'object', properties: {}, additionalProperties: false } as const;

/**
 * Both tools only read Earshot's own public catalogue: nothing changes, calling twice gives the
 * same answer, and the set of things they can reach is closed (one service, not the open web).
 * @see https://modelcontextprotocol.io/specification/2025-06-18/schema#toolannotations
 */
const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

export const earshotTools: readonly EarshotTool[] = [
  apiTool({
    name: 'list_platforms',
    title: 'List Earshot platforms',
    description: 'Lists the platforms Earshot can monitor (such as Reddit or Hacker News) and the target types each supports (keyword, subreddit). From GET /api/v1/platforms.',
    schema: tolerantSchemas.PlatformsResponse,
    get: (client) => client.getPlatforms(),
    render: (answer) => renderPlatforms(answer.data, true, plain),
  }),
  apiTool({
    name: 'get_capabilities',
    title: 'Get Earshot capabilities',
    description: "Gets Earshot's public capabilities: the product, its description, the supported platforms, and links to the documentation, authentication, webhooks, OpenAPI document, MCP configuration and command-line client. From GET /api/v1/capabilities.",
    schema: tolerantSchemas.CapabilitiesResponse,
    get: (client) => client.getCapabilities(),
    render: (answer) => renderCapabilities(answer.data, true, plain),
  }),
];

/** A read-only tool without arguments that returns one API answer, described by its schema. */
function apiTool<T extends Record<string, unknown>>(spec: {
  name: string;
  title: string;
  description: string;
  schema: object;
  get: (client: ApiClient) => Promise<ApiResult<T>>;
  render: (answer: T) => string;
}): EarshotTool {
  const { name, title, description, schema, get, render } = spec;
  return {
    definition: {
      name,
      title,
      description,
      inputSchema: noArguments,
      outputSchema: toSelfContainedSchema(schema) as Tool['outputSchema'],
      annotations: { title, ...readOnly },
    },
    // The text is a table aligned by display width, which needs string-width loaded.
    call: async (client) => toToolResult((await Promise.all([get(client), loadDisplayWidth()]))[0], render),
  };
}

/**
 * The API's answer as `structuredContent` (exactly the JSON it returned, checked against the
 * schema the `outputSchema` comes from), plus the command-line client's table as text for
 * clients and models that read only `content`.
 */
function toToolResult<T extends Record<string, unknown>>(result: ApiResult<T>, render: (value: T) => string): CallToolResult {
  if (!result.ok) return toErrorResult(result.error);
  return { content: [{ type: 'text', text: render(result.value) }], structuredContent: result.value };
}

/**
 * A failed API call is a tool error, not a protocol error: the model sees it and can act on it
 * (wait, retry, tell the user), and the server carries on. The same two lines as the command line.
 * @see https://modelcontextprotocol.io/specification/2025-06-18/server/tools#error-handling
 */
export function toErrorResult(error: ClientError): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: formatErrorLines(error.message, error.hint) }] };
}
