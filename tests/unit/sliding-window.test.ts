import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SlidingWindows } from '../../tooling/local-cdn/sliding-window.ts';

/**
 * The local CDN's rate limiting (tooling/local-cdn/sliding-window.ts), with the clock injected:
 * the window's exact end, and the sweep that forgets ended windows, by what they hold rather than
 * by how long they take. local-cdn.test.ts proves the limit through the server.
 */
const limit = { windowLimit: 2, windowSize: 60, aggregateBy: ['ip', 'domain'] };
const client = { ip: '192.0.2.1', domain: 'earshot.dev' };

function clock() {
  let now = 0;
  const windows = new SlidingWindows(() => now);
  const at = (seconds: number, who = client, rule = 'rule') => (
    (now = seconds * 1000),
    windows.admit(rule, limit, who)
  );
  return { windows, at };
}

describe('SlidingWindows', () => {
  it('a request leaves the window exactly windowSize seconds after it came', () => {
    const { at } = clock();
    assert.deepEqual([at(0), at(30), at(59.999)], [true, true, false]);
    assert.deepEqual([at(60), at(60)], [true, false]);
  });

  it('the sweep keeps a window while its newest request is inside it: never more than the limit in any window', () => {
    const { at } = clock();
    assert.deepEqual([at(0), at(30)], [true, true]);
    // At second 60 the request of second 0 leaves, the one of second 30 stays: one place frees up.
    assert.deepEqual([at(60), at(61), at(89.999)], [true, false, false]);
  });

  it('the sweep forgets a window exactly when its newest request leaves it', () => {
    const { windows, at } = clock();
    at(0);
    at(60, { ...client, ip: '192.0.2.2' });
    assert.equal(windows.size, 1);
  });

  it('sweeps at most once a second: a window that ends between two sweeps is held until the next', () => {
    const { windows, at } = clock();
    const other = (n: number) => ({ ...client, ip: `192.0.2.${n}` });
    at(0, other(1)); // swept at 0; the next sweep at 1 s
    at(0.5, other(2));
    at(60.499, other(3)); // a sweep: other(1) has left, other(2) not yet
    assert.equal(windows.size, 2);
    at(60.5, other(4)); // no sweep before 61.499 s: other(2), whose window has just ended, is still held
    assert.equal(windows.size, 3);
    at(61.499, other(5)); // the next sweep
    assert.equal(windows.size, 3);
  });

  it('under a limit of 0, refuses and holds nothing', () => {
    const windows = new SlidingWindows(() => 0);
    assert.equal(windows.admit('rule', { ...limit, windowLimit: 0 }, client), false);
    assert.equal(windows.size, 0);
  });

  it("a rule's name and an address never run together into another client's window", () => {
    const { at } = clock();
    assert.deepEqual([at(0, client, 'r1'), at(0, client, 'r1')], [true, true]);
    assert.equal(at(0, { ...client, ip: `1${client.ip}` }, 'r'), true);
  });

  it('counts by what aggregateBy names only', () => {
    const windows = new SlidingWindows(() => 0);
    const byDomain = { ...limit, aggregateBy: ['domain'] };
    assert.ok(windows.admit('rule', byDomain, client));
    assert.ok(windows.admit('rule', byDomain, { ...client, ip: '192.0.2.9' }));
    assert.equal(windows.admit('rule', byDomain, { ...client, ip: '192.0.2.10', domain: 'Earshot.DEV' }), false);
    const byIp = { ...limit, aggregateBy: ['ip'] };
    assert.ok(windows.admit('rule', byIp, client));
    assert.ok(windows.admit('rule', byIp, { ...client, domain: 'other.example' }));
    assert.equal(windows.admit('rule', byIp, { ...client, domain: 'third.example' }), false);
  });
});
