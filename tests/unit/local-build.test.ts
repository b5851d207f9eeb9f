import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { localBuildKey, STAMP_FILE } from '../../tooling/local-build.ts';
import { servedBuildProblem } from '../support/served-build.ts';

/**
 * The local build (tooling/local-build.ts) is reused while its key is the same: the key follows
 * every file the build could read and the base URL, and nothing under tests/. A server answering on
 * the test port is used only if it serves the same stamp as this checkout's dist/.
 */
const folders: string[] = [];
after(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'earshot-local-build-'));
  folders.push(root);
  for (const dir of ['data', 'tests/unit']) mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, 'data/platforms.json'), '[]');
  writeFileSync(join(root, 'tests/unit/a.test.ts'), '');
  spawnSync('git', ['init', '-q'], { cwd: root });
  spawnSync('git', ['add', '.'], { cwd: root });
  return root;
}

describe('the key of a local build', () => {
  const cases: [string, (root: string) => void, 'same' | 'other'][] = [
    ['nothing changed', () => {}, 'same'],
    [
      'a test changed (the build never reads tests/)',
      (root) => writeFileSync(join(root, 'tests/unit/a.test.ts'), 'x'),
      'same',
    ],
    ['a data file changed', (root) => writeFileSync(join(root, 'data/platforms.json'), '[{}]'), 'other'],
    ['a file added', (root) => writeFileSync(join(root, 'data/extra.json'), '{}'), 'other'],
  ];
  for (const [name, edit, want] of cases)
    it(`${name}: ${want === 'same' ? 'the same key, the build is reused' : 'another key, a new build'}`, () => {
      const root = project();
      const before = localBuildKey('http://localhost:8888', root);
      edit(root);
      assert.equal(localBuildKey('http://localhost:8888', root) === before, want === 'same');
    });

  it('another base URL: another key', () => {
    const root = project();
    assert.notEqual(localBuildKey('http://localhost:8888', root), localBuildKey('http://localhost:8889', root));
  });
});

describe('a server already answering on the test port', () => {
  const key = 'a'.repeat(64);
  const serving = (stamp: string | undefined) =>
    new Promise<{ url: string; close: () => void }>((resolve) => {
      const server = createServer((request, response) => {
        if (request.url === `/${STAMP_FILE}` && stamp !== undefined) response.end(stamp);
        else response.writeHead(404).end();
      }).listen(0, '127.0.0.1', () =>
        resolve({
          url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
          close: () => server.close(),
        }),
      );
    });
  const cases: [string, string | undefined, RegExp | undefined][] = [
    ['serves this build: used', 'a'.repeat(64), undefined],
    [
      'serves another build: refused in one line',
      'b'.repeat(64),
      /^the server on .* does not serve this checkout's build \(its \/\.earshot-build is bbbbbbbbbbbb…, this checkout's is aaaaaaaaaaaa…\): stop it, or set EARSHOT_TEST_PORT to a free port$/,
    ],
    ['serves no stamp (npm run build, another tool): refused', undefined, /it serves no build stamp/],
  ];
  for (const [name, stamp, want] of cases)
    it(name, async () => {
      const server = await serving(stamp);
      try {
        const problem = await servedBuildProblem(server.url, key);
        if (want === undefined) assert.equal(problem, undefined);
        else assert.match(problem ?? '', want);
      } finally {
        server.close();
      }
    });
});
