import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { endpoints } from '../../contract/endpoints.ts';
import { runProcess } from '../support/install-cli.ts';
import { buildFirstCallSamples } from '../../site/lib/docs/code-samples.ts';

/** What the samples print, as the page shows it: the answer's JSON, indented by two spaces. */
const formatJsonOutput = (value: unknown) => JSON.stringify(value, null, 2);
import {
  buildGeneratedClientSamples,
  GENERATED_CLIENT_MODULE,
  generateCommand,
  runSampleCommand,
  type GeneratedClientSample,
} from '../../site/lib/openapi/generated-client-samples.ts';
import {
  ADDITIONS,
  addToAnswer,
  startServerWithAdditions,
  type ServerWithAdditions,
} from '../support/server-with-additions.ts';

/**
 * Clients generated from the served /openapi.json by the generators a TypeScript developer is
 * likely to pick, as they ship from npm: each is generated exactly as the API reference's sample
 * says, the sample for each endpoint type-checks under `strict` and prints the endpoint's `data`;
 * then, generated from a server that answers as a later v1 deployment may (an unknown property,
 * target type and field of `data`), the same sample passes every addition through. The Python
 * code the docs show is held to the same additions (no Python generator installs here).
 * With `EARSHOT_SAMPLES_LIVE=1` (the weekly job, .github/workflows/samples-today.yml), each
 * generator runs as a reader runs it today: the sample's own `npx` line and `npm install`, in a
 * folder outside the project, so every range resolves on the registry, not in package-lock.json.
 */
const live = process.env.EARSHOT_SAMPLES_LIVE === '1';
const hasPython = spawnSync('python3', ['--version']).status === 0;
let additions: ServerWithAdditions;
test.beforeAll(async ({ baseURL }) => {
  additions = await startServerWithAdditions(baseURL!);
});
test.afterAll(async () => additions?.stop());

/** The samples of one generator, for every endpoint, on the deployment at `baseUrl`. */
function samplesOf(label: string, baseUrl: string) {
  return endpoints.map((endpoint) => ({
    endpoint,
    sample: buildGeneratedClientSamples({ baseUrl, path: endpoint.path, operationId: endpoint.operation.id }).find(
      (sample) => sample.label === label,
    )!,
  }));
}

/** The 200 type each generator names, for the check that the served answer fits it and a wrong one does not. */
const capabilitiesType: Record<string, string> = {
  'openapi-fetch': `import type { components } from './${GENERATED_CLIENT_MODULE}';\ntype Capabilities = components['schemas']['CapabilitiesResponse'];`,
  '@hey-api/openapi-ts': `import type { CapabilitiesResponse as Capabilities } from './${GENERATED_CLIENT_MODULE}';`,
  orval: `import type { CapabilitiesResponse as Capabilities } from './${GENERATED_CLIENT_MODULE}';`,
};

test.describe('clients generated from the served /openapi.json', () => {
  for (const label of Object.keys(capabilitiesType)) {
    test(`${label}: generated as shown, type-checked under strict, reads both endpoints, and passes an unknown property, target type and field of data through`, async ({
      request,
      baseURL,
    }) => {
      test.setTimeout(240_000);
      const served = await (await request.get('/api/v1/capabilities')).text();
      const local = await generate(samplesOf(label, baseURL!));
      try {
        writeFileSync(
          join(local.dir, 'types.ts'),
          [
            capabilitiesType[label],
            `export const served: Capabilities = ${served};`,
            '// @ts-expect-error product is the string constant, never a number',
            'export const wrong: Capabilities = { data: { ...served.data, product: 42 } };',
            // What /docs/versioning/ says: the type lists only today's target types, so code needs a default branch.
            "type TargetType = Capabilities['data']['platforms'][number]['targetTypes'][number];",
            `// @ts-expect-error the type lists only the target types of today`,
            `export const later: TargetType = '${ADDITIONS.unknownTargetType}';`,
            '',
          ].join('\n'),
        );
        await typeCheck(local.dir, [...local.files, 'types.ts']);
        for (const { endpoint, file } of local.runs) {
          const answer = await (await request.get(endpoint.path)).json();
          expect(await runSample(local.dir, file), endpoint.path).toBe(formatJsonOutput(answer.data));
        }

        const later = await generate(samplesOf(label, additions.url));
        try {
          for (const { endpoint, file } of later.runs) {
            const answer = addToAnswer(endpoint.path, await (await request.get(endpoint.path)).json());
            const printed = await runSample(later.dir, file);
            expect(printed, endpoint.path).toBe(formatJsonOutput(answer.data));
            expect(printed).toContain(`"${ADDITIONS.unknownTargetType}"`);
          }
        } finally {
          rmSync(later.dir, { recursive: true, force: true });
        }
      } finally {
        rmSync(local.dir, { recursive: true, force: true });
      }
    });
  }

  test("the docs' Python sample passes an unknown property, target type and field of data through", async ({
    request,
  }) => {
    test.skip(!hasPython, 'python3 is not installed');
    for (const endpoint of endpoints) {
      const python = buildFirstCallSamples(`${additions.url}${endpoint.path}`).find(
        ({ language }) => language === 'python',
      )!;
      const result = await runProcess('python3', ['-c', python.code], processEnv());
      expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
      const answer = addToAnswer(endpoint.path, await (await request.get(endpoint.path)).json());
      expect(result.stdout.trimEnd(), endpoint.path).toBe(formatJsonOutput(answer));
    }
  });
});

