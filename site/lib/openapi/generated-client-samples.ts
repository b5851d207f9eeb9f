import { readFileSync } from 'node:fs';

/**
 * The code the API reference shows for each TypeScript client generator a developer is likely to
 * pick: how to generate the client from `/openapi.json`, then the call each generator documents,
 * type-safe under `strict`. tests/e2e/generated-clients.spec.ts takes these samples off the served
 * document, runs each generator as shown, type-checks the sample and runs it against the server.
 */

export interface GeneratedClientSample {
  /** The generator's npm package, which `npx` runs at the version the tests ran. */
  package: string;
  /** That version, exact: `7.13.0`. */
  version: string;
  /** The command the package installs (what `npx <package>` runs). */
  bin: string;
  /**
   * Packages the generator needs beside it, pinned exactly (`typescript@6.0.3`): a peer whose range has no
   * upper bound would otherwise resolve to the registry's `latest`, which the tests never ran.
   */
  peers?: string[];
  /** The tab's label in the API reference. */
  label: string;
  /** The generator's arguments, run in the folder where the sample's file is. */
  args: string[];
  /** Files the generator reads, by name (a configuration), written beside the sample. */
  files: Record<string, string>;
  /** A package the generated client needs at run time, as `<name>@<version>`. */
  runtime?: string;
  /** The sample's TypeScript, which imports the generated client from `./earshot-api`. */
  code: string;
  /** The file the sample is saved as, named after its operation: `listServicePlatforms.ts`. */
  file: string;
}

/**
 * How a reader runs a saved sample: bundled with its generated client by esbuild, then run by
 * Node.js. Node's own TypeScript support cannot: the generated clients of @hey-api/openapi-ts and
 * orval import their modules without a file extension, which Node refuses.
 */
export function runSampleCommand(sample: Pick<GeneratedClientSample, 'file'>): string {
  const bundle = sample.file.replace(/\.ts$/, '.mjs');
  return `npx esbuild@${lockedVersion('esbuild')} ${sample.file} --bundle --platform=node --format=esm --log-level=warning --outfile=${bundle} && node ${bundle}`;
}

/**
 * The exact version of a package the project's lockfile installs: what the tests generate and run
 * with, so what the samples name.
 */
function lockedVersion(name: string): string {
  lock ??= JSON.parse(readFileSync('package-lock.json', 'utf8')) as typeof lock;
  const version = lock?.packages[`node_modules/${name}`]?.version;
  if (!version) throw new Error(`package-lock.json does not install ${name}`);
  return version;
}
let lock: { packages: Record<string, { version?: string }> } | undefined;

/** Where each sample writes its client, and the module its code imports. */
export const GENERATED_CLIENT_MODULE = 'earshot-api';

interface SampleTarget {
  baseUrl: string;
  path: string;
  operationId: string;
}

const PRINT_DATA = 'console.log(JSON.stringify(data.data, null, 2));';

/**
 * The samples for the GET operation `operationId` at `path`, on the deployment at `baseUrl`.
 * Each throws on any status but 200, then prints `data` of the answer.
 */
export function buildGeneratedClientSamples(target: SampleTarget): GeneratedClientSample[] {
  const file = `${target.operationId}.ts`;
  return [openapiFetchSample(target), heyApiSample(target), orvalSample(target)].map((sample) => ({ ...sample, file }));
}

/** openapi-typescript's types with openapi-fetch, the pair most TypeScript users pick. */
function openapiFetchSample({ baseUrl, path }: SampleTarget): Omit<GeneratedClientSample, 'file'> {
  return {
    package: 'openapi-typescript',
    version: lockedVersion('openapi-typescript'),
    runtime: `openapi-fetch@${lockedVersion('openapi-fetch')}`,
    bin: 'openapi-typescript',
    label: 'openapi-fetch',
    args: [`${baseUrl}/openapi.json`, '--output', `${GENERATED_CLIENT_MODULE}.d.ts`],
    files: {},
    code: `import createClient from 'openapi-fetch';
import type { paths } from './${GENERATED_CLIENT_MODULE}';

const client = createClient<paths>({ baseUrl: '${baseUrl}' });
const { data, error, response } = await client.GET('${path}', {
  headers: { Accept: 'application/json' },
});
if (error) throw new Error(\`HTTP \${response.status}: \${JSON.stringify(error)}\`);
${PRINT_DATA}`,
  };
}

