import fc from 'fast-check';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MCP_ENDPOINT_PATH, MCP_MAX_MESSAGE_BYTES } from '../../contract/mcp-endpoint-path.ts';
import mcpTooManyRequests from '../../netlify/functions/mcp-too-many-requests.ts';
import otherMethods from '../../netlify/functions/other-methods.ts';
import serverIcon from '../../netlify/functions/server-icon.ts';
import tooManyRequests from '../../netlify/functions/too-many-requests.ts';
import { createPublishedMcpEndpoint } from '../../site/lib/mcp/published-answers.ts';
import { buildPublishedAnswers } from '../../site/lib/mcp/write-published-answers.ts';
import { loadSiteContext } from '../../site/lib/site-context.ts';

/**
 * Every Netlify Function's handler against hostile requests, in Node as Netlify runs them: any
 * method, headers very long, repeated or malformed, a Content-Length that lies, bodies huge,
 * malformed, cut off or failing midway. Each answers, never with a 5xx or a stack trace, and reads
 * no more of a body than its cap: a body is a stream that counts what was pulled from it, so that
 * "bounded memory" is a number, not a feeling.
 */
const ORIGIN = 'https://earshot.dev';
const answers = buildPublishedAnswers(loadSiteContext({ SITE_URL: ORIGIN }));
const mcp = await createPublishedMcpEndpoint(answers);

const handlers: { name: string; path: string; handle: (request: Request) => Response | Promise<Response> }[] = [
  { name: 'too-many-requests', path: '/api/v1/platforms', handle: tooManyRequests },
  { name: 'other-methods', path: '/api/v1/capabilities', handle: otherMethods },
  { name: 'mcp-too-many-requests', path: MCP_ENDPOINT_PATH, handle: mcpTooManyRequests },
  { name: 'mcp', path: MCP_ENDPOINT_PATH, handle: mcp },
  { name: 'server-icon', path: '/icons/earshot.svg', handle: serverIcon },
];

/** A body of `size` bytes made as it is read, in chunks of 16 KiB, that counts what was pulled. */
function countedBody(size: number, fill = 0x7b, failAfter?: number) {
  const counter = { pulled: 0 };
  const chunk = new Uint8Array(16 * 1024).fill(fill);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (failAfter !== undefined && counter.pulled >= failAfter) {
        controller.error(new TypeError('terminated: other side closed'));
        return;
      }
      const left = size - counter.pulled;
      if (left <= 0) return controller.close();
      const piece = left >= chunk.byteLength ? chunk : chunk.subarray(0, left);
      counter.pulled += piece.byteLength;
      controller.enqueue(piece);
    },
  });
  return { stream, counter };
}

const methods = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'QUERY');

const headerValue = fc.oneof(
  fc.stringMatching(/^[\x20-\x7e]{0,40}$/),
  fc.integer({ min: 1_000, max: 16_000 }).map((length) => 'x'.repeat(length)),
  fc.constantFrom('application/json', 'text/event-stream', ';;;', '*/*;q=nan', 'text/markdown, */*;q=-1'),
);

const headers = fc.record(
  {
    accept: headerValue,
    'content-type': headerValue,
    'content-length': fc.oneof(fc.constantFrom('-1', '0', 'abc', '1e9', '99999999999999999999'), fc.nat().map(String)),
    origin: fc.constantFrom('https://elsewhere.example', 'null', 'https://earshot.dev', ''),
    'mcp-protocol-version': fc.constantFrom('2025-11-25', '2025-06-18', '1999-01-01', 'garbage'),
    'access-control-request-method': fc.constantFrom('GET', 'POST', 'DELETE'),
  },
  { requiredKeys: [] },
);

const bodies = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(
    '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    '{"jsonrpc":"2.0","id":"x","method":"initialize","params":{}}',
    '{"jsonrpc":"2.0","id":{},"method":1}',
    '[{"jsonrpc":"2.0","id":1,"method":"ping"}]',
    '{',
    'null',
    '\u0000\u0001\u001b[2J',
  ),
  fc.json({ maxDepth: 3 }),
  fc.uint8Array({ maxLength: 300 }),
);

/** What no answer may be, whatever was asked. */
async function assertAnswered(response: Response, what: string): Promise<void> {
  assert.ok(response.status >= 200 && response.status < 500, `${what}: answered ${response.status}`);
  const text = await response.text();
  assert.doesNotMatch(text, /^\s+at .+:\d+:\d+\)?$/m, `${what}: shows a stack trace`);
}

describe('the Netlify Functions against hostile requests (property-based)', () => {
  for (const { name, path, handle } of handlers)
    it(`${name}: any method, headers and small body get an answer, never a 5xx or a stack trace`, async () => {
      await fc.assert(
        fc.asyncProperty(methods, headers, bodies, async (method, requestHeaders, body) => {
          const hasBody = body !== undefined && method !== 'GET' && method !== 'HEAD';
          const request = new Request(`${ORIGIN}${path}`, {
            method,
            headers: hasBody ? requestHeaders : { ...requestHeaders, 'content-length': '0' },
            ...(hasBody ? { body: typeof body === 'string' ? body : new Uint8Array(body) } : {}),
          });
          await assertAnswered(await handle(request), `${method} ${path}`);
        }),
        { numRuns: name === 'mcp' ? 150 : 300, seed: 36 },
      );
    });
});

describe('bodies are read through a cap before anything else', () => {
  for (const name of ['mcp-too-many-requests', 'mcp']) {
    const { handle } = handlers.find((handler) => handler.name === name)!;

    // Regression: the 429 function read a 200 MiB body whole (681 MiB of memory) before looking at its size.
    it(`${name} reads at most ${MCP_MAX_MESSAGE_BYTES} bytes of a 200 MiB body that does not declare its length`, async () => {
      const { stream, counter } = countedBody(200 * 1024 * 1024);
      const request = new Request(`${ORIGIN}${MCP_ENDPOINT_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      await assertAnswered(await handle(request), name);
      assert.ok(
        counter.pulled <= MCP_MAX_MESSAGE_BYTES + 16 * 1024,
        `pulled ${counter.pulled} bytes, past the cap of ${MCP_MAX_MESSAGE_BYTES} and one chunk`,
      );
    });

    it(`${name} reads nothing of a body that declares more than the cap`, async () => {
      const { stream, counter } = countedBody(10 * 1024 * 1024);
      const request = new Request(`${ORIGIN}${MCP_ENDPOINT_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(10 * 1024 * 1024) },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      await assertAnswered(await handle(request), name);
      assert.ok(counter.pulled <= 16 * 1024, `pulled ${counter.pulled} bytes of a body declared too large`);
    });

    it(`${name} answers a body that fails midway`, async () => {
      const { stream } = countedBody(1024 * 1024, 0x20, 32 * 1024);
      const request = new Request(`${ORIGIN}${MCP_ENDPOINT_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      await assertAnswered(await handle(request), name);
    });
  }
});
