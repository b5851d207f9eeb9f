import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { findFreePort } from '../../tooling/local-server.ts';
import { run } from '../../client/src/run.ts';
import { failureCases } from '../support/cli-failure-cases.ts';
import { createTestIo } from '../support/cli-io.ts';
import { startMisbehavingServer, type MisbehavingServer } from '../support/misbehaving-server.ts';

describe('earshot against a misbehaving server, in-process with the real fetch', () => {
  let server: MisbehavingServer;
  let closedPort: number;
  before(async () => {
    server = await startMisbehavingServer();
    closedPort = await findFreePort();
  });
  after(() => server.stop());

  for (const failure of failureCases) {
    it(`${failure.name}: one error line, one hint line, exit ${failure.exitCode}`, async () => {
      const io = createTestIo({ env: failure.env?.(server.url, closedPort) ?? {} });
      const code = await run(failure.args(server.url, closedPort), io);
      assert.equal(io.out(), '', 'nothing on stdout');
      const lines = io.err().trimEnd().split('\n');
      assert.equal(lines.length, 2, io.err());
      assert.match(lines[0]!, /^error: /);
      assert.match(lines[0]!.slice('error: '.length), failure.error);
      assert.match(lines[1]!, /^hint: /);
      assert.match(lines[1]!.slice('hint: '.length), failure.hint);
      assert.equal(code, failure.exitCode);
    });
  }

  it('retries a 429 as often as --retries says, then gives up', async () => {
    const before = server.requests.length;
    const code = await run(['platforms', '--base-url', `${server.url}/rate-limited`, '--retries', '3'], createTestIo());
    assert.equal(code, 3);
    assert.equal(server.requests.length - before, 4);
  });

  it('with EARSHOT_DEBUG=1, adds debug lines after the error, such as every schema problem', async () => {
    const io = createTestIo({ env: { EARSHOT_DEBUG: '1' } });
    const code = await run(['platforms', '--base-url', `${server.url}/schema-breaking`], io);
    assert.equal(code, 5);
    const lines = io.err().trimEnd().split('\n');
    assert.ok(
      lines.some((line) => line.startsWith('debug: GET ')),
      io.err(),
    );
    assert.ok(
      lines.includes('debug: /schema-breaking/api/v1/platforms#/data/0: must have the property "name"'),
      io.err(),
    );
  });
});
