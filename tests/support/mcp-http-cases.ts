import assert from 'node:assert/strict';

/**
 * The remote MCP endpoint's answers to what MCP clients, browsers and strangers send it, as a
 * table: the unit tests run it against the endpoint in-process, the e2e tests against `/mcp` on
 * the local server (the function, run by the local CDN). Each answer must be a clear status with a
 * JSON-RPC error where one applies; never a 5xx, never a stack trace.
 */
export interface HttpCase {
  name: string;
  /** Path and method; the body is sent as given (a string) or as JSON. */
  request: { method: string; path?: string; headers?: Record<string, string>; body?: unknown };
  want: {
    status: number;
    headers?: Record<string, string | RegExp>;
    /** `null`: no body at all. A JSON-RPC error body is matched on `id` and `error`. */
    body?: null | { id?: unknown; error: { code: number; message: RegExp } } | { error: string; statusCode: number };
  };
}

export const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'earshot-tests', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** The headers a 2026-07-28 client sends with a POST of `method`. */
export function modernHeaders(method: string, name?: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': method,
    ...(name ? { 'mcp-name': name } : {}),
  };
}

const toolsList = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: MODERN_META } };

/** An MCP message just over the endpoint's 64 KiB cap. */
const oversized = JSON.stringify({ ...toolsList, params: { ...toolsList.params, padding: 'x'.repeat(64 * 1024) } });

const notAllowed = (method: string): HttpCase => ({
  name: `${method}: 405, Allow: POST, and a JSON-RPC error saying POST only`,
  request: { method, headers: modernHeaders('tools/list'), ...(method === 'PUT' ? { body: toolsList } : {}) },
  want: {
    status: 405,
    headers: { allow: 'POST' },
    body: {
      id: null,
      error: {
        code: -32600,
        message: new RegExp(
          `^Method Not Allowed: the MCP endpoint takes JSON-RPC messages by POST only \\(got ${method}\\)`,
        ),
      },
    },
  },
});