/**
 * Its TypeScript peer (`>=5.5.3 || >=6.0.0`) has no upper bound: unpinned, `npx` pulls the
 * registry's `latest`, and with typescript 7.0.2 the generator crashes (`reading 'AnyKeyword'`).
 * The sample names the exact version the tests generate with, as every other tool a page names.
 */
function heyApiSample({ baseUrl, operationId }: SampleTarget): Omit<GeneratedClientSample, 'file'> {
  return {
    package: '@hey-api/openapi-ts',
    version: lockedVersion('@hey-api/openapi-ts'),
    bin: 'openapi-ts',
    peers: [`typescript@${lockedVersion('typescript')}`],
    label: '@hey-api/openapi-ts',
    args: [
      '--input',
      `${baseUrl}/openapi.json`,
      '--output',
      GENERATED_CLIENT_MODULE,
      '--plugins',
      '@hey-api/client-fetch',
      '@hey-api/sdk',
    ],
    files: {},
    code: `import { ${operationId} } from './${GENERATED_CLIENT_MODULE}';

const { data, error } = await ${operationId}({
  headers: { Accept: 'application/json' },
});
if (error) throw new Error(\`The API answered \${JSON.stringify(error)}\`);
${PRINT_DATA}`,
  };
}

function orvalSample({ baseUrl, operationId }: SampleTarget): Omit<GeneratedClientSample, 'file'> {
  return {
    package: 'orval',
    version: lockedVersion('orval'),
    bin: 'orval',
    label: 'orval',
    args: ['--config', 'orval.config.mjs'],
    // The fetch client calls relative URLs unless told the server; the document names it.
    files: {
      'orval.config.mjs': `export default {
  earshot: {
    input: '${baseUrl}/openapi.json',
    output: {
      target: '${GENERATED_CLIENT_MODULE}.ts',
      client: 'fetch',
      baseUrl: { getBaseUrlFromSpecification: true },
    },
  },
};
`,
    },
    code: `import { ${operationId} } from './${GENERATED_CLIENT_MODULE}';

const { status, data } = await ${operationId}({
  headers: { Accept: 'application/json' },
});
if (status !== 200) throw new Error(\`HTTP \${status}: \${JSON.stringify(data)}\`);
${PRINT_DATA}`,
  };
}

/**
 * The command that generates the client, as a reader runs it: `npx <package>@<version> <args>`,
 * or, with peers to pin, `npx -p <peer> -p <package>@<version> <bin> <args>`.
 */
export function generateCommand(sample: GeneratedClientSample): string {
  const generator = `${sample.package}@${sample.version}`;
  if (!sample.peers?.length) return `npx ${generator} ${sample.args.join(' ')}`;
  const packages = [...sample.peers, generator].map((name) => `-p ${name}`).join(' ');
  return `npx ${packages} ${sample.bin} ${sample.args.join(' ')}`;
}

/** A sample as the API reference shows it: how to generate the client, in comments, then the code. */
export function renderGeneratedClientSample(sample: GeneratedClientSample): string {
  const files = Object.entries(sample.files).flatMap(([name, text]) => [
    `// with ${name}:`,
    ...text
      .trimEnd()
      .split('\n')
      .map((line) => `//   ${line}`),
  ]);
  return [
    '// Generate the client once:',
    `//   ${generateCommand(sample)}`,
    ...files,
    ...(sample.runtime ? ['// and install what it calls:', `//   npm install ${sample.runtime}`] : []),
    `// Save this as ${sample.file}, and run it:`,
    `//   ${runSampleCommand(sample)}`,
    '',
    sample.code,
  ].join('\n');
}
