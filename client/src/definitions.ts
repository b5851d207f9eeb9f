/**
 * Everything `earshot` offers, as data: commands, flags, environment variables, exit codes.
 * The help texts and the docs page /docs/cli/ (site/components/cli-command-reference.astro) are
 * both rendered from here, so the docs cannot drift from the client. Behaviour lives in `commands/`.
 */
import { DEFAULT_TIMEOUT_SECONDS } from './api/client-settings.ts';
import {
  DEFAULT_RETRIES,
  DEFAULT_RETRY_POLICY,
  MAX_MAX_WAIT_SECONDS,
  MAX_RETRIES,
  MCP_MAX_WAIT_SECONDS,
} from './api/retry-policy.ts';
import { exitCodeDefinitions } from './exit-codes.ts';
import { mcpClientIds, mcpTransports } from './mcp/mcp-client-snippets.ts';
import { MCP_TOOL_NAMES } from './mcp/mcp-tool-names.ts';

export interface FlagDefinition {
  /** The long name without dashes: `base-url`. */
  name: string;
  short?: string;
  /** Placeholder for the value, when the flag takes one: `<url>`, or `{a|b}` for a few `choices`. */
  value?: string;
  /** The only values the flag accepts; any other is a usage error. */
  choices?: readonly string[];
  summary: string;
  /** Taken by every command and by `earshot` alone (`--help`); the others belong to the commands that list them. */
  global?: boolean;
}

/** A word a command takes after its own words: `earshot completion <shell>`. */
export interface ArgumentDefinition {
  name: string;
  summary: string;
  required: boolean;
  /** The only values it accepts; any other is a usage error (and they are what shell completion offers). */
  choices?: readonly string[];
  /** Takes the rest of the words: `earshot help mcp config`. */
  variadic?: boolean;
  /** Its words name a command, as `help` takes them: completion offers the commands. */
  namesCommand?: boolean;
}

export interface ExampleDefinition {
  command: string;
  /** What the example shows, in sentence case. */
  description: string;
}

export interface CommandDefinition {
  /** The words that name the command: `['mcp', 'config']`. */
  path: readonly string[];
  /** One line, sentence case, no trailing period. */
  summary: string;
  description: string;
  /** The flags it accepts besides `--help`, by name. */
  flags: readonly string[];
  /** The words it takes after its own, if any. */
  arguments?: readonly ArgumentDefinition[];
  examples: readonly ExampleDefinition[];
}

export interface EnvironmentVariableDefinition {
  name: string;
  summary: string;
}

const PROGRAM = 'earshot';

export const programDescription =
  "Query Earshot's public discovery API: supported platforms, capabilities, the OpenAPI description, the MCP configuration and stable links.";

/** The longest wait before a retry: the API's rate-limit window (see retry-policy.ts). */
const maxWaitSeconds = DEFAULT_RETRY_POLICY.maxWaitMs / 1000;

export const flagDefinitions: readonly FlagDefinition[] = [
  { name: 'json', summary: 'Print the JSON the API returned, for scripts and agents (byte for byte in a pipe)' },
  {
    name: 'base-url',
    value: '<url>',
    summary: 'The API to talk to (default: EARSHOT_BASE_URL, else the production API)',
  },
  {
    name: 'timeout',
    value: '<seconds>',
    summary: `Give up on an answer after this long (default ${DEFAULT_TIMEOUT_SECONDS})`,
  },
  {
    name: 'retries',
    value: '<n>',
    summary: `Retries when rate limited (HTTP 429), 0 to ${MAX_RETRIES} (default ${DEFAULT_RETRIES}); each waits as Retry-After says, else a jittered backoff, within --max-wait`,
  },
  {
    name: 'max-wait',
    value: '<seconds>',
    summary: `The longest wait for the rate limit in all, 0 to ${MAX_MAX_WAIT_SECONDS} (default ${maxWaitSeconds}, one rate-limit window; ${MCP_MAX_WAIT_SECONDS} for earshot mcp). When the server asks for longer, fails at once and says when to try again`,
  },
  {
    name: 'client',
    // Too many choices for `{a|b}`, which no terminal fits on a line: the summary lists them.
    value: '<client>',
    choices: mcpClientIds,
    summary: `Print the configuration in this MCP client's own format instead of as served (the mcpServers shape); wins over --json. One of ${mcpClientIds.join(', ')}`,
  },
  {
    name: 'transport',
    value: `{${mcpTransports.join('|')}}`,
    choices: mcpTransports,
    summary:
      'The way to the server: http, the remote endpoint (the default), or stdio, the local server the MCP client starts itself',
  },
  { name: 'help', short: 'h', summary: 'Show help for the command', global: true },
  { name: 'no-color', summary: 'Never colour the output, even where FORCE_COLOR asks for it', global: true },
  { name: 'version', short: 'V', summary: 'Print the version' },
];

