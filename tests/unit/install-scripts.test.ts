import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

/**
 * `npm ci` runs a package's install script only when `allowScripts` (package.json) allows it by
 * name; `false` skips it, and a package the map does not name still runs, with a warning
 * (ENVIRONMENT.md, sixth round). So every package in the lockfile that has an install script is
 * named there, allowed or refused: a new dependency with a script fails here until someone decides.
 */
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { allowScripts?: Record<string, boolean> };
const lockfile = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { hasInstallScript?: boolean }>;
};

/** `node_modules/a/node_modules/@scope/b` is `@scope/b`. */
const packageName = (location: string) =>
  location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);

describe('install scripts', () => {
  const withScripts = Object.entries(lockfile.packages)
    .filter(([location, entry]) => location !== '' && entry.hasInstallScript === true)
    .map(([location]) => packageName(location));

  it('every package in the lockfile with an install script is named in allowScripts, allowed or refused', () => {
    const unnamed = [...new Set(withScripts)].filter((name) => typeof manifest.allowScripts?.[name] !== 'boolean');
    assert.deepEqual(
      unnamed,
      [],
      `${unnamed.join(', ')}: add each to "allowScripts" in package.json, true to run its install script, false to skip it`,
    );
  });

  it('the scripts that fetch from outside the registry or do nothing here are refused', () => {
    for (const name of ['vnu-jar', '@modelcontextprotocol/inspector'])
      assert.equal(manifest.allowScripts?.[name], false, name);
  });
});
