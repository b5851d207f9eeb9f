/**
 * McpServerCard: what `/.well-known/mcp/server-card` (and `/.well-known/mcp/server-card.json`,
 * where today's crawlers look) says about the remote MCP endpoint before any client connects: its
 * identity, where it answers and with which protocol revisions, that it needs no authentication,
 * and its tools and resources. The part of the MCP Server Card draft this site fills in, held as
 * strictly as the draft allows: a card that breaks it fails the build.
 * @see https://github.com/modelcontextprotocol/modelcontextprotocol/pull/2127 (SEP-2127, MCP Server Cards)
 * @see https://github.com/modelcontextprotocol/registry/blob/main/docs/reference/server-json/generic-server-json.md
 */
export const mcpServerCardSchema = {
  $id: 'https://earshot.dev/schemas/v1/mcp-server-card.json',
  title: 'McpServerCard',
  description:
    'An MCP Server Card (SEP-2127 draft): the remote Earshot MCP server, described for clients and crawlers before they connect.',
  type: 'object',
  additionalProperties: false,
  required: ['$schema', 'name', 'version', 'description', 'title', 'websiteUrl', 'remotes', 'capabilities'],
  properties: {
    $schema: {
      const: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
      description: 'The Server Card format this card follows (the draft names this URI).',
    },
    name: {
      type: 'string',
      pattern: '^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$',
      maxLength: 200,
      description: 'The server name in reverse-DNS form, one slash between namespace and name.',
      examples: ['dev.earshot/earshot'],
    },
    version: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      // A version, not a range (the draft rejects ^, ~, >=, x and * ranges).
      pattern: '^[0-9A-Za-z][0-9A-Za-z.+-]*$',
      not: { pattern: '(^|\\.)[xX*](\\.|$)' },
      description: "The server's version: the version of the client package whose code serves it.",
      examples: ['1.0.0'],
    },
    description: { type: 'string', minLength: 1, maxLength: 1000, description: 'What the server offers.' },
    title: { type: 'string', minLength: 1, maxLength: 100, description: 'The name people see.' },
    websiteUrl: {
      type: 'string',
      format: 'uri',
      pattern: '^https?://',
      description: 'Where people read how to use it.',
    },
    icons: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['src'],
        properties: {
          src: { type: 'string', format: 'uri', pattern: '^https?://' },
          mimeType: { type: 'string', enum: ['image/png', 'image/jpeg', 'image/svg+xml', 'image/webp'] },
          sizes: { type: 'array', items: { type: 'string', pattern: '^(any|[0-9]+x[0-9]+)$' } },
          theme: { enum: ['light', 'dark'] },
        },
      },
    },
    remotes: {
      type: 'array',
      minItems: 1,
      description: 'Where the server answers over HTTP.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['type', 'url', 'supportedProtocolVersions', 'authentication'],
        properties: {
          type: { enum: ['streamable-http', 'sse'], description: 'The transport.' },
          url: { type: 'string', format: 'uri', pattern: '^https?://', description: "The endpoint's URL." },
          supportedProtocolVersions: {
            type: 'array',
            minItems: 1,
            uniqueItems: true,
            items: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
            description: 'The MCP protocol revisions the endpoint answers.',
          },
          authentication: {
            type: 'object',
            additionalProperties: false,
            required: ['required', 'schemes'],
            properties: {
              required: { type: 'boolean' },
              schemes: { type: 'array', items: { type: 'string', minLength: 1 } },
            },
            description: 'Whether a client must authenticate, and how.',
          },
        },
      },
    },
    packages: {
      type: 'array',
      description:
        'The local server, packaged: the MCP Bundle a desktop client installs (server.json `Package`, type mcpb).',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['registryType', 'identifier', 'version', 'fileSha256', 'transport'],
        properties: {
          registryType: { const: 'mcpb' },
          identifier: { type: 'string', format: 'uri', pattern: '^https?://', description: "The bundle's URL." },
          version: { type: 'string', minLength: 1 },
          fileSha256: { type: 'string', pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of the bundle, hex.' },
          transport: {
            type: 'object',
            additionalProperties: false,
            required: ['type'],
            properties: { type: { const: 'stdio' } },
          },
        },
      },
    },
    capabilities: {
      type: 'object',
      description: "The server's capabilities, as `initialize` states them (ServerCapabilities).",
      additionalProperties: false,
      properties: {
        experimental: { type: 'object' },
        logging: { type: 'object' },
        completions: { type: 'object' },
        prompts: { type: 'object', properties: { listChanged: { type: 'boolean' } } },
        resources: {
          type: 'object',
          properties: { subscribe: { type: 'boolean' }, listChanged: { type: 'boolean' } },
        },
        tools: { type: 'object', properties: { listChanged: { type: 'boolean' } } },
      },
    },
    tools: {
      type: 'array',
      description: 'The tools, as `tools/list` shows them.',
      items: {
        type: 'object',
        required: ['name', 'inputSchema'],
        properties: {
          name: { type: 'string', minLength: 1 },
          title: { type: 'string' },
          description: { type: 'string' },
          inputSchema: { type: 'object', required: ['type'], properties: { type: { const: 'object' } } },
          outputSchema: { type: 'object', required: ['type'], properties: { type: { const: 'object' } } },
          annotations: { type: 'object' },
        },
      },
    },
    resources: {
      type: 'array',
      description: 'The resources, as `resources/list` shows them.',
      items: {
        type: 'object',
        required: ['uri', 'name'],
        properties: {
          uri: { type: 'string', format: 'uri' },
          name: { type: 'string', minLength: 1 },
          title: { type: 'string' },
          description: { type: 'string' },
          mimeType: { type: 'string' },
        },
      },
    },
    prompts: {
      type: 'array',
      items: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 } } },
    },
    _meta: { type: 'object' },
  },
} as const;
