import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

/**
 * The site has no runtime dependency: everything it uses runs at build time. That the client
 * package (client/) declares none and installs alone is seen where a user sees it:
 * tests/e2e/install.spec.ts reads the installing project's lockfile.
 */
const site = JSON.parse(readFileSync('package.json', 'utf8')) as {
  private?: boolean;
  dependencies?: Record<string, string>;
};

describe('the site’s runtime dependencies', () => {
  it('are none, and the site is private: everything it uses runs at build time', () => {
    assert.equal(site.private, true);
    assert.deepEqual(Object.keys(site.dependencies ?? {}), []);
  });
});
