import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { RETRY_AFTER_SECONDS } from '../../netlify/functions/too-many-requests.ts';
import { DEFAULT_RETRY_POLICY } from '../../client/src/api/retry-policy.ts';
import { buildFacts } from '../../client/src/baked/build-facts.ts';
import { generateBuildFactsModule } from '../../tooling/build-cli.ts';
import { run } from '../../client/src/run.ts';
import { readRateLimit } from '../../contract/rate-limit.ts';
import { createTestIo } from '../support/cli-io.ts';
import { FAKE_API } from '../support/fake-api.ts';
import { validPlatforms } from '../support/misbehaving-server.ts';
import { productionTooManyRequests, productionTooManyRequestsParts } from '../support/production-429.ts';

/**
 * The client meets the production 429: the site's own answer (imported from the function), with
 * its Retry-After, and default settings. Time is injected (a sleep that records how long it was
 * asked to wait), so that the 60 s of production are tested as 60 s without taking them.
 */
const platformsUrl = `${FAKE_API}/api/v1/platforms`;

/** A fetch that gives the production 429 `times` times, then the platforms. */
function limitedThenOk(times: number) {
  const calls: string[] = [];
  const fetch = async (url: string) => {
    calls.push(url);
    if (calls.length <= times) return productionTooManyRequests(url);
    return new Response(JSON.stringify(validPlatforms), { headers: { 'content-type': 'application/json' } });
  };
  return { fetch, calls };
}

describe('the production rate limit and the client agree', () => {
  it('the client waits up to one rate-limit window in all, read from netlify.toml as the edge is', () => {
    assert.equal(buildFacts.rateLimitWindowSeconds, readRateLimit().windowSize);
    assert.equal(DEFAULT_RETRY_POLICY.maxWaitMs, readRateLimit().windowSize * 1000);
    assert.ok(
      RETRY_AFTER_SECONDS * 1000 <= DEFAULT_RETRY_POLICY.maxWaitMs,
      'the edge asks for a longer wait than the client accepts',
    );
  });

  it('the packed client has the same window baked in', () => {
    assert.match(generateBuildFactsModule(), new RegExp(`"rateLimitWindowSeconds":${readRateLimit().windowSize}\\b`));
  });
});

