import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { exitCodeDefinitions, type ExitCodeValue } from '../../client/src/exit-codes.ts';
import { run } from '../../client/src/run.ts';
import { createTestIo, type TestIo } from '../support/cli-io.ts';
import { FAKE_API, fakeApi } from '../support/fake-api.ts';

/**
 * The exit-code table of `earshot --help`, the CLI page and the package README
 * (client/src/exit-codes.ts), row by row: each row's meaning is brought about and the client must
 * exit with the row's code. A row without a case here fails, so a new code cannot be documented
 * untested.
 */
const platforms = `${FAKE_API}/api/v1/platforms`;
const limited = { status: 429, body: { error: 'Too Many Requests', statusCode: 429 } };

const withApi = (answers: Parameters<typeof fakeApi>[0]) =>
  createTestIo({ env: { EARSHOT_BASE_URL: FAKE_API }, fetch: fakeApi(answers).fetch, sleep: async () => {} });

const cases: Record<ExitCodeValue, { given: string; argv: string[]; io: () => TestIo }> = {
  0: { given: 'the API answers', argv: ['platforms'], io: () => withApi({}) },
  1: {
    given: 'the API answers 404',
    argv: ['platforms'],
    io: () => withApi({ [platforms]: { status: 404, body: { error: 'Not Found', statusCode: 404 } } }),
  },
  2: { given: 'an unknown flag', argv: ['platforms', '--jsno'], io: () => createTestIo() },
  3: {
    given: 'a 429 asking for longer than the client waits',
    argv: ['platforms'],
    io: () => withApi({ [platforms]: { ...limited, headers: { 'retry-after': '3600' } } }),
  },
  4: {
    given: 'the connection is refused',
    argv: ['platforms'],
    io: () =>
      createTestIo({
        env: { EARSHOT_BASE_URL: FAKE_API },
        fetch: () =>
          Promise.reject(
            new TypeError('fetch failed', { cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) }),
          ),
      }),
  },
  5: {
    given: 'an HTML page instead of JSON',
    argv: ['platforms'],
    io: () => withApi({ [platforms]: { body: '<!doctype html><title>Hello</title>' } }),
  },
  130: {
    given: 'Ctrl-C during the wait for the rate limit',
    argv: ['platforms'],
    io: () => {
      const interrupt = new AbortController();
      const io = createTestIo({
        env: { EARSHOT_BASE_URL: FAKE_API },
        fetch: fakeApi({ [platforms]: { ...limited, headers: { 'retry-after': '5' } } }).fetch,
        sleep: (_ms, signal) =>
          new Promise<void>((_done, fail) => {
            signal?.addEventListener('abort', () => fail(signal.reason), { once: true });
            queueMicrotask(() => interrupt.abort(new DOMException('interrupted by SIGINT', 'AbortError')));
          }),
      });
      io.signal = interrupt.signal;
      return io;
    },
  },
};

describe('the exit codes earshot documents, each brought about', () => {
  for (const { code, meaning } of exitCodeDefinitions)
    it(`${code}: ${meaning}`, async () => {
      const { argv, io: makeIo, given } = cases[code];
      const io = makeIo();
      assert.equal(await run(argv, io), code, `${given}: ${io.err()}`);
    });
});
