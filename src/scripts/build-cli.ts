/**
 * `npm run build:cli`: bundles the command-line client into one ESM file, `build/cli/earshot.mjs`,
 * the package's `bin`. Runs before `npm pack` (prepack), so a tarball never ships a stale client.
 *
 * Two modules are baked at this point instead of being computed at run time (see their doc
 * comments): `baked/build-facts.ts` (version, production base URL) and
 * `baked/response-validators.ts` (ajv standalone code, so the client needs no ajv).
 */
import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { chmodSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBuildFacts } from '../cli/baked/build-facts.ts';
import { responseValidatorIds } from '../cli/baked/validator-names.ts';
import { createSchemaValidator } from '../shared/create-schema-validator.ts';

// ajv's standalone entry is CommonJS; under Node's ESM loader its default export is the module object.
const standaloneCode = (standaloneCodeModule as unknown as { default: typeof standaloneCodeModule }).default;

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const CLI_OUTDIR = resolve(ROOT, 'build/cli');
/** The package's `bin`: the entry chunk. */
export const CLI_OUTFILE = resolve(CLI_OUTDIR, 'earshot.mjs');

/** The validators as an ES module, from the same schemas and options as the source module. */
export function generateResponseValidatorsModule(): string {
  const ajv = createSchemaValidator({ code: { source: true, esm: true } });
  const code = standaloneCode(ajv, { ...responseValidatorIds });
  const names = Object.keys(responseValidatorIds).join(', ');
  return `${code}\nexport const responseValidators = { ${names} };\n`;
}

function generateBuildFactsModule(): string {
  const facts = readBuildFacts();
  return `export const buildFacts = ${JSON.stringify(facts)};\nexport function readBuildFacts() { return buildFacts; }\n`;
}

const bakedModules: Record<string, () => string> = {
  'build-facts.ts': generateBuildFactsModule,
  'response-validators.ts': generateResponseValidatorsModule,
};

const bakeModules: Plugin = {
  name: 'bake-modules',
  setup(builder) {
    builder.onResolve({ filter: /\/baked\/(build-facts|response-validators)\.ts$/ }, (args) => ({
      path: resolve(args.resolveDir, args.path),
      namespace: 'baked',
    }));
    builder.onLoad({ filter: /.*/, namespace: 'baked' }, (args) => {
      const generate = bakedModules[args.path.split('/').pop()!]!;
      // resolveDir lets the generated code's own imports (ajv-formats' format checks) resolve.
      return { contents: generate(), loader: 'js', resolveDir: ROOT };
    });
  },
};

/**
 * The packages that only some commands need: the MCP SDK (`earshot mcp`) and undici (behind a
 * proxy). They are bundled too, so that the published package has no runtime dependencies at all,
 * but into chunks of their own that only `import()` inside those commands loads: every other
 * command starts without them (tests/unit/cli-bundle.test.ts checks both).
 */
export const CLI_LAZY_PACKAGES = ['undici', '@modelcontextprotocol/sdk'];

export const cliBuildOptions = {
  entryPoints: { earshot: resolve(ROOT, 'src/cli/main.ts') },
  outdir: CLI_OUTDIR,
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // The packed client must run on the Node 20 that many machines still have.
  target: 'node20',
  // Bundled CommonJS code (parts of the SDK's dependencies) calls require(); ESM has none.
  banner: { js: "import { createRequire as __earshotCreateRequire } from 'node:module'; const require = __earshotCreateRequire(import.meta.url);" },
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [bakeModules],
} satisfies BuildOptions;

export async function buildCli(): Promise<void> {
  rmSync(CLI_OUTDIR, { recursive: true, force: true });
  await build(cliBuildOptions);
  chmodSync(CLI_OUTFILE, 0o755);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildCli();
  console.error(`built ${CLI_OUTFILE.slice(ROOT.length + 1)} (${(statSync(CLI_OUTFILE).size / 1024).toFixed(1)} KB)`);
}
