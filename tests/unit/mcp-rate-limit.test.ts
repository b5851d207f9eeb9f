import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { RETRY_AFTER_SECONDS } from '../../netlify/functions/too-many-requests.ts';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { PassThrough } from 'node:stream';
import { createApiClient } from '../../client/src/api/api-client.ts';
import { resolveClientSettings } from '../../client/src/api/client-settings.ts';
import { MCP_MAX_WAIT_SECONDS } from '../../client/src/api/retry-policy.ts';
import { loadEarshotMcpServerFactory } from '../../client/src/mcp/create-mcp-server.ts';
import { LineDelimitedStdioTransport } from '../../client/src/mcp/stdio-transport.ts';
import { FAKE_API, fakeApi } from '../support/fake-api.ts';
import { validPlatforms } from '../support/misbehaving-server.ts';
import {
  connectClient,
  connectStdioClient,
  LineClientTransport,
  MCP_GENERATIONS,
  type McpTestClient,
} from '../support/mcp-clients.ts';
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
      // 5 s: the budget the MCP and CLI pages promise, written out so that it cannot move unseen.
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

/**
 * A brief wait (a `Retry-After` within `earshot mcp`'s budget) is waited, and reported as progress
 * to a client that asked for it (a `progressToken`): in-process, over the stdio transport, with
 * the clock injected (the sleep records what it was asked).
 */
describe('earshot mcp, briefly rate limited', () => {
  for (const { generation, name } of MCP_GENERATIONS) {
    it(`${name}: waits as Retry-After asks, sends one progress notification saying so, then returns the answer`, async () => {
      const api = fakeApi({
        [`${FAKE_API}/api/v1/platforms`]: [
          { status: 429, body: { error: 'Too Many Requests', statusCode: 429 }, headers: { 'retry-after': '2' } },
          { body: validPlatforms },
        ],
      });
      const settings = resolveClientSettings(
        {},
        { EARSHOT_BASE_URL: FAKE_API },
        'https://earshot.dev',
        MCP_MAX_WAIT_SECONDS,
      );
      assert.ok(settings.ok);
      const waits: number[] = [];
      const source = createApiClient(settings.settings, {
        userAgent: 'earshot/test',
        supportEmail: 'support@earshot.dev',
        installGuideUrl: 'https://earshot.dev/docs/cli/#install',
        env: {},
        fetch: api.fetch,
        sleep: async (ms) => void waits.push(ms),
      });
      const factory = await loadEarshotMcpServerFactory({ source, version: '9.9.9' });
      const toServer = new PassThrough();
      const fromServer = new PassThrough();
      const handle = serveStdio(factory, { transport: new LineDelimitedStdioTransport(toServer, fromServer) });
      const client = await connectClient(generation, new LineClientTransport(fromServer, toServer));
      try {
        const progress: { progress: number; total?: number; message?: string }[] = [];
        const onprogress = (update: { progress: number; total?: number; message?: string }) =>
          void progress.push(update);
        const params = { name: 'list_platforms', arguments: {} };
        const call = client.callTool as unknown as (...args: unknown[]) => Promise<{ structuredContent?: unknown }>;
        const result =
          generation === 'v2-2026-07-28'
            ? await call.call(client, params, { onprogress })
            : await call.call(client, params, undefined, { onprogress });
        assert.deepEqual(result.structuredContent, validPlatforms);
        assert.deepEqual(waits, [2000]);
        assert.deepEqual(progress, [
          { progress: 1, total: 3, message: 'rate limited by the Earshot API; retrying in 2 s (retry 1 of 2)' },
        ]);
      } finally {
        await client.close();
        await handle.close();
      }
    });
  }
});
