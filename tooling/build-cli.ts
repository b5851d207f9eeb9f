/**
 * `npm run build:cli`: builds the `earshot` package (the command line, the MCP server and the
 * library) and packs it into `build/cli/earshot-<version>.tgz`, which the site serves under
 * `/cli/` (site/lib/cli-package/cli-tarball.ts). `npm run build` runs it before the site.
 *
 * The package is staged in `build/cli/package/`:
 * - `package.json`: `client/package.json` plus what is a site fact (`homepage`, `bugs`);
 * - `README.md`: `client/README.md` with the commands, exit codes and links filled in
 *   from the same definitions as `--help` and the docs;
 * - `LICENSE`;
 * - `THIRD-PARTY-NOTICES.md` and `sbom.cdx.json`: the licences and a CycloneDX SBOM of every npm
 *   package the bundle holds, from esbuild's metafile (tooling/render-package-notices.ts);
 * - `dist/earshot.mjs` (the `bin`), `dist/index.mjs` (the library) and their shared chunks, one
 *   esbuild bundle with no runtime dependency;
 * - `dist/index.d.ts`: interfaces generated from the JSON Schemas (json-schema-to-typescript),
 *   then the declarations TypeScript emits for `client/src/library.ts`.
 *
 * Two modules are baked at bundle time instead of being computed at run time (see their doc
 * comments): `baked/build-facts.ts` (version, production base URL) and
 * `baked/response-validators.ts` (ajv standalone code, so the client needs no ajv), which is
 * `dist/response-validators.mjs`, a file of its own (VALIDATORS_FILE); and
 * `baked/tool-output-schemas.ts` (the MCP tools' output schemas, TOOL_OUTPUT_SCHEMAS_FILE). The
 * contract's wording reaches the package only through these two files and `index.d.ts`.
 */
import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBuildFacts } from '../client/src/baked/build-facts.ts';
import { DEFAULT_RETRY_POLICY, MAX_MAX_WAIT_SECONDS } from '../client/src/api/retry-policy.ts';
import { checkedSchemaNames } from '../client/src/baked/validator-names.ts';
import { toolOutputSchemas } from '../client/src/baked/tool-output-schemas.ts';
import { commandDefinitions, commandName, exitCodeDefinitions } from '../client/src/definitions.ts';
import { createSchemaValidator } from '../contract/create-schema-validator.ts';
import type { endpoints } from '../contract/endpoints.ts';
import { resolveSiteLink } from '../contract/resource-links.ts';
import { apiSchemas, mcpConfigurationSchema, tolerantSchemas } from '../contract/schemas/index.ts';
import { listBundledPackages } from './bundled-packages.ts';
import { packMcpBundle } from './mcp-bundle.ts';
import { NOTICES_FILE, renderSbom, renderThirdPartyNotices, SBOM_FILE } from './render-package-notices.ts';

// ajv's standalone entry is CommonJS; under Node's ESM loader its default export is the module object.
const standaloneCode = (standaloneCodeModule as unknown as { default: typeof standaloneCodeModule }).default;

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGE_SOURCE = resolve(ROOT, 'client');
/** Where the tarball is written. */
export const CLI_BUILD_DIR = resolve(ROOT, 'build/cli');
/** The package as it is packed. */
export const CLI_PACKAGE_DIR = resolve(CLI_BUILD_DIR, 'package');
export const CLI_OUTDIR = resolve(CLI_PACKAGE_DIR, 'dist');
/** The package's `bin`: the command line's entry chunk. */
export const CLI_OUTFILE = resolve(CLI_OUTDIR, 'earshot.mjs');
/** The package's main export: the library's entry chunk. */
export const LIBRARY_OUTFILE = resolve(CLI_OUTDIR, 'index.mjs');

export interface PackageManifest {
  name: string;
  version: string;
  license: string;
  engines: { node: string };
  [key: string]: unknown;
}

