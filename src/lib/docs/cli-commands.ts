/**
 * The `earshot` client's commands and global options, as the CLI reference page lists them.
 * The client is built in its own issue; once its command definitions exist in this repository,
 * this list is to be generated from them (it is the only part of the page that names commands).
 */
export interface CliCommandDoc {
  /** The command line, `<required>` and `[optional]` as in the client's help. */
  usage: string;
  /** One line, sentence case, no trailing period. */
  summary: string;
}

export const cliCommands: readonly CliCommandDoc[] = [
  { usage: 'earshot platforms', summary: 'List the supported platforms and their target types' },
  { usage: 'earshot capabilities', summary: 'Show the product capabilities and the links to integration resources' },
  { usage: 'earshot openapi', summary: 'Print the OpenAPI document' },
  { usage: 'earshot mcp config', summary: 'Print the configuration an MCP client needs to start the MCP server' },
  { usage: 'earshot mcp', summary: 'Run the MCP server over stdio' },
  { usage: 'earshot links', summary: 'Print the stable links: documentation, OpenAPI, MCP and more' },
];

export const cliGlobalOptions: readonly CliCommandDoc[] = [
  { usage: '--json', summary: 'Print JSON instead of human-readable output' },
  { usage: '--base-url <url>', summary: 'Talk to another deployment, such as a deploy preview or a local server' },
];
