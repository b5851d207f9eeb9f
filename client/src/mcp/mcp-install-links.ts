import type { McpConfiguration } from '../../../contract/schemas/index.ts';
import { renderMcpClientSnippet, toShellLine, type McpClientId, type McpTransport } from './mcp-client-snippets.ts';

/**
 * The one-step installs some clients offer, made from the same served configuration (`/mcp.json`)
 * as the snippets: a link the client opens (Cursor, VS Code) or a command that adds the server
 * (VS Code's `code --add-mcp`, Claude Code, Codex, Gemini CLI). The docs' MCP page shows them in
 * each client's tab; `earshot mcp config --client <id>` prints them on a terminal.
 * @see https://cursor.com/docs/mcp/install-links
 * @see https://code.visualstudio.com/docs/agents/reference/mcp-configuration
 */
export interface McpInstallLink {
  client: McpClientId;
  transport: McpTransport;
  /** `link`: a URL the client's app opens; `command`: a line to run in a terminal. */
  kind: 'link' | 'command';
  text: string;
}

/** The name every client shows for the server. */
const SERVER_NAME = 'earshot';

/** Every one-step install of one client and transport, the link first; none for a client without any. */
export function renderMcpInstallLinks(
  client: McpClientId,
  configuration: McpConfiguration,
  transport: McpTransport,
): McpInstallLink[] {
  const { url } = configuration.mcpServers.earshot;
  const { command, args } = configuration.mcpServers['earshot-stdio'];
  const link = (text: string): McpInstallLink => ({ client, transport, kind: 'link', text });
  const run = (words: string[]): McpInstallLink => ({ client, transport, kind: 'command', text: toShellLine(words) });
  const http = transport === 'http';
  switch (client) {
    // Cursor reads the server's own entry of its mcp.json, as base64 JSON, and asks before adding it.
    case 'cursor': {
      const config = Buffer.from(JSON.stringify(http ? { url } : { command, args })).toString('base64');
      return [
        link(`cursor://anysphere.cursor-deeplink/mcp/install?name=${SERVER_NAME}&config=${encodeURIComponent(config)}`),
      ];
    }
    // VS Code takes the server's entry with its name, as URL-encoded JSON, or the same JSON on its command line.
    case 'vscode': {
      const server = JSON.stringify(
        http ? { name: SERVER_NAME, type: 'http', url } : { name: SERVER_NAME, type: 'stdio', command, args },
      );
      return [link(`vscode:mcp/install?${encodeURIComponent(server)}`), run(['code', '--add-mcp', server])];
    }
    // Claude Code's snippet is its command already.
    case 'claude-code':
      return [
        {
          client,
          transport,
          kind: 'command',
          text: renderMcpClientSnippet(client, configuration, transport).code.trimEnd(),
        },
      ];
    // `--` ends Codex's own options: the server's flags (`-y`, `--base-url`) stay the server's.
    case 'codex':
      return [
        run(
          http
            ? ['codex', 'mcp', 'add', SERVER_NAME, '--url', url]
            : ['codex', 'mcp', 'add', SERVER_NAME, '--', command, ...args],
        ),
      ];
    // Gemini CLI 0.21+: without `--scope user` it writes the current folder's settings (and refuses in
    // $HOME); `--` ends its own options, so the server's flags (`-y`, `--base-url`) stay the server's.
    case 'gemini-cli':
      return [
        run(
          http
            ? ['gemini', 'mcp', 'add', '--scope', 'user', '--transport', 'http', SERVER_NAME, url]
            : ['gemini', 'mcp', 'add', '--scope', 'user', SERVER_NAME, command, '--', ...args],
        ),
      ];
    case 'claude-desktop':
    case 'windsurf':
      return [];
  }
}