export function readPackageManifest(): PackageManifest {
  return JSON.parse(readFileSync(join(PACKAGE_SOURCE, 'package.json'), 'utf8')) as PackageManifest;
}

/**
 * The keywords that only annotate a schema: ajv's code does not check them, but with `verbose` it
 * embeds each schema it reports on, so their text would be in the bundle. The client bakes the
 * schemas without them, so that rewording a description changes no byte of a released client.
 * A `description` beside a `pattern` stays: the client's messages quote it (describe-schema-error.ts).
 */
const ANNOTATIONS = new Set(['title', 'description', 'examples', '$comment', 'deprecated', 'readOnly', 'writeOnly']);
/** Keywords whose value is a map of names to subschemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/** Keywords whose value is a subschema or a list of them. */
const SUBSCHEMAS = new Set([
  'items',
  'prefixItems',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'allOf',
  'anyOf',
  'oneOf',
]);

/** `schema` without its annotations (see ANNOTATIONS), walking only the places that hold subschemas. */
function stripAnnotations(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(stripAnnotations);
  if (typeof schema !== 'object' || schema === null) return schema;
  const keep = (key: string) => !ANNOTATIONS.has(key) || (key === 'description' && 'pattern' in schema);
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => keep(key))
      .map(([key, value]) => {
        if (SUBSCHEMAS.has(key)) return [key, stripAnnotations(value)];
        if (SCHEMA_MAPS.has(key) && typeof value === 'object' && value !== null)
          return [key, Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, stripAnnotations(sub)]))];
        return [key, value];
      }),
  );
}

/**
 * The validators as an ES module, from the same tolerant schemas and options as the source
 * module, without their annotations (stripAnnotations), and exported the same way:
 * `responseValidators`, by schema name. `change` rewrites each schema first (tests change the contract).
 */
export function generateResponseValidatorsModule(change: (schema: object) => object = (schema) => schema): string {
  const ajv = createSchemaValidator(
    { code: { source: true, esm: true } },
    (schema) => stripAnnotations(change(schema)) as object,
  );
  const exportName = (name: string) => `validate${name}`;
  const ids = Object.fromEntries(checkedSchemaNames.map((name) => [exportName(name), tolerantSchemas[name].$id]));
  const code = standaloneCode(ajv, ids);
  const byName = checkedSchemaNames.map((name) => `${name}: ${exportName(name)}`).join(', ');
  return `${code}\nexport const responseValidators = { ${byName} };\n`;
}

export function generateBuildFactsModule(): string {
  const facts = readBuildFacts();
  return `export const buildFacts = ${JSON.stringify(facts)};\nexport function readBuildFacts() { return buildFacts; }\n`;
}

/**
 * The validators are a file of their own in the package, `dist/response-validators.mjs`, which the
 * bundle imports as `#response-validators` (the package's `imports`): a change of the contract
 * that a released client reads already (a field added) changes that file and `index.d.ts` only,
 * and a build may then keep serving the released client (site/lib/cli-package/releases.ts).
 */
export const VALIDATORS_FILE = 'response-validators.mjs';
const VALIDATORS_IMPORT = '#response-validators';

/**
 * The MCP tools' output schemas, a file of their own for the same reason (their descriptions are
 * the contract's wording), imported as `#tool-output-schemas`.
 */
export const TOOL_OUTPUT_SCHEMAS_FILE = 'tool-output-schemas.mjs';
const TOOL_OUTPUT_SCHEMAS_IMPORT = '#tool-output-schemas';

