import type { McpConfiguration } from '../../../contract/schemas/index.ts';
import { MCP_TOOL_NAMES } from './mcp-tool-names.ts';

/**
 * How each common MCP client takes the Earshot MCP server, in the format that client documents,
 * derived from the one served configuration (`/mcp.json`): the docs page (/docs/mcp/) and
 * `earshot mcp config --client <id> [--transport {http|stdio}]` both render from here.
 *
 * Two ways per client: `http`, the remote endpoint (first: nothing to install), and `stdio`, the
 * local server started with `npx`. No client here needs a bridge such as `mcp-remote` for the
 * remote endpoint: each takes a Streamable HTTP URL itself, Claude Desktop as a custom connector
 * rather than in its configuration file.
 */
export const mcpClients = [
  {
    id: 'claude-desktop',
    name: 'Claude Desktop',
    docs: 'https://support.claude.com/en/articles/11175166-getting-started-with-custom-connectors-using-remote-mcp',
    where: {
      http: "Customize → Connectors → Add custom connector: name it `earshot` and give it this URL. Which plans may add custom connectors is on Anthropic's page linked below. Claude reaches the connector from Anthropic's servers, so the URL must be public.",
      stdio:
        'Or, without the bundle: Settings → Developer → Edit Config opens `claude_desktop_config.json`; merge this into it and restart Claude Desktop.',
    },
    verify: `In a chat, the tools menu lists \`earshot\` with \`${MCP_TOOL_NAMES.listServicePlatforms}\` and \`${MCP_TOOL_NAMES.getServiceCapabilities}\`.`,
  },
  {
    id: 'claude-code',
    name: 'Claude Code',
    docs: 'https://code.claude.com/docs/en/mcp',
    where: {
      http: 'Run this in a terminal; add `--scope project` after `add` to share it with the project through `.mcp.json`.',
      stdio:
        'Run this in a terminal; add `--scope project` after `add` to share it with the project through `.mcp.json`.',
    },
    verify: '`claude mcp list` connects to every configured server and marks `earshot` connected.',
  },
  {
    id: 'cursor',
    name: 'Cursor',
    docs: 'https://cursor.com/docs/mcp',
    where: {
      http: 'Open the link, and Cursor asks to add the server. Or paste this into `~/.cursor/mcp.json` for every project, or `.cursor/mcp.json` in one project.',
      stdio:
        'Open the link, and Cursor asks to add the server. Or paste this into `~/.cursor/mcp.json` for every project, or `.cursor/mcp.json` in one project.',
    },
    verify: "Cursor's Customize page lists `earshot` under MCP, with its tools.",
  },
  {
    id: 'vscode',
    name: 'VS Code',
    docs: 'https://code.visualstudio.com/docs/agents/reference/mcp-configuration',
    where: {
      http: 'Open the link and press Install, or run the command, which adds the server without asking. Or paste this into `.vscode/mcp.json` in the workspace, or the file that the command "MCP: Open User Configuration" opens. VS Code asks you to trust the server when it first starts it.',
      stdio:
        'Open the link and press Install, or run the command, which adds the server without asking. Or paste this into `.vscode/mcp.json` in the workspace, or the file that the command "MCP: Open User Configuration" opens. VS Code asks you to trust the server when it first starts it.',
    },
    verify: 'The command "MCP: List Servers" shows `earshot` running; its tools are in the chat\'s tool picker.',
  },
  {
    id: 'windsurf',
    name: 'Windsurf',
    docs: 'https://docs.windsurf.com/windsurf/cascade/mcp',
    where: {
      http: '`~/.codeium/windsurf/mcp_config.json` (remote servers take `serverUrl`); then press refresh in the MCPs panel of Cascade.',
      stdio: '`~/.codeium/windsurf/mcp_config.json`; then press refresh in the MCPs panel of Cascade.',
    },
    verify: "Cascade's MCPs panel lists `earshot` and its two tools after the refresh.",
  },
  {
    id: 'codex',
    name: 'Codex',
    docs: 'https://developers.openai.com/codex/mcp',
    where: {
      http: 'Run the command, or paste this into `~/.codex/config.toml`, or `.codex/config.toml` in a trusted project.',
      stdio:
        'Run the command, or paste this into `~/.codex/config.toml`, or `.codex/config.toml` in a trusted project.',
    },
    verify: '`codex mcp list` shows `earshot`; `/mcp` in a session lists its tools.',
  },
  {
    id: 'gemini-cli',
    name: 'Gemini CLI',
    docs: 'https://geminicli.com/docs/tools/mcp-server/',
    where: {
      http: 'Run the command: `--scope user` adds the server for every folder (without it, Gemini CLI writes the current folder\'s settings, and refuses in your home folder). Or paste this into `~/.gemini/settings.json`, or `.gemini/settings.json` in a project. `type: "http"` with `url` needs Gemini CLI 0.21 or later.',
      stdio:
        "Run the command: `--` ends Gemini CLI's own options, so the server's flags stay the server's. Or paste this into `~/.gemini/settings.json`, or `.gemini/settings.json` in a project.",
    },
    verify: '`gemini mcp list` shows `earshot` connected; `/mcp` in a session lists its tools.',
  },
] as const;

export type McpClientId = (typeof mcpClients)[number]['id'];

export const mcpClientIds: readonly McpClientId[] = mcpClients.map((client) => client.id);

