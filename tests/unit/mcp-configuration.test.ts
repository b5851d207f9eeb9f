import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse as parseToml } from 'smol-toml';
import { toSelfContainedSchema } from '../../client/src/mcp/self-contained-schema.ts';
import {
  mcpClientIds,
  mcpClients,
  quoteForShell,
  renderMcpClientSnippet,
  renderMcpClientSnippets,
  toTomlString,
  type McpClientId,
  type McpTransport,
} from '../../client/src/mcp/mcp-client-snippets.ts';
import { whyNotSiteCommand } from '../../client/src/output/site-command.ts';
import { buildCliInstallCommands } from '../../site/lib/cli-package/cli-tarball.ts';
import { buildMcpConfiguration } from '../../site/lib/mcp/mcp-configuration.ts';
import { RELEASE_PATHS, releaseFileName } from '../../contract/release-paths.ts';
import { createSchemaValidator } from '../../contract/create-schema-validator.ts';
import {
  capabilitiesResponseSchema,
  mcpConfigurationSchema,
  platformsResponseSchema,
  tolerantSchemas,
} from '../../contract/schemas/index.ts';

const PRODUCTION = 'https://earshot.dev';
const PREVIEW = 'https://deploy-preview-7--earshot.netlify.app';
/** The pinned tarball each deployment serves (site/lib/cli-package/cli-tarball.ts). */
const tarball = (baseUrl: string) => `${baseUrl}/cli/earshot-1.0.0-0123456789.tgz`;
const validator = createSchemaValidator();
const validateConfiguration = validator.getSchema(mcpConfigurationSchema.$id)!;

describe('buildMcpConfiguration', () => {
  const cases: [string, { baseUrl: string; args: string[] }][] = [
    [
      'production: its own endpoint and pinned tarball, whose default API is production',
      { baseUrl: PRODUCTION, args: ['-y', tarball(PRODUCTION), 'mcp'] },
    ],
    [
      "a deploy preview: the preview's endpoint and tarball, talking to the preview that served it",
      { baseUrl: PREVIEW, args: ['-y', tarball(PREVIEW), 'mcp', '--base-url', PREVIEW] },
    ],
    [
      'the local server',
      {
        baseUrl: 'http://localhost:8888',
        args: ['-y', tarball('http://localhost:8888'), 'mcp', '--base-url', 'http://localhost:8888'],
      },
    ],
  ];
  for (const [name, { baseUrl, args }] of cases) {
    it(name, () => {
      const configuration = buildMcpConfiguration(baseUrl, PRODUCTION, tarball(baseUrl));
      assert.deepEqual(configuration, {
        mcpServers: {
          earshot: { type: 'http', url: `${baseUrl}/mcp` },
          'earshot-stdio': { type: 'stdio', command: 'npx', args },
        },
      });
      // The remote endpoint first: clients and people read the first entry as the one to use.
      assert.deepEqual(Object.keys(configuration.mcpServers), ['earshot', 'earshot-stdio']);
      assert.equal(validateConfiguration(configuration), true, JSON.stringify(validateConfiguration.errors));
    });
  }

  // What the site's build writes is what `earshot mcp config --transport stdio` prints as the site's.
  for (const baseUrl of [PRODUCTION, PREVIEW, 'http://localhost:8888'])
    for (const version of ['1.2.0', '2.0.0-beta.1'])
      it(`the client prints the local server the site builds: ${baseUrl}, ${version}`, () => {
        const path = `${RELEASE_PATHS.tarballDirectory}${releaseFileName(version, 'ab'.repeat(64), 'tgz')}`;
        const { url } = buildCliInstallCommands(baseUrl, { path }, PRODUCTION);
        const configuration = buildMcpConfiguration(baseUrl, PRODUCTION, url);
        assert.equal(whyNotSiteCommand(configuration.mcpServers['earshot-stdio'], baseUrl), undefined);
      });
});

describe('the McpConfiguration schema', () => {
  const valid = buildMcpConfiguration(PRODUCTION, PRODUCTION, tarball(PRODUCTION));
  const stdio = valid.mcpServers['earshot-stdio'];
  const bad: [string, unknown][] = [
    ["VS Code's shape", { servers: valid.mcpServers }],
    ['the remote endpoint missing', { mcpServers: { 'earshot-stdio': stdio } }],
    ['the stdio server missing', { mcpServers: { earshot: valid.mcpServers.earshot } }],
    [
      'an endpoint that is not an http(s) URL',
      { mcpServers: { ...valid.mcpServers, earshot: { type: 'http', url: 'file:///mcp' } } },
    ],
    [
      'an endpoint of the wrong type',
      { mcpServers: { ...valid.mcpServers, earshot: { type: 'sse', url: `${PRODUCTION}/mcp` } } },
    ],
    ['an empty command', { mcpServers: { ...valid.mcpServers, 'earshot-stdio': { ...stdio, command: '' } } }],
    ['args not strings', { mcpServers: { ...valid.mcpServers, 'earshot-stdio': { ...stdio, args: ['-y', 1] } } }],
    ['an extra field', { mcpServers: { ...valid.mcpServers, 'earshot-stdio': { ...stdio, cwd: '/' } } }],
    ['a third server', { mcpServers: { ...valid.mcpServers, other: stdio } }],
  ];
  for (const [name, value] of bad) it(`refuses ${name}`, () => assert.equal(validateConfiguration(value), false));
});