const bakeModules: Plugin = {
  name: 'bake-modules',
  setup(builder) {
    builder.onResolve({ filter: /\/baked\/response-validators\.ts$/ }, () => ({
      path: VALIDATORS_IMPORT,
      external: true,
    }));
    builder.onResolve({ filter: /\/baked\/tool-output-schemas\.ts$/ }, () => ({
      path: TOOL_OUTPUT_SCHEMAS_IMPORT,
      external: true,
    }));
    // The path is relative to the project: esbuild hashes it into the chunk names, and an absolute
    // one would make the tarball depend on the folder the repository is built in.
    builder.onResolve({ filter: /\/baked\/build-facts\.ts$/ }, (args) => ({
      path: relative(ROOT, resolve(args.resolveDir, args.path)).split(sep).join('/'),
      namespace: 'baked',
    }));
    builder.onLoad({ filter: /.*/, namespace: 'baked' }, () => ({
      contents: generateBuildFactsModule(),
      loader: 'js',
      resolveDir: ROOT,
    }));
  },
};

/** `dist/response-validators.mjs`: ajv's standalone code and what it imports of ajv, one file. */
async function buildValidators(outdir: string, write: boolean): Promise<Metafile> {
  const { metafile } = await build({
    // resolveDir lets the generated code's own imports (ajv-formats' format checks) resolve.
    stdin: {
      contents: generateResponseValidatorsModule(),
      loader: 'js',
      resolveDir: ROOT,
      sourcefile: 'baked/response-validators.mjs',
    },
    outfile: join(outdir, VALIDATORS_FILE),
    absWorkingDir: ROOT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    write,
  });
  return metafile;
}

/** `dist/tool-output-schemas.mjs`: the objects the source module computes, as JSON. */
export function generateToolOutputSchemasModule(): string {
  return `export const toolOutputSchemas = ${JSON.stringify(toolOutputSchemas)};\n`;
}

/**
 * Bundles the client into `outdir` (nothing is written with `write: false`): the command line and
 * the library, then the validators; one metafile of both, which lists every package that ships.
 * The tools' output schemas need no bundling: a module of JSON, written beside them.
 */
export async function bundleClient({ outdir = CLI_OUTDIR, write = true } = {}): Promise<Metafile> {
  const logLevel = write ? cliBuildOptions.logLevel : 'silent';
  const { metafile } = await build({ ...cliBuildOptions, outdir, metafile: true, write, logLevel });
  const validators = await buildValidators(outdir, write);
  if (write) writeFileSync(join(outdir, TOOL_OUTPUT_SCHEMAS_FILE), generateToolOutputSchemasModule());
  return {
    inputs: { ...metafile.inputs, ...validators.inputs },
    outputs: { ...metafile.outputs, ...validators.outputs },
  };
}

/**
 * The packages that only some commands need: the MCP SDK v2 (`earshot mcp`: the server package,
 * its core and zod, which only the SDK uses), undici (behind a proxy) and string-width (tables of
 * a server's text on a terminal). They are bundled too, so that the published package has no
 * runtime dependencies at all, but into chunks of their own that only `import()` inside those
 * commands loads: every other command starts without them (tests/unit/cli-bundle.test.ts checks both).
 */
export const CLI_LAZY_PACKAGES = [
  'undici',
  '@modelcontextprotocol/server',
  '@modelcontextprotocol/core',
  'zod',
  'string-width',
  'get-east-asian-width',
];

export const cliBuildOptions = {
  entryPoints: { earshot: resolve(ROOT, 'client/src/main.ts'), index: resolve(ROOT, 'client/src/library.ts') },
  outdir: CLI_OUTDIR,
  // Paths in esbuild's output and chunk hashes are relative to this folder, whatever the cwd.
  absWorkingDir: ROOT,
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // The packed client must run on the Node 20 that many machines still have.
  target: 'node20',
  // Bundled CommonJS code (parts of the SDK's dependencies) calls require(); ESM has none.
  banner: {
    js: "import { createRequire as __earshotCreateRequire } from 'node:module'; const require = __earshotCreateRequire(import.meta.url);",
  },
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [bakeModules],
} satisfies BuildOptions;

