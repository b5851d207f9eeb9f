import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toSelfContainedSchema } from '../../src/cli/mcp/self-contained-schema.ts';
import { quoteForShell, renderMcpClientSnippet, renderMcpClientSnippets, type McpClientId } from '../../src/shared/mcp-client-snippets.ts';
import { buildMcpConfiguration } from '../../src/lib/mcp/mcp-configuration.ts';
import { createSchemaValidator } from '../../src/shared/create-schema-validator.ts';
import { capabilitiesResponseSchema, mcpConfigurationSchema, platformsResponseSchema, tolerantSchemas } from '../../src/shared/schemas/index.ts';

const PRODUCTION = 'https://earshot.dev';
const PREVIEW = 'https://deploy-preview-7--earshot.netlify.app';
/** The pinned tarball each deployment serves (src/lib/cli-package/cli-tarball.ts). */
const tarball = (baseUrl: string) => `${baseUrl}/cli/earshot-1.0.0-0123456789.tgz`;
const validator = createSchemaValidator();
const validateConfiguration = validator.getSchema(mcpConfigurationSchema.$id)!;

describe('buildMcpConfiguration', () => {
  const cases: [string, { baseUrl: string; args: string[] }][] = [
    ['production: its own pinned tarball, whose default API is production', { baseUrl: PRODUCTION, args: ['-y', tarball(PRODUCTION), 'mcp'] }],
    ['a deploy preview: the preview\'s tarball, talking to the preview that served it', { baseUrl: PREVIEW, args: ['-y', tarball(PREVIEW), 'mcp', '--base-url', PREVIEW] }],
    ['the local server', { baseUrl: 'http://localhost:8888', args: ['-y', tarball('http://localhost:8888'), 'mcp', '--base-url', 'http://localhost:8888'] }],
  ];
  for (const [name, { baseUrl, args }] of cases) {
    it(name, () => {
      const configuration = buildMcpConfiguration(baseUrl, PRODUCTION, tarball(baseUrl));
      assert.deepEqual(configuration, { mcpServers: { earshot: { command: 'npx', args } } });
      assert.equal(validateConfiguration(configuration), true, JSON.stringify(validateConfiguration.errors));
    });
  }
});

describe('the McpConfiguration schema', () => {
  const bad: [string, unknown][] = [
    ['VS Code\'s shape', { servers: { earshot: { type: 'stdio', command: 'npx', args: [] } } }],
    ['no earshot server', { mcpServers: { other: { command: 'npx', args: [] } } }],
    ['an empty command', { mcpServers: { earshot: { command: '', args: [] } } }],
    ['args not strings', { mcpServers: { earshot: { command: 'npx', args: ['-y', 1] } } }],
    ['an extra field', { mcpServers: { earshot: { command: 'npx', args: [], cwd: '/' } } }],
  ];
  for (const [name, value] of bad) it(`refuses ${name}`, () => assert.equal(validateConfiguration(value), false));
});

describe('the MCP client snippets', () => {
  const production = buildMcpConfiguration(PRODUCTION, PRODUCTION, tarball(PRODUCTION));
  const served = `${JSON.stringify(production, null, 2)}\n`;
  const cases: [McpClientId, { language: string; code: string }][] = [
    ['claude-desktop', { language: 'json', code: served }],
    ['cursor', { language: 'json', code: served }],
    ['claude-code', { language: 'sh', code: `claude mcp add earshot -- npx -y ${tarball(PRODUCTION)} mcp\n` }],
    ['vscode', { language: 'json', code: `${JSON.stringify({ servers: { earshot: { type: 'stdio', command: 'npx', args: ['-y', tarball(PRODUCTION), 'mcp'] } } }, null, 2)}\n` }],
  ];
  for (const [client, { language, code }] of cases) {
    it(client, () => {
      const snippet = renderMcpClientSnippet(client, production);
      assert.equal(snippet.language, language);
      assert.equal(snippet.code, code);
      assert.match(snippet.where, /\S/);
    });
  }

  it('one per client, in order, each carrying a preview configuration\'s --base-url', () => {
    const snippets = renderMcpClientSnippets(buildMcpConfiguration(PREVIEW, PRODUCTION, tarball(PREVIEW)));
    assert.deepEqual(snippets.map((snippet) => snippet.client), ['claude-desktop', 'cursor', 'claude-code', 'vscode']);
    for (const snippet of snippets) assert.ok(snippet.code.includes(PREVIEW), snippet.client);
  });

  const words: [string, string][] = [
    ['earshot', 'earshot'],
    ['http://localhost:8888', 'http://localhost:8888'],
    ['a b', "'a b'"],
    ["it's", "'it'\\''s'"],
    ['$HOME', "'$HOME'"],
  ];
  for (const [word, want] of words) it(`quotes ${JSON.stringify(word)} for a POSIX shell`, () => assert.equal(quoteForShell(word), want));
});

describe('toSelfContainedSchema', () => {
  const refs = (value: unknown): string[] =>
    typeof value !== 'object' || value === null ? [] : Object.entries(value).flatMap(([key, child]) => (key === '$ref' || key === '$id' ? [key] : refs(child)));

  for (const schema of [platformsResponseSchema, capabilitiesResponseSchema, tolerantSchemas.PlatformsResponse, tolerantSchemas.CapabilitiesResponse] as { $id: string; title: string }[]) {
    it(`${schema.title} (${schema.$id}): no $ref or $id left, and it accepts and refuses what the original does`, () => {
      const inlined = toSelfContainedSchema(schema);
      assert.deepEqual(refs(inlined), []);
      const original = validator.getSchema(schema.$id)!;
      const copy = createSchemaValidator().compile(inlined);
      const platform = { id: 'reddit', name: 'Reddit', targetTypes: ['keyword'] };
      const resources = Object.fromEntries(capabilitiesResponseSchema.properties.data.properties.resources.required.map((name) => [name, `https://earshot.dev/${name}`]));
      const samples = [
        { data: [platform] },
        { data: [{ ...platform, targetTypes: ['hashtag'] }] },
        { data: { product: 'Earshot', description: 'x', platforms: [platform], resources } },
        { data: { product: 'Earshot', description: 'x', platforms: [{ ...platform, extra: 1 }], resources } },
        { data: [{ id: 'reddit', targetTypes: ['keyword'] }] },
        { data: { product: 'Earshot', description: 'x', platforms: [platform], resources: { ...resources, status: 'https://earshot.dev/status' } } },
      ];
      for (const sample of samples) assert.equal(copy(sample), original(sample), JSON.stringify(sample));
      assert.ok(samples.some((sample) => original(sample)), 'no sample is valid');
    });
  }

  it('refuses a reference to a schema that is not ours', () => {
    assert.throws(() => toSelfContainedSchema({ items: { $ref: 'https://example.com/x.json' } }), /not one of ours/);
  });
});
