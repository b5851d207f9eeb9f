import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createSchemaValidator } from '../../contract/create-schema-validator.ts';
import { apiSchemas, type ReleaseManifest } from '../../contract/schemas/index.ts';
import { readTarballFiles } from '../../site/lib/cli-package/read-tarball-files.ts';
import { RELEASES_DIR } from '../../site/lib/cli-package/releases.ts';
import { generateResponseValidatorsModule } from '../../tooling/build-cli.ts';
import { systemNodePath } from '../support/install-cli.ts';
import { validCapabilities, validMcpConfig, validPlatforms } from '../support/misbehaving-server.ts';

/**
 * A change that released clients read already publishes without a client release
 * (CONTRACT_FILES in site/lib/cli-package/releases.ts). Here the latest released client, unpacked
 * from its tarball in releases/ and run by the machine's own Node, reads the answers of a contract
 * changed three ways: every description reworded, a platform added, an optional field added.
 */
const manifest = JSON.parse(readFileSync(join(RELEASES_DIR, 'manifest.json'), 'utf8')) as ReleaseManifest;
const latest = manifest.releases.at(-1)!;

const ADDED_FIELD = {
  name: 'fixtureAddedField',
  schema: { type: 'string', format: 'uri', description: 'The platform’s home.' },
};
const ADDED_PLATFORM = { id: 'zz-test-forum', name: 'Test Forum', targetTypes: ['keyword'] };

/** Every `description`, `title` and `examples` of a schema, reworded (a property so named too: harmless). */
function reword(value: unknown, key?: string): unknown {
  if (Array.isArray(value)) return key === 'examples' ? [...value, value[0]] : value.map((item) => reword(item));
  if (typeof value === 'string' && (key === 'description' || key === 'title')) return `Reworded: ${value}`;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([name, child]) => [name, reword(child, name)]));
}

/** The contract reworded, and the Platform schema with ADDED_FIELD. */
function changeContract(schema: object): object {
  const changed = reword(schema) as { $id: string; properties?: Record<string, unknown> };
  if (changed.$id !== apiSchemas.Platform.$id) return changed;
  return { ...changed, properties: { ...changed.properties, [ADDED_FIELD.name]: ADDED_FIELD.schema } };
}

let origin = '';
const server = createServer((request, response) => {
  const platforms = [...validPlatforms.data, ADDED_PLATFORM].map((platform) => ({
    ...platform,
    [ADDED_FIELD.name]: `https://example.com/${platform.id}`,
  }));
  const answers: Record<string, unknown> = {
    '/api/v1/platforms': { data: platforms },
    '/api/v1/capabilities': { data: { ...validCapabilities(origin).data, platforms } },
    '/ok/mcp.json': validMcpConfig(origin),
  };
  const body = answers[new URL(request.url!, origin).pathname];
  if (body === undefined) response.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"Not Found"}');
  else response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
});
let folder = '';

before(async () => {
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  folder = mkdtempSync(join(tmpdir(), 'earshot-released-'));
  const tarball = new Uint8Array(readFileSync(join(RELEASES_DIR, latest.fileName)));
  for (const [path, bytes] of readTarballFiles(tarball)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), bytes);
  }
});
after(() => {
  server.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The released client's answer to `args`, run as a stranger runs it (Node 20, no project state). */
async function runReleased(args: string[]) {
  // Asynchronous, so that this process's server answers the client meanwhile.
  const child = spawn('node', [join(folder, 'package/dist/earshot.mjs'), ...args, '--base-url', origin], {
    env: { PATH: systemNodePath(), HOME: folder, XDG_STATE_HOME: join(folder, 'state'), NO_COLOR: '1' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const status = await new Promise<number | null>((done) => child.on('close', done));
  return { status, stdout, stderr };
}

describe('the validators the client bakes', () => {
  it('are the same bytes when only the wording of the contract changes', () => {
    const rewordedOnly = (schema: object) => {
      // A pattern's description is in the client's messages (describe-schema-error.ts): it stays.
      const text = JSON.stringify(schema);
      return text.includes('"pattern"') ? schema : (reword(schema) as object);
    };
    assert.equal(generateResponseValidatorsModule(rewordedOnly), generateResponseValidatorsModule());
  });
});

describe(`the latest released client (earshot ${latest.version})`, () => {
  it('is served answers that the changed contract accepts and the published one does not', () => {
    const platform = { ...ADDED_PLATFORM, [ADDED_FIELD.name]: 'https://example.com/' };
    const published = createSchemaValidator().getSchema(apiSchemas.Platform.$id)!;
    const changed = createSchemaValidator({}, changeContract).getSchema(apiSchemas.Platform.$id)!;
    assert.equal(published(platform), false, 'the added field is new to the contract');
    assert.equal(changed(platform), true, changed.errors?.map((error) => error.message).join('; '));
  });

  const cases: [string, string[], (output: string) => void][] = [
    [
      'lists the added platform',
      ['platforms'],
      (output) => assert.match(output, /^zz-test-forum\tTest Forum\tkeyword$/m),
    ],
    [
      'keeps the added field in --json',
      ['platforms', '--json'],
      (output) => assert.equal(JSON.parse(output).data[2].fixtureAddedField, 'https://example.com/zz-test-forum'),
    ],
    ['reads the capabilities', ['capabilities'], (output) => assert.match(output, /zz-test-forum/)],
  ];
  for (const [name, args, check] of cases)
    it(`${name} (earshot ${args.join(' ')})`, async () => {
      const { status, stdout, stderr } = await runReleased(args);
      assert.equal(status, 0, stderr);
      check(stdout);
    });
});
