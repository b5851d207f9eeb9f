import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import semver from 'semver';

/**
 * The README's quick start: "You need Node.js 20 or newer", and `npm ci` prints no wall of
 * warnings there. npm warns (EBADENGINE) for every locked package whose `engines.node` the running
 * Node does not meet, and has no switch for that one warning: so when any package of
 * package-lock.json asks for more than the README's oldest Node, `.npmrc` must keep npm to errors.
 */
const readme = readFileSync('README.md', 'utf8').replace(/\s+/g, ' ');
const oldest = /You need Node\.js (\d+) or newer/.exec(readme)?.[1];
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
};
const npmrc = Object.fromEntries(
  readFileSync('.npmrc', 'utf8')
    .split('\n')
    .filter((line) => /^\s*[\w-]+\s*=/.test(line))
    .map((line) => line.split('=').map((part) => part.trim()) as [string, string]),
);

/** The locked packages that the README's oldest Node does not satisfy: each one an EBADENGINE warning. */
function packagesAbove(nodeVersion: string): string[] {
  return Object.entries(lock.packages).flatMap(([path, entry]) => {
    const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    return path !== '' && range && semver.validRange(range) && !semver.satisfies(nodeVersion, range) ? [path] : [];
  });
}

describe('npm ci on the oldest Node the README accepts', () => {
  it('the README names the oldest Node it accepts, and says npm prints errors only', () => {
    assert.ok(oldest, 'README.md no longer says "You need Node.js <n> or newer"');
    assert.ok(readme.includes('npm prints errors only (`.npmrc`)'), 'README.md no longer says npm prints errors only');
  });

  it('prints no EBADENGINE warning: .npmrc keeps npm to errors while a locked package asks for a newer Node', () => {
    const above = packagesAbove(`${oldest}.0.0`);
    if (above.length === 0) return;
    assert.ok(
      ['error', 'silent'].includes(npmrc.loglevel ?? ''),
      `${above.length} locked packages ask for more than Node ${oldest} (${above.slice(0, 3).join(', ')}, …): npm ci warns for each one it installs; set loglevel=error in .npmrc`,
    );
  });
});