/** `http`: the remote endpoint; `stdio`: the local server, started with `npx`. The first is the default. */
export const mcpTransports = ['http', 'stdio'] as const;

export type McpTransport = (typeof mcpTransports)[number];

export interface McpClientSnippet {
  client: McpClientId;
  /** The client's name, for a heading or a tab label. */
  name: string;
  transport: McpTransport;
  /** Where the snippet goes, as one Markdown sentence or two. */
  where: string;
  language: 'json' | 'sh' | 'toml' | 'text';
  /** Ends with a newline. */
  code: string;
}

/** Every client's snippets, in the order of `mcpClients`, the remote endpoint's first. */
export function renderMcpClientSnippets(configuration: McpConfiguration): McpClientSnippet[] {
  return mcpClientIds.flatMap((client) =>
    mcpTransports.map((transport) => renderMcpClientSnippet(client, configuration, transport)),
  );
}

/**
 * Claude Desktop's custom connector on a site only this machine reaches (`npm start`): Anthropic's
 * servers cannot reach it, so the step says so instead of asking for the URL.
 */
const LOCAL_CONNECTOR =
  "This site is not public: Claude reaches a custom connector from Anthropic's servers, which cannot reach the URL below. Use the local server instead.";

/** Whether a host outside this machine and its network could reach `url`: not loopback, not a private address. */
function isPublicUrl(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return !(
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    host === '0.0.0.0' ||
    /^127\./.test(host) ||
    /^10\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host) ||
    /^f[cd][0-9a-f]{2}:/.test(host)
  );
}

export function renderMcpClientSnippet(
  client: McpClientId,
  configuration: McpConfiguration,
  transport: McpTransport = 'http',
): McpClientSnippet {
  const { name, where } = mcpClients.find((candidate) => candidate.id === client)!;
  const snippet = (language: McpClientSnippet['language'], code: string): McpClientSnippet => ({
    client,
    name,
    transport,
    where:
      client === 'claude-desktop' && transport === 'http' && !isPublicUrl(url) ? LOCAL_CONNECTOR : where[transport],
    language,
    code,
  });
  const { url } = configuration.mcpServers.earshot;
  const { command, args } = configuration.mcpServers['earshot-stdio'];
  const stdio = { command, args };
  switch (client) {
    // Claude Desktop takes a remote server in its settings, as a URL: the URL is what to paste.
    case 'claude-desktop':
      return transport === 'http'
        ? snippet('text', `${url}\n`)
        : snippet('json', toJson({ mcpServers: { earshot: stdio } }));
    // `--` ends Claude Code's own options: the server's flags (`-y`, `--base-url`) stay the server's.
    case 'claude-code':
      return snippet(
        'sh',
        `${toShellLine(transport === 'http' ? ['claude', 'mcp', 'add', '--transport', 'http', 'earshot', url] : ['claude', 'mcp', 'add', 'earshot', '--', command, ...args])}\n`,
      );
    case 'cursor':
      return snippet('json', toJson({ mcpServers: { earshot: transport === 'http' ? { url } : stdio } }));
    // VS Code names the map `servers` and wants each server's transport spelled out.
    case 'vscode':
      return snippet(
        'json',
        toJson({ servers: { earshot: transport === 'http' ? { type: 'http', url } : { type: 'stdio', ...stdio } } }),
      );
    case 'windsurf':
      return snippet('json', toJson({ mcpServers: { earshot: transport === 'http' ? { serverUrl: url } : stdio } }));
    case 'codex':
      return snippet(
        'toml',
        transport === 'http'
          ? `[mcp_servers.earshot]\nurl = ${toTomlString(url)}\n`
          : `[mcp_servers.earshot]\ncommand = ${toTomlString(command)}\nargs = [${args.map(toTomlString).join(', ')}]\n`,
      );
    case 'gemini-cli':
      return snippet('json', toJson({ mcpServers: { earshot: transport === 'http' ? { type: 'http', url } : stdio } }));
  }
}

/**
 * The stdio server as Windows needs it in clients that start commands without a shell: `npx` is
 * a batch file there (`npx.cmd`), which only `cmd` runs.
 */
export function toWindowsStdioServer(configuration: McpConfiguration) {
  const { command, args } = configuration.mcpServers['earshot-stdio'];
  return { command: 'cmd', args: ['/c', command, ...args] };
}

export function toShellLine(words: readonly string[]): string {
  return words.map(quoteForShell).join(' ');
}

/**
 * Quoting that bash, dash, zsh and fish all read back as the same word: words of characters no
 * shell expands stay bare (not `=`, which zsh expands at the start of a word and every POSIX shell
 * reads as an assignment in a command's place; not `~`, globs or braces; not `%`, since fish
 * reads `%self` as its PID), anything else goes in single quotes. Quotes and backslashes go
 * outside them, backslash-escaped: fish reads `\\` and `\'` as escapes even inside single quotes.
 */
export function quoteForShell(word: string): string {
  if (/^[A-Za-z0-9_@+:,./-]+$/.test(word)) return word;
  return `'${word.replace(/['\\]/g, (character) => `'\\${character}'`)}'`;
}

/**
 * A TOML basic string. JSON's string escapes are all valid TOML escapes (`\"`, `\\`, `\n`, `\uXXXX`…).
 * @see https://toml.io/en/v1.0.0#string
 */
export function toTomlString(text: string): string {
  return JSON.stringify(text);
}

function toJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