/** The shells `earshot completion` writes a script for. */
export const completionShells = ['bash', 'zsh', 'fish'] as const;

/** How a command reaches the API. */
const connectionFlags = ['base-url', 'timeout', 'retries', 'max-wait'] as const;

/** Flags of every command that prints an API answer. */
const apiFlags = ['json', ...connectionFlags] as const;

export const commandDefinitions: readonly CommandDefinition[] = [
  {
    path: ['platforms'],
    summary: 'List the supported platforms and their target types',
    description:
      'Lists the platforms Earshot monitors and what can be monitored on each (keywords, subreddits), from GET /api/v1/platforms.',
    flags: apiFlags,
    examples: [
      { command: 'earshot platforms', description: 'Show the platforms as a table' },
      { command: 'earshot platforms | cut -f1', description: 'Print only the platform ids (tab-separated when piped)' },
      {
        command: "earshot platforms --json | jq -r '.data[].name'",
        description: 'Print the platform names from the JSON',
      },
    ],
  },
  {
    path: ['capabilities'],
    summary: 'Show the product capabilities and resource links',
    description:
      'Shows the product, its description, the supported platforms and the links to integration resources, from GET /api/v1/capabilities.',
    flags: apiFlags,
    examples: [
      { command: 'earshot capabilities', description: 'Show the capabilities' },
      { command: 'earshot capabilities --json | jq .', description: 'Pretty-print the JSON answer' },
      {
        command: 'earshot capabilities --base-url http://localhost:8888',
        description: 'Ask a local server instead of production',
      },
    ],
  },
  {
    path: ['openapi'],
    summary: 'Show the OpenAPI description of the API',
    description:
      'Fetches the OpenAPI 3.1 document from /openapi.json and lists its operations; with --json, prints the document itself.',
    flags: apiFlags,
    examples: [
      { command: 'earshot openapi', description: 'List the operations' },
      { command: 'earshot openapi --json > openapi.json', description: 'Save the document' },
    ],
  },
  {
    path: ['links'],
    summary: 'List the stable links to docs, OpenAPI, MCP and the CLI',
    description:
      'Lists the stable resource links of the capabilities: the docs, authentication, webhooks, OpenAPI, MCP and CLI pages, one per line.',
    flags: apiFlags,
    examples: [
      { command: 'earshot links', description: 'Show every link' },
      {
        command: "earshot links | awk -F'\\t' '$1 == \"openapi\" { print $2 }'",
        description: 'Print one link in a script',
      },
    ],
  },
  {
    path: ['mcp'],
    summary: 'Run the MCP server on stdio, for AI clients',
    description: `Starts a Model Context Protocol server on stdin/stdout, for MCP clients that start local servers (Claude Desktop, Claude Code, Cursor, VS Code, Windsurf, Codex, Gemini CLI). It offers the tools \`${MCP_TOOL_NAMES.listServicePlatforms}\` and \`${MCP_TOOL_NAMES.getServiceCapabilities}\`, and the OpenAPI document and resource links as resources. It runs until the client closes stdin. Clients that take a URL can use the remote endpoint instead. \`earshot mcp config\` prints the remote endpoint's configuration; with \`--transport stdio\`, this server's.`,
    flags: connectionFlags,
    examples: [
      {
        command: 'earshot mcp config --transport stdio',
        description: 'Print the configuration that makes an MCP client start this server',
      },
      {
        command: 'earshot mcp --base-url http://localhost:8888',
        description: 'Serve the API of a local server (an MCP client, not a person, usually runs this)',
      },
    ],
  },
  {
    path: ['mcp', 'config'],
    summary: 'Print the MCP configuration for AI clients',
    description:
      "Fetches the MCP configuration that the capabilities link to (resources.mcp) and prints the server a client needs: the remote endpoint (earshot), or with --transport stdio the local server (earshot-stdio). With --client, prints it in that client's own format: a file's JSON or TOML, a command to run, or for Claude Desktop the URL of a custom connector. On a terminal, it adds the client's install link or command on stderr (Cursor, VS Code, Codex, Gemini CLI), and for Claude Desktop's local server the MCP Bundle to open. With --json, prints the configuration as served, with both. Printed without --json, or with --client or --transport, a configuration that holds control characters is refused rather than printed. So is a local server's command other than the site's own (npx, its tarball, mcp, --base-url on the site), and a remote endpoint or MCP Bundle off the site or whose link names a user. --json alone prints the configuration as served, refusing nothing.",
    flags: [...apiFlags, 'client', 'transport'],
    examples: [
      {
        command: 'earshot mcp config > .mcp.json',
        description: "Write Claude Code's project configuration, for the remote endpoint",
      },
      {
        command: 'mkdir -p .vscode && earshot mcp config --client vscode > .vscode/mcp.json',
        description: "Write VS Code's workspace configuration, for the remote endpoint",
      },
      {
        command: 'earshot mcp config --client claude-code',
        description: 'Print the command that adds the remote endpoint to Claude Code',
      },
      {
        command: 'earshot mcp config --client claude-desktop --transport stdio',
        description: "Print Claude Desktop's configuration for the local server",
      },
      { command: 'earshot mcp config --json > mcp.json', description: 'Save it exactly as served' },
    ],
  },
  {
    path: ['help'],
    summary: 'Show help for a command',
    description:
      'Shows the help of a command, the same as `earshot <command> --help`; without a command, the help of earshot itself.',
    flags: [],
    arguments: [
      {
        name: 'command',
        summary: 'The command, one or more words (mcp config)',
        required: false,
        variadic: true,
        namesCommand: true,
      },
    ],
    examples: [
      { command: 'earshot help platforms', description: 'Show the flags and examples of earshot platforms' },
      { command: 'earshot help mcp config', description: 'Show the help of a subcommand' },
    ],
  },
  {
    path: ['completion'],
    summary: 'Print the shell completion script for bash, zsh or fish',
    description:
      "Prints a script that makes your shell complete earshot's commands, flags and their values with the Tab key. It is generated from the same definitions as this help, so it knows exactly the commands of this version. Save it where your shell loads completions, as the examples show, and open a new shell.",
    flags: [],
    arguments: [
      {
        name: 'shell',
        summary: `The shell: ${completionShells.join(', ')}`,
        required: true,
        choices: completionShells,
      },
    ],
    examples: [
      {
        command: "earshot completion bash > ~/.earshot.bash && echo 'source ~/.earshot.bash' >> ~/.bashrc",
        description: 'Bash: save the script in your home folder and load it from ~/.bashrc',
      },
      {
        command: 'mkdir -p ~/.zfunc && earshot completion zsh > ~/.zfunc/_earshot',
        description:
          'Zsh: a file named _earshot in a folder of your own; in ~/.zshrc, add fpath=(~/.zfunc $fpath) before compinit',
      },
      {
        command: 'set d ~/.config/fish/completions; mkdir -p $d; earshot completion fish > $d/earshot.fish',
        description: 'Fish: a file in the folder fish loads completions from (run in fish)',
      },
    ],
  },
];

