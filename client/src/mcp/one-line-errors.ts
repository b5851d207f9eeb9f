/**
 * JSON-RPC errors as they leave the Earshot MCP server, over stdio and HTTP alike: one line each,
 * and parameters that break a method's schema reported as invalid params.
 *
 * The SDK reports a request whose params break the method's schema (`tools/call` with
 * `"arguments": "x"`, `resources/read` with a numeric `uri`) with its validator's issue list,
 * pretty-printed JSON over many lines, and outside `tools/call` as an internal error (-32603).
 * JSON-RPC says the message "SHOULD be limited to a concise single sentence", and such a request
 * is the caller's mistake: -32602.
 * @see https://www.jsonrpc.org/specification#error_object
 * @see https://modelcontextprotocol.io/specification/2026-07-28/server/tools#error-handling
 */

const INVALID_PARAMS = -32602;

export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

interface ValidationIssue {
  path: (string | number)[];
  message: string;
}

/** The error, rewritten as one line; `method` is the request's, when known, to name it. */
export function toOneLineError(error: JsonRpcErrorObject, method?: string): JsonRpcErrorObject {
  const issues = findValidationIssues(error.message);
  if (issues) {
    const where = method ? ` for ${method}` : '';
    return {
      ...error,
      code: INVALID_PARAMS,
      message: `Invalid params${where}: ${issues.map(describeIssue).join('; ')}`,
    };
  }
  return { ...error, message: toOneLine(error.message) };
}

/** Lines joined with `; `, so that nothing of the message is lost. */
function toOneLine(text: string): string {
  return text
    .split(/\s*[\r\n]+\s*/)
    .filter((line) => line !== '')
    .join('; ');
}

/** The issue list a message carries, alone or after a prefix (`Invalid tools/call request: [...]`). */
function findValidationIssues(message: string): ValidationIssue[] | undefined {
  const start = message.indexOf('[');
  if (start === -1 || !message.trimEnd().endsWith(']')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(message.slice(start));
  } catch {
    return undefined;
  }
  const isIssue = (value: unknown): value is ValidationIssue =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ValidationIssue).message === 'string' &&
    Array.isArray((value as ValidationIssue).path);
  return Array.isArray(parsed) && parsed.length > 0 && parsed.every(isIssue) ? parsed : undefined;
}

/** `params.arguments: expected an object, received string` */
function describeIssue({ path, message }: ValidationIssue): string {
  const where = path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? key : `.${key}`))
    .join('');
  const what = toOneLine(message)
    .replace(/^Invalid input: /, '')
    .replace(/\bexpected record\b/, 'expected an object');
  return where ? `${where}: ${what}` : what;
}
