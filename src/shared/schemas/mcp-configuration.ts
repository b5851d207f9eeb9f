/**
 * McpConfiguration: the file the capabilities' `resources.mcp` link serves (`/mcp.json`), in the
 * `mcpServers` shape that Claude Desktop, Cursor and Claude Code read: one stdio server, started
 * as `command` with `args`. The site validates it before publishing it; `earshot mcp config`
 * checks it on receipt; the per-client snippets are derived from it.
 * @see https://modelcontextprotocol.io/docs/develop/connect-local-servers
 */
export const mcpConfigurationSchema = {
  $id: 'https://earshot.dev/schemas/v1/mcp-configuration.json',
  title: 'McpConfiguration',
  description: 'How an MCP client starts the Earshot MCP server.',
  type: 'object',
  additionalProperties: false,
  required: ['mcpServers'],
  properties: {
    mcpServers: {
      type: 'object',
      description: 'The MCP servers, by the name the client shows.',
      additionalProperties: false,
      required: ['earshot'],
      properties: {
        earshot: {
          type: 'object',
          description: 'The Earshot server, spoken to over stdio.',
          additionalProperties: false,
          required: ['command', 'args'],
          properties: {
            command: {
              type: 'string',
              minLength: 1,
              description: 'The program the client runs, for example `npx`.',
              examples: ['npx'],
            },
            args: {
              type: 'array',
              description: 'Its arguments, for example `["-y", "earshot", "mcp"]`.',
              items: { type: 'string', minLength: 1 },
              examples: [['-y', 'earshot', 'mcp']],
            },
          },
        },
      },
    },
  },
} as const;