/** The site facts the package names, from the same files the client bakes in. */
function readLinks() {
  const facts = readBuildFacts();
  const product = JSON.parse(readFileSync(resolve(ROOT, 'data/product.json'), 'utf8')) as {
    resources: Record<string, string>;
  };
  const link = (name: string) => resolveSiteLink(product.resources[name]!, facts.productionBaseUrl, name).href;
  return { ...facts, docsUrl: link('documentation'), openApiUrl: link('openapi'), mcpUrl: link('mcp') };
}

export function renderPackageManifest(manifest: PackageManifest): string {
  const { cliDocsUrl, supportEmail } = readBuildFacts();
  return `${JSON.stringify({ ...manifest, homepage: cliDocsUrl, bugs: { email: supportEmail } }, null, 2)}\n`;
}

/** The package README: the template with every `{{name}}` filled in; an unknown name is a build error. */
export function renderPackageReadme(manifest: PackageManifest): string {
  const links = readLinks();
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const values: Record<string, string> = {
    version: manifest.version,
    nodeEngine: manifest.engines.node,
    baseUrl: links.productionBaseUrl,
    installUrl: `${links.cliDocsUrl}#install`,
    docsUrl: links.docsUrl,
    openApiUrl: links.openApiUrl,
    mcpUrl: links.mcpUrl,
    supportEmail: links.supportEmail,
    maxWaitSeconds: String(DEFAULT_RETRY_POLICY.maxWaitMs / 1000),
    maxMaxWaitSeconds: String(MAX_MAX_WAIT_SECONDS),
    commands: commandDefinitions
      .map((command) => `| \`${commandName(command.path)}\` | ${cell(command.summary)} |`)
      .join('\n'),
    exitCodes: exitCodeDefinitions.map(({ code, meaning }) => `| ${code} | ${cell(meaning)} |`).join('\n'),
  };
  const template = readFileSync(join(PACKAGE_SOURCE, 'README.md'), 'utf8');
  return template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined)
      throw new Error(`client/README.md: unknown placeholder {{${name}}}; known: ${Object.keys(values).join(', ')}`);
    return value;
  });
}

/**
 * `dist/index.d.ts`, self-contained: the schema types as plain interfaces (a consumer needs
 * neither json-schema-to-ts nor our schemas), then the library's own declarations.
 */
export async function generateLibraryTypes(): Promise<string> {
  return `${await generateSchemaTypes()}\n${await emitLibraryDeclarations()}`;
}

/** The schema of each endpoint's answer (contract/endpoints.ts), by its name. */
type EndpointSchemas = { [Name in (typeof endpoints)[number]['schema']]: (typeof apiSchemas)[Name] };

/**
 * The library's public names that come from the JSON Schemas, and the schema of each: every
 * endpoint's answer (an endpoint added to contract/endpoints.ts fails the type check until its
 * answer is here), what they reference, the error and the MCP configuration. In this order in
 * `index.d.ts`, whose bytes a released version keeps.
 */
const schemaTypes = {
  Platform: apiSchemas.Platform,
  PlatformsResponse: apiSchemas.PlatformsResponse,
  CapabilitiesResponse: apiSchemas.CapabilitiesResponse,
  ApiError: apiSchemas.Error,
  McpConfiguration: mcpConfigurationSchema,
} as const satisfies EndpointSchemas & Record<string, { $id: string }>;

