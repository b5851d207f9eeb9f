import assert from 'node:assert/strict';
import { relative } from 'node:path';
import { describe, it } from 'node:test';
import { build, type Metafile } from 'esbuild';
import { CLI_LAZY_PACKAGES, CLI_OUTFILE, cliBuildOptions, LIBRARY_OUTFILE } from '../../tooling/build-cli.ts';

const isLazyPackageModule = (input: string) =>
  CLI_LAZY_PACKAGES.some((name) => input.includes(`node_modules/${name}/`));

/** Every output file a start of `earshot` loads: the entry and what it imports statically. */
function staticallyLoaded(outputs: Metafile['outputs'], entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of outputs[file]?.imports ?? [])
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  visit(entry);
  return [...seen];
}

describe('the client bundle', async () => {
  const result = await build({ ...cliBuildOptions, write: false, metafile: true });
  const { outputs } = result.metafile;
  const entry = relative(process.cwd(), CLI_OUTFILE);

  it('bundles the MCP SDK, undici and string-width, but loads them only when a command asks for them', () => {
    for (const start of [entry, relative(process.cwd(), LIBRARY_OUTFILE)]) {
      const inputsAtStart = staticallyLoaded(outputs, start).flatMap((file) => Object.keys(outputs[file]!.inputs));
      assert.deepEqual(
        inputsAtStart.filter(isLazyPackageModule),
        [],
        `${start}: a lazily used package is loaded at every start`,
      );
    }
    const allInputs = Object.values(outputs).flatMap((output) => Object.keys(output.inputs));
    for (const name of CLI_LAZY_PACKAGES)
      assert.ok(
        allInputs.some((input) => input.includes(`node_modules/${name}/`)),
        `${name} is not in the bundle`,
      );
  });

  it('loads each lazy chunk through a module of ours with named exports, never a CommonJS package directly', () => {
    // In a split ESM bundle, import() of a CommonJS package (undici) resolves to a namespace whose
    // only export is `default`: `EnvHttpProxyAgent is not a constructor` in the packed client,
    // while the same code worked from source (esbuild#3245). Our own ESM module in between
    // (client/src/api/proxy-fetch.ts) gets esbuild's interop for its static import.
    const loaded = Object.values(outputs).flatMap((output) =>
      output.imports.filter((imported) => imported.kind === 'dynamic-import' && !imported.external),
    );
    assert.ok(loaded.length > 0);
    for (const { path } of loaded) {
      const exports = outputs[path]!.exports;
      assert.ok(
        exports.some((name) => name !== 'default'),
        `${path} is loaded with import() but exports only ${JSON.stringify(exports)}`,
      );
    }
  });

  it("takes the contract's wording only through the files a build may change without a release", () => {
    // A description reworded or an optional field added in contract/schemas/ reaches the package
    // through dist/response-validators.mjs, dist/tool-output-schemas.mjs and dist/index.d.ts only
    // (CONTRACT_FILES in site/lib/cli-package/releases.ts), so the released client stays served.
    const holding = Object.entries(outputs)
      .filter(([, output]) => Object.keys(output.inputs).some((input) => input.startsWith('contract/schemas/')))
      .map(
        ([file, output]) => `${file}: ${Object.keys(output.inputs).filter((input) => input.startsWith('contract/'))}`,
      );
    assert.deepEqual(holding, []);
  });
});