export function mcpHttpCases(siteOrigin: string): HttpCase[] {
  return [
    notAllowed('GET'),
    notAllowed('PUT'),
    notAllowed('DELETE'),
    {
      name: 'HEAD: 405 and Allow: POST, without a body',
      request: { method: 'HEAD' },
      want: { status: 405, headers: { allow: 'POST' }, body: null },
    },
    {
      name: 'a body that is not JSON: 400 and a parse error',
      request: { method: 'POST', headers: modernHeaders('tools/list'), body: '{"jsonrpc": "2.0", "id": 1, "method": ' },
      want: { status: 400, body: { id: null, error: { code: -32700, message: /^Parse error/ } } },
    },
    {
      name: 'a body that is not JSON-RPC: 400 and an invalid request',
      request: { method: 'POST', headers: modernHeaders('tools/list'), body: { hello: 'world' } },
      want: { status: 400, body: { id: null, error: { code: -32600, message: /not a valid JSON-RPC message/ } } },
    },
    {
      name: 'a body sent as text/plain: 415 and a JSON-RPC error naming the media type',
      request: {
        method: 'POST',
        headers: { ...modernHeaders('tools/list'), 'content-type': 'text/plain' },
        body: toolsList,
      },
      want: {
        status: 415,
        body: { id: null, error: { code: -32000, message: /Content-Type must be application\/json/ } },
      },
    },
    {
      name: 'a body over 64 KiB: 413, unread, and a JSON-RPC error naming the limit',
      request: { method: 'POST', headers: modernHeaders('tools/list'), body: oversized },
      want: {
        status: 413,
        body: {
          id: null,
          error: { code: -32600, message: /^Payload Too Large: a message must be at most 65536 bytes$/ },
        },
      },
    },
    {
      name: 'a 2026-07-28 batch: 400 and an invalid request (only 2025-03-26 has batches)',
      request: { method: 'POST', headers: modernHeaders('tools/list'), body: [toolsList, { ...toolsList, id: 2 }] },
      want: { status: 400, body: { id: null, error: { code: -32600, message: /batch/i } } },
    },
    {
      // The rate limit counts requests: a batch of 100 calls would count once.
      name: 'a 2025-03-26 batch of tool calls: 400 and an invalid request (no revision has batches here)',
      request: {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-03-26',
        },
        body: [1, 2, 3].map((id) => ({
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: { name: 'get_capabilities', arguments: {} },
        })),
      },
      want: {
        status: 400,
        body: { id: null, error: { code: -32600, message: /no JSON-RPC batches, on any protocol revision/ } },
      },
    },
    {
      name: 'a browser page of another origin: 403 and a JSON-RPC error naming both origins',
      request: {
        method: 'POST',
        headers: { ...modernHeaders('tools/list'), origin: 'https://evil.example' },
        body: toolsList,
      },
      want: {
        status: 403,
        body: {
          id: null,
          error: {
            code: -32600,
            message: new RegExp(
              `^Forbidden: browser pages of https://evil\\.example may not use this MCP endpoint; only those of ${escapeRegExp(siteOrigin)} may$`,
            ),
          },
        },
      },
    },
    {
      name: 'a page of another origin, even on GET: 403 first (the Origin check comes before anything)',
      request: { method: 'GET', headers: { origin: 'http://localhost.evil.example' } },
      want: { status: 403, body: { id: null, error: { code: -32600, message: /^Forbidden/ } } },
    },
    {
      name: "a browser page of the site's own origin: served",
      request: { method: 'POST', headers: { ...modernHeaders('tools/list'), origin: siteOrigin }, body: toolsList },
      want: { status: 200, headers: { 'content-type': /^application\/json/ } },
    },
    {
      name: 'an unknown method: 404 and method not found, as 2026-07-28 asks',
      request: {
        method: 'POST',
        headers: modernHeaders('monitors/list'),
        body: { ...toolsList, method: 'monitors/list' },
      },
      want: { status: 404, body: { id: 1, error: { code: -32601, message: /^Method not found$/ } } },
    },
    {
      name: 'a protocol version the server does not speak: 400 and the versions it does',
      request: {
        method: 'POST',
        headers: { ...modernHeaders('tools/list'), 'mcp-protocol-version': '2099-01-01' },
        body: {
          ...toolsList,
          params: { _meta: { ...MODERN_META, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } },
        },
      },
      want: {
        status: 400,
        body: { id: 1, error: { code: -32022, message: /^Unsupported protocol version: 2099-01-01$/ } },
      },
    },
    {
      name: 'a 2026-07-28 request without its Mcp-Method header: 400 and a header mismatch',
      request: {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
        },
        body: toolsList,
      },
      want: { status: 400, body: { id: 1, error: { code: -32020, message: /Mcp-Method/ } } },
    },
    {
      name: 'tools/call with arguments that are not an object: invalid params, on one line',
      request: {
        method: 'POST',
        headers: modernHeaders('tools/call', 'list_platforms'),
        body: {
          jsonrpc: '2.0',
          id: 9,
          method: 'tools/call',
          params: { name: 'list_platforms', arguments: 'x', _meta: MODERN_META },
        },
      },
      want: {
        status: 200,
        body: {
          id: 9,
          error: {
            code: -32602,
            message: /^Invalid params for tools\/call: params\.arguments: expected an object, received string$/,
          },
        },
      },
    },
    {
      name: 'resources/read with a numeric uri: invalid params, on one line, not an internal error',
      request: {
        method: 'POST',
        headers: modernHeaders('resources/read', '5'),
        body: { jsonrpc: '2.0', id: 11, method: 'resources/read', params: { uri: 5, _meta: MODERN_META } },
      },
      want: {
        status: 200,
        body: {
          id: 11,
          error: {
            code: -32602,
            message: /^Invalid params for resources\/read: params\.uri: expected string, received number$/,
          },
        },
      },
    },
    {
      name: 'resources/read of an unknown resource: resource not found (-32602)',
      request: {
        method: 'POST',
        headers: modernHeaders('resources/read', 'earshot://monitors'),
        body: {
          jsonrpc: '2.0',
          id: 10,
          method: 'resources/read',
          params: { uri: 'earshot://monitors', _meta: MODERN_META },
        },
      },
      want: {
        status: 200,
        body: { id: 10, error: { code: -32602, message: /^Resource not found: earshot:\/\/monitors$/ } },
      },
    },
  ];
}

/** Sends one case with `fetch` to `url` and checks the answer against the table. */
export async function checkHttpCase(
  fetchFn: (url: string, init: RequestInit) => Promise<Response>,
  url: string,
  testCase: HttpCase,
): Promise<void> {
  const { method, path, headers, body } = testCase.request;
  const target = path ? new URL(path, url).href : url;
  const response = await fetchFn(target, {
    method,
    headers: headers ?? {},
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  const { want } = testCase;
  assert.equal(response.status, want.status, `status of ${method} ${target}: ${text}`);
  assert.ok(response.status < 500, 'never a server error');
  assert.doesNotMatch(text, /\n\s+at \S+ \(|node:internal|\.ts:\d+/, 'never a stack trace');
  assert.equal(response.headers.get('set-cookie'), null, 'never a cookie');
  assert.equal(response.headers.get('cache-control'), 'no-store');
  for (const [name, value] of Object.entries(want.headers ?? {})) {
    const actual = response.headers.get(name) ?? '';
    if (value instanceof RegExp) assert.match(actual, value, name);
    else assert.equal(actual, value, name);
  }
  if (want.body === null) return assert.equal(text, '');
  if (want.body === undefined) return;
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  const parsed = JSON.parse(text) as Record<string, unknown>;
  if ('statusCode' in want.body) return assert.deepEqual(parsed, want.body);
  assert.equal(parsed.jsonrpc, '2.0');
  if ('id' in want.body) assert.equal(parsed.id, want.body.id);
  const error = parsed.error as { code: number; message: string };
  assert.equal(error.code, want.body.error.code, error.message);
  assert.match(error.message, want.body.error.message);
  assert.doesNotMatch(error.message, /\n/, 'one line');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