interface Generated {
  dir: string;
  files: string[];
  runs: { endpoint: (typeof endpoints)[number]; file: string }[];
}

/**
 * Runs the generator as the sample says, in a new folder inside the project (so that the sample's
 * `import 'openapi-fetch'` resolves to the project's copy), and writes each endpoint's sample.
 * Live, the folder is outside the project, and the sample's own commands install what it names.
 */
async function generate(
  samples: { endpoint: (typeof endpoints)[number]; sample: GeneratedClientSample }[],
): Promise<Generated> {
  const [{ sample }] = samples as [(typeof samples)[number]];
  mkdirSync('.cache', { recursive: true });
  const dir = mkdtempSync(live ? join(tmpdir(), 'generated-client-') : resolve('.cache', 'generated-client-'));
  for (const [name, text] of Object.entries(sample.files)) writeFileSync(join(dir, name), text);
  if (live) {
    // A reader answers npx's question (install these packages?) with yes; here no one is asked.
    await run('sh', ['-c', generateCommand(sample)], dir, { npm_config_yes: 'true' });
    if (sample.runtime) await run('npm', ['install', sample.runtime], dir);
  } else await run(resolve('node_modules/.bin', sample.bin), sample.args, dir);
  const runs = samples.map(({ endpoint, sample: { code, file } }) => {
    writeFileSync(join(dir, file), `${code}\n`);
    return { endpoint, file };
  });
  return { dir, files: runs.map(({ file }) => file), runs };
}

async function typeCheck(dir: string, files: string[]): Promise<void> {
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        lib: ['ES2022', 'DOM'],
        types: [],
        // Declaration files are checked (openapi-typescript's output is one), but not TypeScript's
        // own lib files: half of each check's CPU went to lib.dom.d.ts (3.4–5.5 s, 1.3–3.3 s without).
        skipLibCheck: false,
        skipDefaultLibCheck: true,
      },
      files,
    }),
  );
  await run(resolve('node_modules/.bin/tsc'), ['--project', join(dir, 'tsconfig.json')], dir);
}

/**
 * Runs the saved sample as its comment says (`runSampleCommand`: esbuild bundles it, Node runs it),
 * and returns what it printed. Live, `npx` fetches the pinned esbuild; here, the project's copy of
 * that very version runs, and `node` is this Node.
 */
async function runSample(dir: string, file: string): Promise<string> {
  const command = runSampleCommand({ file });
  const [, pinned] = /^npx (esbuild@\S+) /.exec(command)!;
  const local = live
    ? command
    : command
        .replace(`npx ${pinned}`, resolve('node_modules/.bin/esbuild'))
        .replace(/&& node /, `&& ${process.execPath} `);
  const result = await runProcess('sh', ['-c', local], processEnv(), dir);
  expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
  return result.stdout.trimEnd();
}

/**
 * Runs a command without blocking this process: the server with additions runs in it, and the
 * generators and samples call it.
 */
async function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<void> {
  const result = await runProcess(command, args, { ...processEnv(), ...env }, cwd);
  expect(result.code, `${command} ${args.join(' ')}\n${result.stdout}\n${result.stderr}`).toBe(0);
}

function processEnv(): Record<string, string> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  delete env.FORCE_COLOR;
  return { ...env, NO_COLOR: '1' };
}