async function generateSchemaTypes(): Promise<string> {
  const { compile } = await import('json-schema-to-typescript');
  const nameById = new Map<string, string>(Object.entries(schemaTypes).map(([name, schema]) => [schema.$id, name]));
  // Each schema becomes a named definition; `$ref`s by `$id` become local references, so the
  // compiler resolves them without fetching anything and names each interface once.
  const toLocalRefs = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(toLocalRefs);
    if (typeof value !== 'object' || value === null) return value;
    const open = toOpenStringSet(value as Record<string, unknown>);
    if (open) return open;
    const entries = Object.entries(value).filter(([key]) => key !== '$id' && key !== '$schema');
    return Object.fromEntries(
      entries.map(([key, child]) => {
        if (key !== '$ref' || typeof child !== 'string') return [key, toLocalRefs(child)];
        const name = nameById.get(child);
        if (!name) throw new Error(`generateSchemaTypes: $ref to a schema the library does not export: ${child}`);
        return [key, `#/$defs/${name}`];
      }),
    );
  };
  const $defs = Object.fromEntries(
    Object.entries(schemaTypes).map(([name, schema]) => [name, { ...(toLocalRefs(schema) as object), title: name }]),
  );
  const code = await compile(
    { title: 'EarshotSchemas', type: 'object', additionalProperties: false, $defs } as never,
    'EarshotSchemas',
    {
      bannerComment: '/** Generated from the JSON Schemas of the Earshot API (contract/schemas/); do not edit. */',
      unreachableDefinitions: true,
      additionalProperties: false,
      declareExternallyReferenced: true,
    },
  );
  // The wrapper exists only to carry the definitions, and the notes about it mean nothing to a reader.
  return code
    .replace(/export interface EarshotSchemas \{\s*\}\n?/, '')
    .replace(
      /\n \*\s*\n \* This interface was referenced by `EarshotSchemas`'s JSON-Schema\n \* via the `definition` "\w+"\./g,
      '',
    );
}

/**
 * The client reads answers tolerantly (contract/schemas/tolerant.ts, and "What a v1 client may
 * assume" in the versioning docs): a string `enum` or `const` may gain values. Typed as the known
 * values or any other string, `"keyword" | "subreddit" | (string & {})`, a type never claims more
 * than the client checked, and editors still offer the known values.
 */
function toOpenStringSet(schema: Record<string, unknown>): Record<string, unknown> | undefined {
  const known = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : undefined;
  if (!known || !known.every((value) => typeof value === 'string')) return undefined;
  const { enum: _enum, const: _const, type: _type, ...rest } = schema;
  return { ...rest, anyOf: [{ type: 'string', enum: known }, { tsType: '(string & {})' }] };
}

/** The declarations TypeScript emits for client/src/library.ts, with its schema imports dropped. */
async function emitLibraryDeclarations(): Promise<string> {
  // TypeScript is CommonJS: under Node's ESM loader, its namespace is the default export.
  const ts = (await import('typescript')).default;
  const entry = resolve(ROOT, 'client/src/library.ts');
  let declarations: string | undefined;
  const program = ts.createProgram([entry], {
    declaration: true,
    emitDeclarationOnly: true,
    allowImportingTsExtensions: true,
    strict: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: ['node'],
  });
  const result = program.emit(program.getSourceFile(entry), (fileName, text) => {
    if (fileName.endsWith('library.d.ts')) declarations = text;
  });
  const problems = ts.getPreEmitDiagnostics(program).concat(result.diagnostics);
  if (problems.length > 0)
    throw new Error(
      `client/src/library.ts does not type-check:\n${ts.formatDiagnostics(problems, { getCanonicalFileName: (name) => name, getCurrentDirectory: () => ROOT, getNewLine: () => '\n' })}`,
    );
  if (declarations === undefined) throw new Error('TypeScript emitted no declarations for client/src/library.ts');
  const schemaModule = /^(?:import|export) (?:type )?\{[^}]*\} from '\.\.\/\.\.\/contract\/schemas\/index\.ts';\n/gm;
  const body = declarations.replace(schemaModule, '');
  // Anything else imported would be missing from the package: keep public types in library.ts.
  const imports = body.match(/^.*\bfrom '[^']+';$/gm) ?? [];
  if (imports.length > 0)
    throw new Error(
      `client/src/library.ts: its declarations import ${imports.join(', ')}; declare public types in library.ts itself or in the schemas`,
    );
  // The schema types' own declarations, above, are exported where they are declared.
  return `${body.trimEnd()}\n`;
}

