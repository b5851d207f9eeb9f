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

/**
 * The samples for the GET operation `operationId` at `path`, on the deployment at `baseUrl`.
 * Each throws on any status but 200, then prints `data` of the answer.
 */
export function buildGeneratedClientSamples({
  baseUrl,
  path,
  operationId,
}: {
  baseUrl: string;
  path: string;
  operationId: string;
}): GeneratedClientSample[] {
  const documentUrl = `${baseUrl}/openapi.json`;
  const print = 'console.log(JSON.stringify(data.data, null, 2));';
  return [
    {
      package: 'openapi-typescript',
      version: lockedVersion('openapi-typescript'),
      runtime: `openapi-fetch@${lockedVersion('openapi-fetch')}`,
      bin: 'openapi-typescript',
      label: 'openapi-fetch',
      args: [documentUrl, '--output', `${GENERATED_CLIENT_MODULE}.d.ts`],
      files: {},
      code: `import createClient from 'openapi-fetch';
import type { paths } from './${GENERATED_CLIENT_MODULE}';

const client = createClient<paths>({ baseUrl: '${baseUrl}' });
const { data, error, response } = await client.GET('${path}', {
  headers: { Accept: 'application/json' },
});
if (error) throw new Error(\`HTTP \${response.status}: \${JSON.stringify(error)}\`);
${print}`,
    },
    {
      package: '@hey-api/openapi-ts',
      version: lockedVersion('@hey-api/openapi-ts'),
      bin: 'openapi-ts',
      label: '@hey-api/openapi-ts',
      args: [
        '--input',
        documentUrl,
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
${print}`,
    },
    {
      package: 'orval',
      version: lockedVersion('orval'),
      bin: 'orval',
      label: 'orval',
      args: ['--config', 'orval.config.mjs'],
      // The fetch client calls relative URLs unless told the server; the document names it.
      files: {
        'orval.config.mjs': `export default {
  earshot: {
    input: '${documentUrl}',
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
${print}`,
    },
  ];
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
    `//   npx ${sample.package}@${sample.version} ${sample.args.join(' ')}`,
    ...files,
    ...(sample.runtime ? ['// and install what it calls:', `//   npm install ${sample.runtime}`] : []),
    '',
    sample.code,
  ].join('\n');
}