export const environmentVariableDefinitions: readonly EnvironmentVariableDefinition[] = [
  { name: 'EARSHOT_BASE_URL', summary: 'The API to talk to when --base-url is not given' },
  { name: 'HTTPS_PROXY, HTTP_PROXY', summary: 'Send requests through this proxy (lowercase spellings too)' },
  { name: 'NO_PROXY', summary: 'Hosts to reach without the proxy, comma-separated' },
  { name: 'NO_COLOR', summary: 'Set to anything to turn colour off (colour is only used on a terminal anyway)' },
  {
    name: 'FORCE_COLOR',
    summary: 'Set to anything to colour even when piped, over NO_COLOR; 0 turns colour off (--no-color wins over both)',
  },
  { name: 'EARSHOT_DEBUG', summary: 'Set to 1 to print request details and every schema problem on stderr' },
  {
    name: 'EARSHOT_NO_UPDATE_NOTIFIER',
    summary: 'Set to anything to stop the daily check for a new release (made only on a terminal, never in CI)',
  },
];

export const programExamples: readonly ExampleDefinition[] = [
  { command: 'earshot platforms', description: 'List the supported platforms' },
  { command: 'earshot help platforms', description: 'Show the flags and examples of a command' },
  { command: 'earshot capabilities --json | jq .', description: 'Get the capabilities as JSON' },
  { command: 'earshot links', description: 'Show where the docs, OpenAPI document and MCP configuration live' },
];

