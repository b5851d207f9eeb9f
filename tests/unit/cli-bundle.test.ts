import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { build } from 'esbuild';
import { CLI_EXTERNAL_PACKAGES, cliBuildOptions } from '../../src/scripts/build-cli.ts';

describe('the client bundle', () => {
  it('loads its external packages (the MCP SDK, undici) only through import(), never at start', async () => {
    const result = await build({ ...cliBuildOptions, write: false, metafile: true });
    const [output] = Object.values(result.metafile.outputs);
    const externalImports = output!.imports.filter((entry) => CLI_EXTERNAL_PACKAGES.some((name) => entry.path === name || entry.path.startsWith(`${name}/`)));
    assert.ok(externalImports.some((entry) => entry.path.startsWith('@modelcontextprotocol/sdk/')), 'the bundle does not use the MCP SDK at all');
    assert.deepEqual(externalImports.filter((entry) => entry.kind !== 'dynamic-import'), []);
  });
});
