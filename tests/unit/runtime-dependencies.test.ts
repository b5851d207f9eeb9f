import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

/**
 * The published package (client/) bundles everything it uses, so it declares no runtime
 * dependency, and installing it installs it alone (tests/e2e/install.spec.ts reads the installing
 * project's lockfile to see that).
 */
const manifest = JSON.parse(readFileSync('client/package.json', 'utf8')) as Record<
  string,
  Record<string, string> | undefined
>;
const site = JSON.parse(readFileSync('package.json', 'utf8')) as {
  private?: boolean;
  dependencies?: Record<string, string>;
  scripts: Record<string, string>;
};
describe('the runtime dependencies', () => {
  const kinds = ['dependencies', 'peerDependencies', 'optionalDependencies'] as const;
  const declared = kinds.flatMap((kind) => Object.keys(manifest[kind] ?? {}));

  it('are none: the client is bundled (tooling/build-cli.ts)', () => {
    assert.deepEqual(declared, []);
  });

  it('the site itself is private and has no runtime dependency either: everything it uses runs at build time', () => {
    assert.equal(site.private, true);
    assert.deepEqual(Object.keys(site.dependencies ?? {}), []);
  });

  it('are audited by npm run audit as what the tarball bundles (tooling/audit-bundled.ts), not as declared', () => {
    assert.equal(site.scripts.audit, 'node tooling/audit-bundled.ts');
  });
});
