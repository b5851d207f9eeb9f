/**
 * McpConfiguration: the file the capabilities' `resources.mcp` link serves (`/mcp.json`), in the
 * `mcpServers` shape that MCP clients read (Claude Code's `.mcp.json` dialect, which names each
 * server's transport with `type`). It offers the same server two ways, the remote endpoint first:
 * - `earshot`: the remote endpoint, Streamable HTTP at `<site>/mcp`, for clients that take a URL;
 * - `earshot-stdio`: the local server, `npx -y <site>/cli/earshot-<version>-<hash>.tgz mcp`, for
 *   clients that only start commands.
 * A client needs one of the two. Beside them, `bundle` names the same local server as an MCP
 * Bundle, which desktop clients install from a file. The site validates the file before publishing it;
 * `earshot mcp config` checks it on receipt; the per-client snippets are derived from it.
 * @see https://code.claude.com/docs/en/mcp (the `mcpServers` entries with `type`)
 * @see https://modelcontextprotocol.io/specification/2026-07-28/basic/transports
 */
export const mcpConfigurationSchema = {
  $id: 'https://earshot.dev/schemas/v1/mcp-configuration.json',
  title: 'McpConfiguration',
  description:
    'How an MCP client reaches the Earshot MCP server: the remote endpoint (earshot), or the local server over stdio (earshot-stdio). Add one of the two; both serve the same tools and resources.',
  type: 'object',
  additionalProperties: false,
  required: ['mcpServers'],
  properties: {
    bundle: {
      type: 'object',
      description:
        'The local server as an MCP Bundle (.mcpb), for desktop clients that install one from a file: download it, then open it.',
      additionalProperties: false,
      required: ['url', 'sha256'],
      properties: {
        url: {
          type: 'string',
          format: 'uri',
          pattern: '^https?://',
          description: "The bundle's URL, on the site that served this file, pinned to its version and content.",
          examples: ['https://earshot.dev/cli/earshot-1.1.0-0123456789.mcpb'],
        },
        sha256: { type: 'string', pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of the bundle, hex.' },
      },
    },
    mcpServers: {
      type: 'object',
      description: 'The ways to the server, by the name the client shows: the remote endpoint first.',
      additionalProperties: false,
      required: ['earshot', 'earshot-stdio'],
      properties: {
        earshot: {
          type: 'object',
          description: 'The remote endpoint: Streamable HTTP, stateless, no authentication.',
          additionalProperties: false,
          required: ['type', 'url'],
          properties: {
            type: { const: 'http', description: 'Streamable HTTP.' },
            url: {
              type: 'string',
              format: 'uri',
              pattern: '^https?://',
              description: "The endpoint's URL, on the site that served this file.",
              examples: ['https://earshot.dev/mcp'],
            },
          },
        },
        'earshot-stdio': {
          type: 'object',
          description: 'The local server, spoken to over stdio: the client starts `command` with `args`.',
          additionalProperties: false,
          required: ['type', 'command', 'args'],
          properties: {
            type: { const: 'stdio', description: 'Standard input and output of a child process.' },
            command: {
              type: 'string',
              minLength: 1,
              description: 'The program the client runs, for example `npx`.',
              examples: ['npx'],
            },
            args: {
              type: 'array',
              description: 'Its arguments: the pinned package URL and the `mcp` command.',
              items: { type: 'string', minLength: 1 },
              examples: [['-y', 'https://earshot.dev/cli/earshot-1.0.0-0123456789.tgz', 'mcp']],
            },
          },
        },
      },
    },
  },
} as const;
