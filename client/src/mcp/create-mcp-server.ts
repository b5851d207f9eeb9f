import type { CacheHint, McpServer, McpServerFactory, StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { McpDataCall, McpDataSource } from './mcp-data-source.ts';
import { earshotResources } from './mcp-resources.ts';
import { MCP_TOOL_NAMES } from './mcp-tool-names.ts';
import { describeServerIcon } from './server-icon.ts';
import { earshotTools, formatDataErrorLines, type EarshotTool, type FormatDataError } from './mcp-tools.ts';

export interface EarshotMcpServerOptions {
  /** Where the tools and resources get their data: the API client, or the published answers. */
  source: McpDataSource;
  /** The server's version in `serverInfo`: the client package's version. */
  version: string;
  /** How a failure reads in a tool's error result (default: `error: …` and `hint: …` lines). */
  formatError?: FormatDataError;
}

/**
 * How long clients and shared caches may keep a list or a read (the 2026-07-28 revision's
 * `ttlMs` and `cacheScope`): as long as browsers keep the API's answers (`max-age=60` for
 * `/api/*` in netlify.toml; tests/unit/mcp-server.test.ts holds the two equal). The data is
 * public, so shared caches may keep it too.
 * @see https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/caching
 */
export const MCP_CACHE_HINT: CacheHint = { ttlMs: 60_000, cacheScope: 'public' };

/** Who the server says it is in `initialize` (`serverInfo`, with the package's version). */
export const MCP_SERVER_IDENTITY = { name: 'earshot', title: 'Earshot' } as const;

/**
 * What the server can do, as `initialize` states it. The lists never change while a server runs:
 * a deploy changes them, and a new server answers. The MCP Server Card (site/lib/mcp/) states the same.
 */
export const MCP_SERVER_CAPABILITIES = { tools: { listChanged: false }, resources: { listChanged: false } } as const;

/** The server's instructions to a model, naming the API it reads; the Server Card's description too. */
export function describeEarshotMcpServer(baseUrl: string): string {
  const { listServicePlatforms: listPlatforms, getServiceCapabilities: getCapabilities } = MCP_TOOL_NAMES;
  const [openApi] = earshotResources;
  return `Earshot's public discovery API (${baseUrl}), read-only, no account needed. To know which platforms Earshot monitors and what it can watch on each, call ${listPlatforms}. For what the product is, or where its docs, OpenAPI document, MCP configuration and command-line client are, call ${getCapabilities} (it includes the platforms too). The OpenAPI document is also a resource (${openApi?.uri}).`;
}

/** The most array elements and object members a `tools/call` may send; neither tool takes any. */
const MAX_TOOL_INPUT_ELEMENTS = 64;

/**
 * A tool's input schema for the SDK (a Standard Schema with its JSON Schema): `tools/list`
 * publishes the JSON Schema unchanged, and a call with arguments the tool does not take gets the
 * tool's own explanation in its error result, which the SDK prefixes with
 * `Input validation error: Invalid arguments for tool <name>:`.
 * @see https://standardschema.dev/
 */
function toInputSchema(tool: EarshotTool): StandardSchemaWithJSON {
  return {
    '~standard': {
      version: 1,
      vendor: 'earshot',
      jsonSchema: { input: () => tool.inputSchema, output: () => tool.inputSchema },
      validate(value) {
        const problem = tool.checkArguments(value);
        return problem === undefined ? { value } : { issues: [{ message: problem }] };
      },
    },
  };
}

/**
 * A tool's output schema for the SDK: published as it is, and compiled into a validator (the
 * SDK's `fromJsonSchema`, ajv) on the first call that returns a result to check, not before:
 * compiling both takes about 25 ms, which a client waiting for `tools/list` (the first thing every
 * client asks) would otherwise wait for at every start.
 */
function toOutputSchema(
  schema: Record<string, unknown>,
  fromJsonSchema: (schema: Record<string, unknown>) => StandardSchemaWithJSON,
): StandardSchemaWithJSON {
  let compiled: StandardSchemaWithJSON | undefined;
  return {
    '~standard': {
      version: 1,
      vendor: 'earshot',
      jsonSchema: { input: () => schema, output: () => schema },
      validate: (value) => (compiled ??= fromJsonSchema(schema))['~standard'].validate(value),
    },
  };
}

/**
 * What `serverInfo` says of the server, for a host to show: what it does, in at most 100
 * characters, the longest description the MCP Registry's `server.json` and the bundle's listings take.
 */
export const SERVER_DESCRIPTION =
  'Read-only Earshot discovery API: the platforms Earshot monitors, its capabilities and links.';

/**
 * `serverInfo` (the 2025-11-25 `Implementation`): name, title, version, and for hosts that show
 * servers to people a description, the website (the site this server answers for) and its icon.
 * @see https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#initialization
 */
export function describeServer(baseUrl: string, version: string) {
  return {
    ...MCP_SERVER_IDENTITY,
    version,
    description: SERVER_DESCRIPTION,
    websiteUrl: `${baseUrl}/`,
    icons: [describeServerIcon(baseUrl)],
  };
}

/** What a request handler gets of its request: its `_meta` and a way to send notifications about it. */
interface RequestContext {
  _meta?: { progressToken?: string | number | undefined } | undefined;
  notify(notification: {
    method: 'notifications/progress';
    params: { progressToken: string | number; progress: number; total?: number; message?: string };
  }): Promise<void>;
}

/**
 * A brief wait for the rate limit (a few seconds at most, `MCP_MAX_WAIT_SECONDS`) is reported as
 * progress when the client asked for progress (a `progressToken` in the request's `_meta`), so
 * that a host can show why the call takes longer, and one that resets its timeout on progress
 * does so. Progress counts the attempts, so it only grows. Without a token, nothing is sent.
 * @see https://modelcontextprotocol.io/specification/2026-07-28/basic/utilities/progress
 */
function reportWaitAsProgress(request: RequestContext): McpDataCall['onWait'] {
  const progressToken = request._meta?.progressToken;
  if (progressToken === undefined) return undefined;
  return ({ waitMs, retry, retries }) => {
    const seconds = Math.ceil(waitMs / 1000);
    void request
      .notify({
        method: 'notifications/progress',
        params: {
          progressToken,
          progress: retry,
          total: retries + 1,
          message: `rate limited by the Earshot API; retrying in ${seconds} s (retry ${retry} of ${retries})`,
        },
      })
      // A client that has gone away cannot be told; the call itself still ends as it would.
      .catch(() => {});
  };
}

/**
 * Loads the MCP SDK (v2, `@modelcontextprotocol/server`) and returns the factory that builds the
 * Earshot MCP server, for `serveStdio` (`earshot mcp`) and `createMcpHandler` (`/mcp`) alike: the
 * same tools, resources, instructions and cache hints over both transports, for clients of the
 * 2026-07-28 revision and of the 2025 ones.
 *
 * The SDK is imported here, inside the function, never at the top of a module: the client is
 * bundled with the SDK in a chunk of its own, and a static import would make every command,
 * `earshot --version` too, load it at start (tests/unit/cli-bundle.test.ts).
 *
 * The tools' output schemas are our own JSON Schemas (contract/schemas/, with every `$ref`
 * inlined): `tools/list` publishes them unchanged, and the SDK checks every structured result
 * against them before it leaves (`toOutputSchema`). They are wrapped once, here, because the
 * factory runs once per HTTP request.
 */
export async function loadEarshotMcpServerFactory(
  options: EarshotMcpServerOptions,
): Promise<McpServerFactory & (() => McpServer)> {
  const { McpServer, fromJsonSchema, ProtocolError, ProtocolErrorCode } = await import('@modelcontextprotocol/server');
  const { source, version, formatError = formatDataErrorLines } = options;
  const tools = earshotTools.map((tool) => ({
    tool,
    inputSchema: toInputSchema(tool),
    outputSchema: toOutputSchema(tool.outputSchema, fromJsonSchema),
  }));
  const cacheHints = Object.fromEntries(
    ['server/discover', 'tools/list', 'resources/list', 'resources/templates/list', 'resources/read'].map((method) => [
      method,
      MCP_CACHE_HINT,
    ]),
  );

  return () => {
    const server = new McpServer(describeServer(source.baseUrl, version), {
      capabilities: structuredClone(MCP_SERVER_CAPABILITIES),
      instructions: describeEarshotMcpServer(source.baseUrl),
      cacheHints,
      maxToolInputElements: MAX_TOOL_INPUT_ELEMENTS,
    });
    for (const { tool, inputSchema, outputSchema } of tools) {
      const { name, title, description, annotations } = tool;
      server.registerTool(name, { title, description, inputSchema, outputSchema, annotations }, (_arguments, context) =>
        tool.call(source, formatError, {
          signal: context.mcpReq.signal,
          onWait: reportWaitAsProgress(context.mcpReq),
        }),
      );
    }
    for (const resource of earshotResources) {
      const { uri, name, title, description, mimeType } = resource;
      server.registerResource(name, uri, { title, description, mimeType }, async (_uri, context) => {
        const answer = await resource.read(source, { signal: context.mcpReq.signal });
        // resources/read has no error result of its own: a failed API call is a protocol error,
        // on one line, with the hint also as data for clients that show it apart.
        if (!answer.ok)
          throw new ProtocolError(
            ProtocolErrorCode.InternalError,
            `${answer.error.message}; hint: ${answer.error.hint}`,
            { hint: answer.error.hint },
          );
        return { contents: [{ uri, mimeType, text: answer.text }] };
      });
    }
    return server;
  };
}
