import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

/**
 * The README states how many runtime dependencies the published package has; this keeps the
 * statement true as the lockfile changes. The count is what `npm install earshot` installs:
 * the lockfile's entries that are not development-only.
 */
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { dev?: boolean; devOptional?: boolean }> };
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies?: Record<string, string>; scripts: Record<string, string> };
const readme = readFileSync('README.md', 'utf8');

describe('the runtime dependencies the README states', () => {
  const direct = Object.keys(manifest.dependencies ?? {});
  const installed = Object.entries(lock.packages).filter(([path, entry]) => path !== '' && !entry.dev && !entry.devOptional);

  it('are counted as in the lockfile: direct and installed in all', () => {
    assert.ok(readme.includes(`**${direct.length}** direct runtime dependencies, **${installed.length}** runtime packages installed in all`), `README should say ${direct.length} direct, ${installed.length} in all`);
  });

  it('are none: the client bundles what it uses (src/scripts/build-cli.ts)', () => {
    assert.deepEqual(direct, []);
    assert.deepEqual(installed.map(([path]) => path), []);
  });

  it('can be audited with npm run audit, production dependencies only', () => {
    assert.equal(manifest.scripts.audit, 'npm audit --omit=dev');
  });
});
