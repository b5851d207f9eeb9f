import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { API_CATALOG_CONTENT_TYPE, buildApiCatalog } from '../../site/lib/discovery/build-api-catalog.ts';
import { buildLlmsTxt } from '../../site/lib/discovery/build-llms-txt.ts';
import { buildAgentSkillsIndex } from '../../site/lib/discovery/build-agent-skills-index.ts';

describe('buildLlmsTxt (llmstxt.org)', () => {
  const text = buildLlmsTxt({
    productName: 'Earshot',
    productDescription: 'Listens.\n  Everywhere.',
    baseUrl: 'https://preview.example',
    rateLimitText: '5 requests per 10 seconds',
    retryRuleText: 'On HTTP 429, wait, then retry.',
    answerLines: [{ path: '/api/v1/platforms', json: '{"data":[]}' }],
    platformCount: 7,
    tooManyRequestsBody: '{"error":"Too Many Requests","statusCode":429}',
    mcpRevisions: ['2026-07-28', '2025-11-25', '2025-06-18'],
    mcpHandshake: ['A 2026-07-28 client starts with `server/discover`.'],
    client: {
      installGlobal: 'npm install --global https://preview.example/cli/earshot-1.0.0-0123456789.tgz',
      mcpCommand: 'npx -y https://preview.example/cli/earshot-1.0.0-0123456789.tgz mcp',
      mcpBundleUrl: 'https://preview.example/cli/earshot-1.1.0-0123456789.mcpb',
    },
    mcpEndpointUrl: 'https://preview.example/mcp',
    pendingChanges: ['No breaking change is announced now.'],
    docs: [{ title: 'Overview', description: 'Start here.', url: 'https://preview.example/docs/' }],
    api: [{ title: 'OpenAPI document', description: 'The description.', url: 'https://preview.example/openapi.json' }],
    optional: [{ title: 'Sitemap', description: 'Every page.', url: 'https://preview.example/sitemap-index.xml' }],
  });
  const lines = text.split('\n');

  it('starts with the H1 and a one-line blockquote summary', () => {
    assert.deepEqual(lines.slice(0, 3), ['# Earshot Discovery API', '', '> Listens. Everywhere.']);
  });

  it('states the facts an agent needs first: base URL, no authentication, the rate limit', () => {
    assert.match(text, /under https:\/\/preview\.example\. It needs no API key/);
    assert.match(text, /rate limited to 5 requests per 10 seconds/);
  });

  it('gives each answer in one line, the 429 and the retry rule', () => {
    assert.ok(text.includes('The answers, shown with 1 of the 7 platforms:'));
    assert.ok(text.includes('\n`GET /api/v1/platforms` answers `{"data":[]}`\n'));
    assert.ok(text.includes('HTTP 429 with a `Retry-After` header: `{"error":"Too Many Requests","statusCode":429}`'));
    assert.ok(text.includes('\nOn HTTP 429, wait, then retry.\n'));
  });

  it('names the remote MCP endpoint in prose (it answers POST only, so it is no link to follow), with every revision it answers', () => {
    assert.match(text, /remote MCP endpoint https:\/\/preview\.example\/mcp \(Streamable HTTP/);
    assert.ok(text.includes('protocol revisions 2026-07-28, 2025-11-25 and 2025-06-18, no key'));
    assert.ok(!text.includes('(https://preview.example/mcp)'));
  });

  it('says how to run the client from its pinned tarball, and that it is not on the public registry', () => {
    assert.ok(
      text.includes('Install it with `npm install --global https://preview.example/cli/earshot-1.0.0-0123456789.tgz`'),
    );
    assert.ok(
      text.includes('starts its server with `npx -y https://preview.example/cli/earshot-1.0.0-0123456789.tgz mcp`'),
    );
    assert.match(text, /It is not on the public npm registry\./);
  });

  it('lists links as "- [title](url): notes" under H2 sections, "Optional" last', () => {
    assert.deepEqual(
      lines.filter((line) => line.startsWith('## ') || line.startsWith('- ')),
      [
        '## Docs',
        '- [Overview](https://preview.example/docs/): Start here.',
        '## API',
        '- [OpenAPI document](https://preview.example/openapi.json): The description.',
        '## Optional',
        '- [Sitemap](https://preview.example/sitemap-index.xml): Every page.',
      ],
    );
  });
});

describe('buildApiCatalog (RFC 9727)', () => {
  const input = {
    catalogUrl: 'https://preview.example/.well-known/api-catalog',
    endpoints: [
      {
        url: 'https://preview.example/api/v1/a',
        title: 'GET /api/v1/a',
        schemas: [{ url: 'https://preview.example/schemas/v1/a.json', title: 'A' }],
      },
      { url: 'https://preview.example/api/v1/b', title: 'GET /api/v1/b', schemas: [] },
    ],
    openApi: { url: 'https://preview.example/openapi.json', title: 'Earshot Discovery API', type: 'application/json' },
    docsUrl: 'https://preview.example/docs/',
    schemaType: 'application/schema+json',
  };
  const catalog = buildApiCatalog(input);

  it('lists every endpoint as an item of the catalog, anchored at the catalog itself', () => {
    assert.deepEqual(catalog.linkset[0], {
      anchor: 'https://preview.example/.well-known/api-catalog',
      item: [
        { href: 'https://preview.example/api/v1/a', type: 'application/json', title: 'GET /api/v1/a' },
        { href: 'https://preview.example/api/v1/b', type: 'application/json', title: 'GET /api/v1/b' },
      ],
    });
  });

  it('anchors each endpoint’s metadata at the endpoint: service-desc, service-doc and the schemas it is described by', () => {
    assert.deepEqual(catalog.linkset.slice(1), [
      {
        anchor: 'https://preview.example/api/v1/a',
        'service-desc': [
          { href: 'https://preview.example/openapi.json', type: 'application/json', title: 'Earshot Discovery API' },
        ],
        'service-doc': [{ href: 'https://preview.example/docs/', type: 'text/html' }],
        describedby: [
          { href: 'https://preview.example/schemas/v1/a.json', type: 'application/schema+json', title: 'A' },
        ],
      },
      {
        anchor: 'https://preview.example/api/v1/b',
        'service-desc': [
          { href: 'https://preview.example/openapi.json', type: 'application/json', title: 'Earshot Discovery API' },
        ],
        'service-doc': [{ href: 'https://preview.example/docs/', type: 'text/html' }],
        describedby: [],
      },
    ]);
  });

  it('lists the remote MCP endpoint, when given, as one more item and anchor: described by its configuration, documented by its page', () => {
    const withMcp = buildApiCatalog({
      ...input,
      mcp: {
        endpointUrl: 'https://preview.example/mcp',
        configurationUrl: 'https://preview.example/mcp.json',
        docsUrl: 'https://preview.example/docs/mcp/',
        title: 'Earshot MCP server',
      },
    });
    assert.deepEqual(withMcp.linkset[0]!.item, [
      ...(catalog.linkset[0]!.item as unknown[]),
      { href: 'https://preview.example/mcp', title: 'POST /mcp: Earshot MCP server (Streamable HTTP)' },
    ]);
    assert.deepEqual(withMcp.linkset.slice(1, -1), catalog.linkset.slice(1));
    assert.deepEqual(withMcp.linkset.at(-1), {
      anchor: 'https://preview.example/mcp',
      'service-desc': [
        { href: 'https://preview.example/mcp.json', type: 'application/json', title: 'Earshot MCP server' },
      ],
      'service-doc': [{ href: 'https://preview.example/docs/mcp/', type: 'text/html' }],
    });
  });

  it('links the remote MCP endpoint to its MCP Server Card, when given, as describedby', () => {
    const withCard = buildApiCatalog({
      ...input,
      mcp: {
        endpointUrl: 'https://preview.example/mcp',
        configurationUrl: 'https://preview.example/mcp.json',
        docsUrl: 'https://preview.example/docs/mcp/',
        title: 'Earshot MCP server',
        serverCardUrl: 'https://preview.example/.well-known/mcp/server-card',
      },
    });
    assert.deepEqual(withCard.linkset.at(-1)!.describedby, [
      {
        href: 'https://preview.example/.well-known/mcp/server-card',
        type: 'application/json',
        title: 'Earshot MCP server: MCP Server Card',
      },
    ]);
  });

  it('is served as a linkset with the RFC 9727 profile', () => {
    assert.equal(
      API_CATALOG_CONTENT_TYPE,
      'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
    );
  });
});

describe('buildAgentSkillsIndex (Agent Skills Discovery v0.2.0)', () => {
  // The format's own worked example ("Integrity and Verification"): two files, their digests, the skill's.
  const index = buildAgentSkillsIndex([
    {
      name: 'hello',
      description: 'Says hello.',
      files: [
        { path: 'SKILL.md', bytes: new TextEncoder().encode('# Hello\n') },
        { path: 'scripts/run.sh', bytes: new TextEncoder().encode('#!/bin/sh\n') },
      ],
    },
  ]);

  it('digests each file’s bytes as sha256:<hex>, in the order given', () => {
    assert.deepEqual(index.skills[0]!.files, [
      { path: 'SKILL.md', digest: 'sha256:90f8ec5669cd34183b9b0fdf8b94f5efb4c3672876330f4aa76088c2b4ad17be' },
      { path: 'scripts/run.sh', digest: 'sha256:a8076d3d28d21e02012b20eaf7dbf75409a6277134439025f282e368e3305abf' },
    ]);
  });

  it('digests the skill from its files’ sorted "<path>\\0<hex>\\n" lines, as the worked example does', () => {
    assert.equal(index.skills[0]!.digest, 'sha256:34f7a8c484e9991f3e71a309f31332d6335efc01f544105c4185a7c4ab12eb1e');
    assert.equal(index.version, '0.2.0');
  });
});
