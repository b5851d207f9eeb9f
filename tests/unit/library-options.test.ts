import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createClient, EarshotError } from '../../client/src/library.ts';
import { MAX_MAX_WAIT_SECONDS } from '../../client/src/api/retry-policy.ts';
import { FAKE_API, fakeApi } from '../support/fake-api.ts';

/**
 * The library's own options and errors (client/README.md, the typed docs of library.ts): the
 * longest wait for the rate limit is `maxWaitSeconds`, with the bounds of `--max-wait`, and its
 * error names the option the caller set; a cancelled call rejects with an `EarshotError` too.
 */
describe('the library: maxWaitSeconds', () => {
  const rateLimited = (retryAfterSeconds: number) =>
    fakeApi({
      [`${FAKE_API}/api/v1/platforms`]: {
        status: 429,
        body: { error: 'Too Many Requests', statusCode: 429 },
        headers: { 'retry-after': String(retryAfterSeconds) },
      },
    }).fetch;

  it('a server that asks for longer than maxWaitSeconds: rejects at once, naming maxWaitSeconds', async () => {
    const earshot = createClient({ baseUrl: FAKE_API, maxWaitSeconds: 5, fetch: rateLimited(30) });
    const error = await earshot.listServicePlatforms().then(
      () => assert.fail('resolved'),
      (reason: unknown) => reason,
    );
    assert.ok(error instanceof EarshotError);
    assert.equal(error.kind, 'rate-limited');
    assert.match(error.message, /longer than the 5 s this client waits in all \(maxWaitSeconds\)$/);
    assert.equal(error.message.includes('--max-wait'), false);
  });

  // The bounds of the command line's --max-wait (client/src/api/retry-policy.ts).
  const refused: unknown[] = [-1, 1.5, MAX_MAX_WAIT_SECONDS + 1, Number.NaN, '10'];
  for (const value of refused)
    it(`maxWaitSeconds ${typeof value === 'string' ? JSON.stringify(value) : String(value)}: a TypeError naming it`, () => {
      assert.throws(
        () => createClient({ baseUrl: FAKE_API, maxWaitSeconds: value as number }),
        (error: unknown) =>
          error instanceof TypeError &&
          error.message.startsWith(
            `createClient: maxWaitSeconds must be a whole number of seconds from 0 to ${MAX_MAX_WAIT_SECONDS}`,
          ),
      );
    });

  for (const value of [0, MAX_MAX_WAIT_SECONDS])
    it(`maxWaitSeconds ${value} is accepted`, () => {
      assert.doesNotThrow(() => createClient({ baseUrl: FAKE_API, maxWaitSeconds: value }));
    });
});

describe('the library: a cancelled call rejects with an EarshotError of kind aborted', () => {
  /** A fetch that never answers until its signal aborts, as a real one does. */
  const hanging = (_url: string, init: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
    });

  const cases: [string, (signal: AbortSignal) => Promise<unknown>][] = [
    [
      "the call's signal",
      (signal) => createClient({ baseUrl: FAKE_API, fetch: hanging }).listServicePlatforms({ signal }),
    ],
    [
      "the client's signal",
      (signal) => createClient({ baseUrl: FAKE_API, fetch: hanging, signal }).getServiceCapabilities(),
    ],
  ];
  for (const [name, call] of cases)
    it(`${name}: kind aborted, its cause the AbortError`, async () => {
      const controller = new AbortController();
      const pending = call(controller.signal);
      controller.abort();
      const error = await pending.then(
        () => assert.fail('resolved'),
        (reason: unknown) => reason,
      );
      assert.ok(error instanceof EarshotError, String(error));
      assert.equal(error.kind, 'aborted');
      assert.ok(error.cause instanceof Error && error.cause.name === 'AbortError', String(error.cause));
    });

  it('a wait between retries ends too, with the same error', async () => {
    const controller = new AbortController();
    const earshot = createClient({
      baseUrl: FAKE_API,
      signal: controller.signal,
      fetch: async () => {
        queueMicrotask(() => controller.abort());
        return new Response('{}', { status: 429, headers: { 'retry-after': '30' } });
      },
    });
    const error = await earshot.listServicePlatforms().then(
      () => assert.fail('resolved'),
      (reason: unknown) => reason,
    );
    assert.ok(error instanceof EarshotError);
    assert.equal(error.kind, 'aborted');
  });
});
