import type { McpConfiguration } from './schemas/index.ts';

/**
 * The MCP clients the docs and `earshot mcp config --client` know, and where each keeps its
 * configuration. Every snippet is derived from the one served configuration (`/mcp.json`).
 */
export const mcpClients = [
  {
    id: 'claude-desktop',
    name: 'Claude Desktop',
    where: 'Settings → Developer → Edit Config opens `claude_desktop_config.json`; merge this into it and restart Claude Desktop.',
  },
  {
    id: 'cursor',
    name: 'Cursor',
    where: '`~/.cursor/mcp.json` for every project, or `.cursor/mcp.json` in one project.',
  },
  {
    id: 'claude-code',
    name: 'Claude Code',
    where: 'Run this in a terminal; add `--scope project` after `add` to share it with the project through `.mcp.json`.',
  },
  {
    id: 'vscode',
    name: 'VS Code',
    where: '`.vscode/mcp.json` in the workspace, or the file that the command "MCP: Open User Configuration" opens.',
  },
] as const;

export type McpClientId = (typeof mcpClients)[number]['id'];

export const mcpClientIds: readonly McpClientId[] = mcpClients.map((client) => client.id);

export interface McpClientSnippet {
  client: McpClientId;
  /** The client's name, for a heading or a tab label. */
  name: string;
  /** Where the snippet goes, as one Markdown sentence. */
  where: string;
  language: 'json' | 'sh';
  /** Ends with a newline. */
  code: string;
}

/** One snippet per client, in the order of `mcpClients`. */
export function renderMcpClientSnippets(configuration: McpConfiguration): McpClientSnippet[] {
  return mcpClientIds.map((client) => renderMcpClientSnippet(client, configuration));
}

export function renderMcpClientSnippet(client: McpClientId, configuration: McpConfiguration): McpClientSnippet {
  const { name, where } = mcpClients.find((candidate) => candidate.id === client)!;
  switch (client) {
    // Claude Desktop and Cursor read the served shape as it is.
    case 'claude-desktop':
    case 'cursor':
      return { client, name, where, language: 'json', code: toJson(configuration) };
    case 'vscode':
      return { client, name, where, language: 'json', code: toJson(toVsCodeConfiguration(configuration)) };
    case 'claude-code':
      return { client, name, where, language: 'sh', code: toClaudeCodeCommands(configuration) };
  }
}

/**
 * The servers of a configuration that a client can start: a command and its arguments. The
 * client reads the served configuration tolerantly (src/shared/schemas/tolerant.ts), so a newer
 * site may add other servers, or fields, that this version does not know; unknown fields travel
 * along where the client's format has room for them, and an entry without a command is left out.
 */
function stdioServers(configuration: McpConfiguration): [string, { command: string; args: string[] } & Record<string, unknown>][] {
  return Object.entries(configuration.mcpServers as Record<string, unknown>).flatMap(([name, server]) => {
    if (typeof server !== 'object' || server === null) return [];
    const { command, args } = server as { command?: unknown; args?: unknown };
    if (typeof command !== 'string' || !Array.isArray(args) || !args.every((arg) => typeof arg === 'string')) return [];
    return [[name, server as { command: string; args: string[] } & Record<string, unknown>]];
  });
}

/**
 * VS Code names the map `servers` and wants each server's transport spelled out.
 * @see https://code.visualstudio.com/docs/copilot/reference/mcp-configuration
 */
export function toVsCodeConfiguration(configuration: McpConfiguration) {
  const servers = Object.fromEntries(stdioServers(configuration).map(([name, server]) => [name, { type: 'stdio' as const, ...server }]));
  return { servers };
}

/**
 * `claude mcp add <name> -- <command> <args…>`: everything after `--` is the server's command,
 * so its own flags (`-y`, `--base-url`) are not read as Claude Code's.
 * @see https://docs.anthropic.com/en/docs/claude-code/mcp
 */
function toClaudeCodeCommands(configuration: McpConfiguration): string {
  return stdioServers(configuration)
    .map(([name, server]) => `${['claude', 'mcp', 'add', name, '--', server.command, ...server.args].map(quoteForShell).join(' ')}\n`)
    .join('');
}

/** POSIX shell quoting: words of safe characters stay bare, anything else goes in single quotes. */
export function quoteForShell(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

function toJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
