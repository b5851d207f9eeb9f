import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

/**
 * The README states how many runtime dependencies the published package (client/) has;
 * this keeps the statement true. It bundles everything it uses, so it declares none, and
 * installing it installs it alone (tests/e2e/install.spec.ts reads the installing project's
 * lockfile to see that).
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
const readme = readFileSync('README.md', 'utf8');

describe('the runtime dependencies the README states', () => {
  const kinds = ['dependencies', 'peerDependencies', 'optionalDependencies'] as const;
  const declared = kinds.flatMap((kind) => Object.keys(manifest[kind] ?? {}));

  it('are counted as the package declares them', () => {
    assert.ok(
      readme.includes(`**${declared.length}** runtime dependencies: installing the package installs **1** package`),
      `README should say ${declared.length}`,
    );
  });

  it('are none: the client is bundled (tooling/build-cli.ts)', () => {
    assert.deepEqual(declared, []);
  });

  it('the site itself is private and has no runtime dependency either: everything it uses runs at build time', () => {
    assert.equal(site.private, true);
    assert.deepEqual(Object.keys(site.dependencies ?? {}), []);
  });

  it('can be audited with npm run audit, production dependencies only', () => {
    assert.equal(site.scripts.audit, 'npm audit --omit=dev');
  });
});
