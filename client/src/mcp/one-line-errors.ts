import { specTypeSchemas, type SpecTypeName, type StandardSchemaV1 } from '@modelcontextprotocol/server';

/**
 * JSON-RPC errors as they leave the Earshot MCP server, over stdio and HTTP alike: one line each,
 * and a request whose params break the method's schema answered as invalid params (-32602).
 * JSON-RPC says the message "SHOULD be limited to a concise single sentence", and such a request
 * is the caller's mistake.
 *
 * The SDK (`@modelcontextprotocol/server` 2.4) checks each request against the method's wire
 * schema before any handler runs, and when the params break it, it answers with zod's issue list
 * printed into the error's *message* (`String(zodError)`: pretty-printed JSON over many lines),
 * as -32602 for `tools/call` (McpServer's `tools/call` wrapper) and as an internal error (-32603)
 * for every other method (`Protocol.setRequestHandler` throws a plain `Error`); the issues
 * themselves are not passed on as data, and no option or hook reaches them. So the message is
 * never read here: the request's own params are checked again against the SDK's public,
 * revision-neutral schemas (`specTypeSchemas`, Standard Schema), whose issues are data, and the
 * error is shaped from those. Every other error is the SDK's own, valid JSON-RPC already, kept as
 * it is with its message on one line.
 * @see https://www.jsonrpc.org/specification#error_object
 * @see https://modelcontextprotocol.io/specification/2026-07-28/server/tools#error-handling
 */

const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;

export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/** A request as the server received it, kept until its answer leaves, to check its params again. */
export interface ReceivedRequest {
  method: string;
  params?: unknown;
}

/**
 * The spec type of each request this server answers, whose params can be wrong. A method not here
 * is not re-checked: its errors are the SDK's (an unknown method is -32601 "Method not found").
 */
export const REQUEST_TYPES = {
  initialize: 'InitializeRequest',
  'server/discover': 'DiscoverRequest',
  'tools/list': 'ListToolsRequest',
  'tools/call': 'CallToolRequest',
  'resources/list': 'ListResourcesRequest',
  'resources/templates/list': 'ListResourceTemplatesRequest',
  'resources/read': 'ReadResourceRequest',
} as const satisfies Record<string, SpecTypeName>;

/**
 * The error, as one line. Where the SDK refused the request as invalid (-32602) or failed it
 * (-32603) and its params break the method's schema, the error names each problem:
 * `Invalid params for tools/call: params.arguments: expected an object, received string`.
 */
export function toOneLineError(error: JsonRpcErrorObject, request?: ReceivedRequest): JsonRpcErrorObject {
  const issues =
    request && (error.code === INVALID_PARAMS || error.code === INTERNAL_ERROR) ? findParamsIssues(request) : undefined;
  if (issues) {
    return {
      code: INVALID_PARAMS,
      message: `Invalid params for ${request!.method}: ${issues.map((issue) => describeIssue(issue, request!)).join('; ')}`,
    };
  }
  return { ...error, message: toOneLine(error.message) };
}

/** What is wrong with the request's params, by the method's schema; undefined when nothing is (or the method is not ours to check). */
function findParamsIssues({ method, params }: ReceivedRequest): readonly StandardSchemaV1.Issue[] | undefined {
  if (!Object.hasOwn(REQUEST_TYPES, method)) return undefined;
  const schema = specTypeSchemas[REQUEST_TYPES[method as keyof typeof REQUEST_TYPES]];
  const result = schema['~standard'].validate(params === undefined ? { method } : { method, params });
  return result.issues && result.issues.length > 0 ? result.issues : undefined;
}

/** `params.arguments: expected an object, received string` */
function describeIssue(issue: StandardSchemaV1.Issue, request: ReceivedRequest): string {
  const path = (issue.path ?? []).map((segment) => (typeof segment === 'object' ? segment.key : segment));
  const where = path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? String(key) : `.${String(key)}`))
    .join('');
  const what = describeWrongType(issue, valueAt(request, path)) ?? toOneLine(issue.message);
  return where ? `${where}: ${what}` : what;
}

/**
 * A wrong type, from the issue's data: zod's `invalid_type` issues name the type they expected
 * (`expected`, `record` for any object), and the value is the request's own. Any other issue keeps
 * its own message, on one line.
 */
function describeWrongType(issue: StandardSchemaV1.Issue, value: unknown): string | undefined {
  const { code, expected } = issue as { code?: unknown; expected?: unknown };
  if (code !== 'invalid_type' || typeof expected !== 'string') return undefined;
  const type = expected === 'record' || expected === 'object' ? 'an object' : expected;
  return value === undefined ? `required, expected ${type}` : `expected ${type}, received ${jsonTypeOf(value)}`;
}

function valueAt(request: ReceivedRequest, path: readonly PropertyKey[]): unknown {
  let value: unknown = request;
  for (const key of path) {
    if (typeof value !== 'object' || value === null || typeof key === 'symbol') return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Lines joined with `; `, so that nothing of the message is lost. */
function toOneLine(text: string): string {
  return text
    .split(/\s*[\r\n]+\s*/)
    .filter((line) => line !== '')
    .join('; ');
}