/** How the client prints, one sentence each. */
export const outputModeDefinitions: readonly string[] = [
  'On a terminal, results are aligned tables, by display width so that CJK, emoji and combining marks line up, with colour unless NO_COLOR is set; help is wrapped to the terminal (80 columns when its width is unknown).',
  'Piped or redirected, they are stable tab-separated lines without a header, one record per line.',
  'With --json, the client prints the JSON the API returned, after checking what a v1 client may rely on: fields, target types and links that a newer API adds pass through as they are. In a pipe, it is byte for byte what came; on a terminal, control characters are escaped.',
  "Data goes to stdout; errors go to stderr as one error: line and one hint: line. When rate limited, the client waits as the server's Retry-After asks, up to --max-wait in all, says so once on stderr when the wait is longer than a few seconds, and Ctrl-C ends the wait.",
  'When an answer announces a breaking change (its Deprecation and Sunset headers), the client prints one notice: line on stderr after its output, with --json too, once per announcement and site. It remembers the ones shown, with the site that sent them, in notices.json in $XDG_STATE_HOME/earshot (else ~/.local/state/earshot). A link in the notice that is not on that site is left out.',
];

export { exitCodeDefinitions };

export const commandName = (path: readonly string[]) => [PROGRAM, ...path].join(' ');

function findFlag(name: string): FlagDefinition | undefined {
  return flagDefinitions.find((flag) => flag.name === name);
}

/** `--base-url <url>` or `-h, --help`. */
export function formatFlag(flag: FlagDefinition): string {
  return `${flag.short ? `-${flag.short}, ` : ''}--${flag.name}${flag.value ? ` ${flag.value}` : ''}`;
}

/** `<shell>` for a required argument, `[<command>...]` for an optional variadic one. */
export function formatArgument(argument: ArgumentDefinition): string {
  const word = `<${argument.name}>${argument.variadic ? '...' : ''}`;
  return argument.required ? word : `[${word}]`;
}

/** The flags a command takes, `--help` last: what its help, its docs and its completion list. */
export function flagsOf(command: CommandDefinition): FlagDefinition[] {
  const names = [...command.flags, ...flagDefinitions.filter((flag) => flag.global).map((flag) => flag.name)];
  return [...new Set(names)].map((name) => findFlag(name)!);
}

/** `earshot completion <shell>`, `earshot platforms [flags]`: how to call a command. */
export function formatUsage(command: CommandDefinition): string {
  const words = [commandName(command.path), ...(command.arguments ?? []).map(formatArgument)];
  if (command.flags.length > 0) words.push('[flags]');
  return words.join(' ');
}

/** The commands that talk to the API: they take its connection flags. */
export function talksToApi(command: CommandDefinition): boolean {
  return command.flags.includes('base-url');
}
