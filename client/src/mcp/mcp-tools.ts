import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/server';
import { findEndpoint, type OperationId } from '../../../contract/endpoints.ts';
import type { McpDataCall, McpDataError, McpDataResult, McpDataSource } from './mcp-data-source.ts';
import type { ChangeNotice } from '../api/change-notice.ts';
import { whyNotSiteLink } from '../output/site-link.ts';
import { toolOutputSchemas } from '../baked/tool-output-schemas.ts';
import { MCP_TOOL_NAMES } from './mcp-tool-names.ts';

const { listServicePlatforms: listPlatforms, getServiceCapabilities: getCapabilities } = MCP_TOOL_NAMES;

/** A tool of the Earshot MCP server: what `tools/list` shows, and what `tools/call` does. */
export interface EarshotTool {
  name: string;
  title: string;
  description: string;
  /** The API operation whose answer it returns (contract/endpoints.ts). */
  operationId: OperationId;
  inputSchema: Record<string, unknown>;
  /** What is wrong with these arguments, said for a model to correct them; undefined when nothing is. */
  checkArguments(args: unknown): string | undefined;
  outputSchema: Record<string, unknown>;
  annotations: ToolAnnotations;
  call(source: McpDataSource, formatError: FormatDataError, call?: McpDataCall): Promise<CallToolResult>;
}

/** How a failure reads in a tool's error result; the command line passes its own `error:`/`hint:` lines. */
export type FormatDataError = (error: McpDataError) => string;

export const formatDataErrorLines: FormatDataError = ({ message, hint }) => `error: ${message}\nhint: ${hint}`;

/**
 * Neither tool takes arguments. `additionalProperties: false` makes any argument invalid, so a
 * client that sends one learns at once (an error result naming it) instead of believing it filtered.
 */
const noArguments = { type: 'object', properties: {}, additionalProperties: false };

/**
 * Both tools only read Earshot's own public catalogue: nothing changes, calling twice gives the
 * same answer, and the set of things they can reach is closed (one service, not the open web).
 * @see https://modelcontextprotocol.io/specification/2026-07-28/server/tools
 */
const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/**
 * What each endpoint's tool says to a model, keyed by the endpoint's operation id: an endpoint
 * without a tool, or a tool without an endpoint, fails the type check.
 */
const toolTexts: Record<OperationId, { title: string; description: string }> = {
  listServicePlatforms: {
    title: 'List Earshot platforms',
    description: `Use this to answer which sites Earshot can monitor, or whether it supports a given one (such as Reddit or Hacker News) and what it can watch there: keywords, subreddits. Returns every platform with its id, its display name and its target types, from GET /api/v1/platforms. Takes no arguments; the answer is public and the same for everyone. For the product overview and its links too, call ${getCapabilities} instead: it includes the same platforms.`,
  },
  getServiceCapabilities: {
    title: 'Get Earshot capabilities',
    description: `Use this for an overview of Earshot (what the product does and which platforms it monitors) or to find where something is documented: the docs, authentication, webhooks, the OpenAPI document, the MCP configuration and the command-line client. Returns the product's name and description, the platforms (as ${listPlatforms} returns them) and those links, from GET /api/v1/capabilities. Takes no arguments. When only the platforms matter, ${listPlatforms} is the smaller answer.`,
  },
};

/** One tool per endpoint, in the order above in `tools/list` (the 2026-07-28 revision asks for a deterministic order). */
export const earshotTools: readonly EarshotTool[] = (Object.keys(toolTexts) as OperationId[]).map((operationId) =>
  apiTool({ name: MCP_TOOL_NAMES[operationId], ...toolTexts[operationId], operationId }),
);

/**
 * A read-only tool without arguments that returns one endpoint's answer, described by the tolerant
 * variant of the endpoint's schema (contract/endpoints.ts), as the client checks it.
 */
function apiTool(spec: { name: string; title: string; description: string; operationId: OperationId }): EarshotTool {
  const { name, title, description, operationId } = spec;
  return {
    name,
    title,
    description,
    operationId,
    inputSchema: noArguments,
    checkArguments: (args) => describeUnexpectedArguments(name, args),
    outputSchema: toolOutputSchemas[findEndpoint(operationId).schema],
    annotations: { title, ...readOnly },
    call: async (source, formatError, call) =>
      toToolResult(await source.get(operationId, call), formatError, source.baseUrl),
  };
}

/**
 * The one thing that can be wrong with the arguments of a tool that takes none, said so that a
 * model can correct itself: `list_platforms takes no arguments (got "platform")`. It is what
 * `noArguments` says, in words a JSON Schema validator does not have ("must NOT have additional
 * properties" names no property).
 */
function describeUnexpectedArguments(name: string, args: unknown): string | undefined {
  if (args === undefined || args === null) return undefined;
  if (typeof args !== 'object' || Array.isArray(args))
    return `${name} takes no arguments; send an empty object (got ${Array.isArray(args) ? 'an array' : typeof args})`;
  const names = Object.keys(args);
  if (names.length === 0) return undefined;
  return `${name} takes no arguments; send an empty object (got ${names
    .slice(0, 5)
    .map((key) => JSON.stringify(key))
    .join(', ')}${names.length > 5 ? ', …' : ''})`;
}

/**
 * The API's answer as `structuredContent` (exactly the JSON it returned, checked against the
 * schema the `outputSchema` comes from), and the same JSON serialized as the text content, for
 * clients and models that read only `content`.
 * @see https://modelcontextprotocol.io/specification/2026-07-28/server/tools#structured-content
 *   ("a tool that returns structured content SHOULD also return the serialized JSON in a TextContent block")
 */
function toToolResult<T extends Record<string, unknown>>(
  result: McpDataResult<T>,
  formatError: FormatDataError,
  siteUrl: string,
): CallToolResult {
  if (!result.ok) return toErrorResult(result.error, formatError);
  return {
    content: [
      { type: 'text', text: JSON.stringify(result.value) },
      ...(result.notice ? [{ type: 'text' as const, text: describeNoticeForModel(result.notice, siteUrl) }] : []),
    ],
    structuredContent: result.value,
  };
}

/**
 * An announced breaking change, said to the model beside the answer (a second text block): the
 * answer is still complete and current, but something in it is going away. Its links are offered
 * as the site's own, by the command line's rule (client/src/output/site-link.ts): one on another
 * origin, or naming a user, is left out, and the notice says so.
 */
export function describeNoticeForModel(notice: ChangeNotice, siteUrl: string): string {
  const when = notice.effectiveAt ? ` It may take effect from ${notice.effectiveAt.toISOString().slice(0, 10)}.` : '';
  const links = notice.links.filter((link) => whyNotSiteLink(link, siteUrl) === undefined);
  const leftOut = links.length < notice.links.length ? ' A link to another site was left out.' : '';
  const where = links.length > 0 ? ` Read ${links.join(' and ')} before storing ids from this answer.` : '';
  return `Notice: the API has announced a breaking change to this answer (for example, a platform id going away).${when}${where}${leftOut} Until then, the answer above is current.`;
}

/**
 * A failed API call is a tool error, not a protocol error: the model sees it and can act on it
 * (wait, retry, tell the user), and the server carries on.
 * @see https://modelcontextprotocol.io/specification/2026-07-28/server/tools#error-handling
 */
function toErrorResult(error: McpDataError, formatError: FormatDataError): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: formatError(error) }] };
}