describe('the MCP client snippets', () => {
  const production = buildMcpConfiguration(PRODUCTION, PRODUCTION, tarball(PRODUCTION));
  const url = `${PRODUCTION}/mcp`;
  const pkg = tarball(PRODUCTION);
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  const stdio = { command: 'npx', args: ['-y', pkg, 'mcp'] };
  // Each client's own documented format (the `docs` link of each in client/src/mcp/mcp-client-snippets.ts).
  const cases: [McpClientId, McpTransport, { language: string; code: string }][] = [
    ['claude-desktop', 'http', { language: 'text', code: `${url}\n` }],
    ['claude-desktop', 'stdio', { language: 'json', code: json({ mcpServers: { earshot: stdio } }) }],
    ['claude-code', 'http', { language: 'sh', code: `claude mcp add --transport http earshot ${url}\n` }],
    ['claude-code', 'stdio', { language: 'sh', code: `claude mcp add earshot -- npx -y ${pkg} mcp\n` }],
    ['cursor', 'http', { language: 'json', code: json({ mcpServers: { earshot: { url } } }) }],
    ['cursor', 'stdio', { language: 'json', code: json({ mcpServers: { earshot: stdio } }) }],
    ['vscode', 'http', { language: 'json', code: json({ servers: { earshot: { type: 'http', url } } }) }],
    ['vscode', 'stdio', { language: 'json', code: json({ servers: { earshot: { type: 'stdio', ...stdio } } }) }],
    ['windsurf', 'http', { language: 'json', code: json({ mcpServers: { earshot: { serverUrl: url } } }) }],
    ['windsurf', 'stdio', { language: 'json', code: json({ mcpServers: { earshot: stdio } }) }],
    ['codex', 'http', { language: 'toml', code: `[mcp_servers.earshot]\nurl = "${url}"\n` }],
    [
      'codex',
      'stdio',
      { language: 'toml', code: `[mcp_servers.earshot]\ncommand = "npx"\nargs = ["-y", "${pkg}", "mcp"]\n` },
    ],
    ['gemini-cli', 'http', { language: 'json', code: json({ mcpServers: { earshot: { type: 'http', url } } }) }],
    ['gemini-cli', 'stdio', { language: 'json', code: json({ mcpServers: { earshot: stdio } }) }],
  ];
  for (const [client, transport, { language, code }] of cases) {
    it(`${client}, ${transport}`, () => {
      const snippet = renderMcpClientSnippet(client, production, transport);
      assert.equal(snippet.transport, transport);
      assert.equal(snippet.language, language);
      assert.equal(snippet.code, code);
      assert.match(snippet.where, /\S/);
      // What a client parses: Codex reads TOML, the others' files JSON.
      if (language === 'toml')
        assert.deepEqual(Object.keys((parseToml(code) as { mcp_servers: object }).mcp_servers), ['earshot']);
      if (language === 'json') assert.doesNotThrow(() => JSON.parse(code));
    });
  }

  // Claude reaches a custom connector from Anthropic's servers: a site they cannot reach is not offered as one.
  const connectorSites: [string, boolean][] = [
    [PRODUCTION, true],
    ['https://deploy-preview-7--earshot.netlify.app', true],
    ['http://localhost:8888', false],
    ['http://127.0.0.1:4321', false],
    ['http://[::1]:8888', false],
    ['http://app.localhost:8888', false],
    ['http://192.168.1.20:8888', false],
    ['http://10.0.0.5', false],
  ];
  for (const [site, reachable] of connectorSites)
    it(`Claude Desktop's connector step on ${site}: ${reachable ? 'give it this URL' : 'use the local server'}`, () => {
      const { where } = renderMcpClientSnippet(
        'claude-desktop',
        buildMcpConfiguration(site, PRODUCTION, tarball(site)),
      );
      assert.equal(where.includes('give it this URL'), reachable, where);
      assert.equal(where.includes('Use the local server instead'), !reachable, where);
    });

  it('the remote endpoint by default', () =>
    assert.deepEqual(
      renderMcpClientSnippet('cursor', production),
      renderMcpClientSnippet('cursor', production, 'http'),
    ));

  it('covers every client, each with the remote endpoint first, and a documented way to check it', () => {
    assert.deepEqual(mcpClientIds, [
      'claude-desktop',
      'claude-code',
      'cursor',
      'vscode',
      'windsurf',
      'codex',
      'gemini-cli',
    ]);
    assert.deepEqual(new Set(cases.map(([client]) => client)), new Set(mcpClientIds));
    for (const client of mcpClients) {
      assert.match(client.docs, /^https:\/\//);
      assert.match(client.verify, /\S/);
    }
  });

  it("in order, each carrying a preview's endpoint or its --base-url", () => {
    const snippets = renderMcpClientSnippets(buildMcpConfiguration(PREVIEW, PRODUCTION, tarball(PREVIEW)));
    assert.deepEqual(
      snippets.map((snippet) => `${snippet.client}/${snippet.transport}`),
      mcpClientIds.flatMap((client) => [`${client}/http`, `${client}/stdio`]),
    );
    for (const snippet of snippets)
      assert.ok(
        snippet.code.includes(snippet.transport === 'http' ? `${PREVIEW}/mcp` : `--base-url`),
        `${snippet.client}/${snippet.transport}`,
      );
  });

  const words: [string, string][] = [
    ['earshot', 'earshot'],
    ['http://localhost:8888', 'http://localhost:8888'],
    ['a b', "'a b'"],
    ["it's", "'it'\\''s'"],
    ['$HOME', "'$HOME'"],
    ['=touch', "'=touch'"],
    ['~', "'~'"],
    ['{a,b}', "'{a,b}'"],
    ['a\\b', "'a'\\\\'b'"],
  ];
  for (const [word, want] of words)
    it(`quotes ${JSON.stringify(word)} for POSIX shells, zsh and fish`, () => assert.equal(quoteForShell(word), want));

  const strings: [string, string][] = [
    ['https://earshot.dev/mcp', '"https://earshot.dev/mcp"'],
    ['a "quoted" \\ path', '"a \\"quoted\\" \\\\ path"'],
    ['tab\there', '"tab\\there"'],
  ];
  for (const [text, want] of strings) {
    it(`writes ${JSON.stringify(text)} as a TOML basic string that TOML reads back`, () => {
      assert.equal(toTomlString(text), want);
      assert.equal((parseToml(`value = ${toTomlString(text)}`) as { value: string }).value, text);
    });
  }
});

describe('toSelfContainedSchema', () => {
  const refs = (value: unknown): string[] =>
    typeof value !== 'object' || value === null
      ? []
      : Object.entries(value).flatMap(([key, child]) => (key === '$ref' || key === '$id' ? [key] : refs(child)));

  for (const schema of [
    platformsResponseSchema,
    capabilitiesResponseSchema,
    tolerantSchemas.PlatformsResponse,
    tolerantSchemas.CapabilitiesResponse,
  ] as { $id: string; title: string }[]) {
    it(`${schema.title} (${schema.$id}): no $ref or $id left, and it accepts and refuses what the original does`, () => {
      const inlined = toSelfContainedSchema(schema);
      assert.deepEqual(refs(inlined), []);
      const original = validator.getSchema(schema.$id)!;
      const copy = createSchemaValidator().compile(inlined);
      const platform = { id: 'reddit', name: 'Reddit', targetTypes: ['keyword'] };
      const resources = Object.fromEntries(
        capabilitiesResponseSchema.properties.data.properties.resources.required.map((name) => [
          name,
          `https://earshot.dev/${name}`,
        ]),
      );
      const samples = [
        { data: [platform] },
        { data: [{ ...platform, targetTypes: ['hashtag'] }] },
        { data: { product: 'Earshot', description: 'x', platforms: [platform], resources } },
        { data: { product: 'Earshot', description: 'x', platforms: [{ ...platform, extra: 1 }], resources } },
        { data: [{ id: 'reddit', targetTypes: ['keyword'] }] },
        {
          data: {
            product: 'Earshot',
            description: 'x',
            platforms: [platform],
            resources: { ...resources, status: 'https://earshot.dev/status' },
          },
        },
      ];
      for (const sample of samples) assert.equal(copy(sample), original(sample), JSON.stringify(sample));
      assert.ok(
        samples.some((sample) => original(sample)),
        'no sample is valid',
      );
    });
  }

  it('refuses a reference to a schema that is not ours', () => {
    assert.throws(() => toSelfContainedSchema({ items: { $ref: 'https://example.com/x.json' } }), /not one of ours/);
  });
});