/** Bundles and stages the package in `dir` (by default `build/cli/package/`). */
export async function stageCliPackage(dir = CLI_PACKAGE_DIR): Promise<void> {
  const manifest = readPackageManifest();
  const outdir = join(dir, 'dist');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const bundled = listBundledPackages(await bundleClient({ outdir }), ROOT);
  writeFileSync(join(dir, NOTICES_FILE), renderThirdPartyNotices(manifest, bundled));
  writeFileSync(join(dir, SBOM_FILE), renderSbom({ ...manifest, license: manifest.license }, bundled));
  chmodSync(join(outdir, 'earshot.mjs'), 0o755);
  writeFileSync(join(outdir, 'index.d.ts'), await generateLibraryTypes());
  writeFileSync(join(dir, 'package.json'), renderPackageManifest(manifest));
  writeFileSync(join(dir, 'README.md'), renderPackageReadme(manifest));
  copyFileSync(join(PACKAGE_SOURCE, 'LICENSE'), join(dir, 'LICENSE'));
}

export interface PackedCli {
  /** The tarball npm wrote, for example `build/cli/earshot-1.0.0.tgz`. */
  file: string;
  /** npm's `sha512-…` integrity of the tarball, as a lockfile records it. */
  integrity: string;
  size: number;
  /** The MCP Bundle of the same build, for example `build/cli/earshot-1.1.0.mcpb` (tooling/mcp-bundle.ts). */
  bundle: string;
}

/** `npm pack` of a staged package into `destination`: the very tarball a registry would get. */
export function packCliPackage(packageDir: string, destination: string): Omit<PackedCli, 'bundle'> {
  const packed = spawnSync(
    'npm',
    ['pack', packageDir, '--pack-destination', destination, '--json', '--loglevel=error'],
    { encoding: 'utf8', cwd: ROOT },
  );
  if (packed.status !== 0)
    throw new Error(`npm pack of ${packageDir} failed (exit ${packed.status}):\n${packed.stderr}`);
  const [report] = JSON.parse(packed.stdout) as { filename: string; integrity: string; size: number }[];
  if (!report) throw new Error(`npm pack reported no tarball:\n${packed.stdout}`);
  return { file: join(destination, report.filename), integrity: report.integrity, size: report.size };
}

/**
 * Stages and packs in a folder of its own, the tarball and the MCP Bundle from the same staged
 * package, then moves the results into `build/cli/` with `rename`, which is atomic: builds running
 * side by side (the tests run several) never see a half-written file, and since the package
 * depends only on the code and `data/product.json`, they all write the same bytes.
 */
export async function buildCliPackage(): Promise<PackedCli> {
  mkdirSync(CLI_BUILD_DIR, { recursive: true });
  const work = mkdtempSync(join(CLI_BUILD_DIR, '.work-'));
  try {
    const staged = join(work, 'package');
    await stageCliPackage(staged);
    const packed = packCliPackage(staged, work);
    const packedBundle = await packMcpBundle(staged, work);
    const file = join(CLI_BUILD_DIR, basename(packed.file));
    const bundle = join(CLI_BUILD_DIR, basename(packedBundle));
    renameSync(packed.file, file);
    renameSync(packedBundle, bundle);
    rmSync(CLI_PACKAGE_DIR, { recursive: true, force: true });
    try {
      renameSync(staged, CLI_PACKAGE_DIR);
    } catch {
      // Another build put its identical copy there first.
    }
    return { ...packed, file, bundle };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const packed = await buildCliPackage();
  console.error(
    `packed ${packed.file.slice(ROOT.length + 1)} (${(statSync(packed.file).size / 1024).toFixed(1)} KiB, ${packed.integrity})`,
  );
  console.error(
    `packed ${packed.bundle.slice(ROOT.length + 1)} (${(statSync(packed.bundle).size / 1024).toFixed(1)} KiB)`,
  );
}
