import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { RETRY_AFTER_SECONDS } from '../../netlify/functions/too-many-requests.ts';
import { connectStdioClient, MCP_GENERATIONS, type McpTestClient } from '../support/mcp-clients.ts';
import { productionTooManyRequestsParts } from '../support/production-429.ts';

/**
 * `earshot mcp` as an MCP host runs it (a child process speaking stdio, started by each SDK
 * generation's own transport) against an API that answers every request with the production 429
 * (`Retry-After: 60`, one rate-limit window). Both clients call with their default request
 * timeout, 60 s: a server that sat out the wait would make the call fail with -32001 "Request
 * timed out" instead of an answer. The server must answer at once with an error result that
 * names the wait, in seconds and as a time.
 */
const seen: string[] = [];
const api = createServer(async (request, response) => {
  seen.push(request.url ?? '');
  const { status, headers, body } = await productionTooManyRequestsParts();
  response.writeHead(status, headers).end(body);
});
let origin = '';
before(async () => {
  await new Promise<void>((done) => api.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
const clients: McpTestClient[] = [];
after(async () => {
  for (const client of clients) await client.close();
  await new Promise<void>((done) => api.close(() => done()));
});

const textOf = (result: { content?: unknown }) =>
  (result.content as { type: string; text: string }[]).map((part) => part.text).join('\n');

describe('earshot mcp over stdio, against an API over its rate limit', () => {
  it('the production 429 asks for one window', async () => {
    const { status, headers } = await productionTooManyRequestsParts();
    assert.equal(status, 429);
    assert.equal(headers['retry-after'], String(RETRY_AFTER_SECONDS));
    assert.equal(RETRY_AFTER_SECONDS, 60);
  });

  for (const { generation, name } of MCP_GENERATIONS) {
    it(`${name}, default timeout: the tool call answers at once with an error result naming the wait and when to retry`, async () => {
      const client = await connectStdioClient(generation, {
        command: process.execPath,
        args: ['client/src/main.ts', 'mcp', '--base-url', origin],
        env: { PATH: process.env.PATH ?? '' },
      });
      clients.push(client);
      const before = seen.length;
      const called = Date.now();
      const result = await client.callTool({ name: 'list_platforms', arguments: {} });
      assert.equal(result.isError, true);
      assert.equal(result.structuredContent, undefined);
      const text = textOf(result);
      assert.match(
        text,
        new RegExp(
          `^error: rate limited by 127\\.0\\.0\\.1:\\d+ \\(HTTP 429\\); tried once, and the server asks to wait ${RETRY_AFTER_SECONDS} s, longer than the 5 s this client waits in all \\(--max-wait\\)\\nhint: try again in ${RETRY_AFTER_SECONDS} s, at (\\d\\d:\\d\\d:\\d\\d|\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d) UTC or later$`,
        ),
      );
      // The time named is the wait after the call, not before it.
      const [, clock] = /at (\d\d:\d\d:\d\d) UTC/.exec(text) ?? [];
      if (clock) {
        const named = Date.parse(`${new Date(called).toISOString().slice(0, 10)}T${clock}Z`);
        assert.ok(named >= Math.floor(called / 1000) * 1000 + RETRY_AFTER_SECONDS * 1000, `${clock} is too early`);
      }
      // Asked once: no retry could have helped before the wait is over.
      assert.deepEqual(seen.slice(before), ['/api/v1/platforms']);
    });
  }
});