describe('default settings against the production 429', () => {
  it('waits as its Retry-After says, says so once on stderr with what bounds the wait, then succeeds', async () => {
    const { fetch, calls } = limitedThenOk(1);
    const waits: number[] = [];
    const io = createTestIo({ env: { EARSHOT_BASE_URL: FAKE_API }, fetch, sleep: async (ms) => void waits.push(ms) });
    assert.equal(await run(['platforms'], io), 0, io.err());
    assert.deepEqual(waits, [RETRY_AFTER_SECONDS * 1000]);
    assert.equal(
      io.err(),
      `rate limited; retrying in ${RETRY_AFTER_SECONDS} s as the server asks (at most 60 s of waiting in all: --max-wait)\n`,
    );
    assert.equal(io.out(), 'reddit\tReddit\tkeyword,subreddit\nhacker-news\tHacker News\tkeyword\n');
    assert.deepEqual(calls, [platformsUrl, platformsUrl]);
  });

  it('--json keeps stdout for the data: the notice goes to stderr only', async () => {
    const { fetch } = limitedThenOk(1);
    const io = createTestIo({ env: { EARSHOT_BASE_URL: FAKE_API }, fetch, sleep: async () => {} });
    assert.equal(await run(['platforms', '--json'], io), 0, io.err());
    assert.deepEqual(JSON.parse(io.out()), validPlatforms);
    assert.equal(
      io.err(),
      `rate limited; retrying in ${RETRY_AFTER_SECONDS} s as the server asks (at most 60 s of waiting in all: --max-wait)\n`,
    );
  });

  it('limited again after one window: fails at once, without a second window of waiting, naming the wait and the time to retry (exit 3)', async () => {
    const { fetch, calls } = limitedThenOk(3);
    const waits: number[] = [];
    const now = Date.parse('2026-11-24T14:05:00Z');
    const io = createTestIo({
      env: { EARSHOT_BASE_URL: FAKE_API },
      fetch,
      sleep: async (ms) => void waits.push(ms),
      now: () => now,
    });
    assert.equal(await run(['platforms'], io), 3);
    assert.deepEqual(waits, [RETRY_AFTER_SECONDS * 1000]);
    assert.equal(calls.length, 2);
    assert.equal(
      io.err(),
      [
        `rate limited; retrying in ${RETRY_AFTER_SECONDS} s as the server asks (at most 60 s of waiting in all: --max-wait)`,
        `error: rate limited by api.test (HTTP 429); tried 2 times, and the server asks to wait ${RETRY_AFTER_SECONDS} s, longer than the 60 s this client waits in all (--max-wait)`,
        'hint: try again in 60 s, at 14:06:00 UTC or later',
        '',
      ].join('\n'),
    );
  });

  it('--max-wait allows more: twice limited, two waits, still one notice, then the answer', async () => {
    const { fetch } = limitedThenOk(2);
    const waits: number[] = [];
    const io = createTestIo({ env: { EARSHOT_BASE_URL: FAKE_API }, fetch, sleep: async (ms) => void waits.push(ms) });
    assert.equal(await run(['platforms', '--max-wait', '120'], io), 0, io.err());
    assert.deepEqual(waits, [RETRY_AFTER_SECONDS * 1000, RETRY_AFTER_SECONDS * 1000]);
    assert.equal(
      io.err(),
      `rate limited; retrying in ${RETRY_AFTER_SECONDS} s as the server asks (at most 120 s of waiting in all: --max-wait)\n`,
    );
  });

  it('--max-wait 0: fails at once, without waiting, saying when to try again', async () => {
    const { fetch, calls } = limitedThenOk(1);
    const waits: number[] = [];
    const io = createTestIo({
      env: { EARSHOT_BASE_URL: FAKE_API },
      fetch,
      sleep: async (ms) => void waits.push(ms),
      now: () => Date.parse('2026-11-24T23:59:30Z'),
    });
    assert.equal(await run(['platforms', '--max-wait', '0'], io), 3);
    assert.deepEqual(waits, []);
    assert.equal(calls.length, 1);
    assert.match(io.err(), /\nhint: try again in 60 s, at 2026-11-25 00:00 UTC or later\n$/);
  });

  it('limited on every allowed try: one error and one hint, which names the time and offers more retries (they would help)', async () => {
    const { fetch } = limitedThenOk(3);
    const io = createTestIo({
      env: { EARSHOT_BASE_URL: FAKE_API },
      fetch,
      sleep: async () => {},
      now: () => Date.parse('2026-11-24T14:05:00Z'),
    });
    assert.equal(await run(['platforms', '--max-wait', '300'], io), 3);
    assert.deepEqual(io.err().split('\n').slice(-3), [
      'error: rate limited by api.test (HTTP 429); tried 3 times',
      `hint: wait ${RETRY_AFTER_SECONDS} s (the server's Retry-After, until 14:06:00 UTC) and try again, or allow more retries with --retries <n>`,
      '',
    ]);
  });

  for (const value of ['-1', '1.5', 'soon', '3601']) {
    it(`--max-wait ${value}: a usage error (exit 2) naming the range`, async () => {
      const io = createTestIo({ env: { EARSHOT_BASE_URL: FAKE_API }, fetch: limitedThenOk(0).fetch });
      assert.equal(await run(['platforms', '--max-wait', value], io), 2);
      assert.match(
        io.err(),
        /^error: --max-wait must be a whole number of seconds from 0 to 3600 \(got "[^"]*"\)\nhint: /,
      );
    });
  }

  it('a short wait passes quietly', async () => {
    let first = true;
    const fetch = async () => {
      if (!first)
        return new Response(JSON.stringify(validPlatforms), { headers: { 'content-type': 'application/json' } });
      first = false;
      return new Response('{"error":"Too Many Requests","statusCode":429}', {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '3' },
      });
    };
    const io = createTestIo({ env: { EARSHOT_BASE_URL: FAKE_API }, fetch, sleep: async () => {} });
    assert.equal(await run(['platforms'], io), 0);
    assert.equal(io.err(), '');
  });

  it('Ctrl-C during the wait ends the run at once: exit 130, nothing on stdout, no error, no stack trace', async () => {
    const { fetch, calls } = limitedThenOk(1);
    const interrupt = new AbortController();
    // A sleep that only the signal ends, as a real 60 s wait would be ended by Ctrl-C.
    const sleep = (_ms: number, signal?: AbortSignal) =>
      new Promise<void>((_done, fail) => {
        signal?.addEventListener('abort', () => fail(signal.reason), { once: true });
        // The wait has begun (the notice is out): this is when a person presses Ctrl-C.
        queueMicrotask(() => interrupt.abort(new DOMException('interrupted by SIGINT', 'AbortError')));
      });
    const io = createTestIo({ env: { EARSHOT_BASE_URL: FAKE_API }, fetch, sleep });
    io.signal = interrupt.signal;
    assert.equal(await run(['platforms'], io), 130);
    assert.equal(io.out(), '');
    assert.equal(
      io.err(),
      `rate limited; retrying in ${RETRY_AFTER_SECONDS} s as the server asks (at most 60 s of waiting in all: --max-wait)\n`,
    );
    assert.equal(calls.length, 1);
  });

  describe('over a real loopback connection', () => {
    let origin = '';
    const seen: string[] = [];
    const server = createServer(async (request, response) => {
      seen.push(request.url ?? '');
      if (seen.length === 1) {
        const { status, headers, body } = await productionTooManyRequestsParts();
        response.writeHead(status, headers).end(body);
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(validPlatforms));
    });
    before(async () => {
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => new Promise<void>((done) => server.close(() => done())));

    it('the production answer, sent as the edge sends it, is read as sent: one wait of its Retry-After, then the platforms', async () => {
      const waits: number[] = [];
      const io = createTestIo({ sleep: async (ms) => void waits.push(ms) });
      assert.equal(await run(['platforms', '--base-url', origin], io), 0, io.err());
      assert.deepEqual(waits, [RETRY_AFTER_SECONDS * 1000]);
      assert.deepEqual(seen, ['/api/v1/platforms', '/api/v1/platforms']);
    });
  });
});
