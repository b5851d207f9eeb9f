import {
  commandDefinitions,
  commandName,
  environmentVariableDefinitions,
  exitCodeDefinitions,
  findFlag,
  flagDefinitions,
  formatFlag,
  programDescription,
} from './definitions.ts';

export interface CliReferenceOptions {
  /** The heading level of the top sections; 2 when the page title is the `#` heading. */
  headingLevel?: number;
}

/**
 * The command-line reference as Markdown (CommonMark + GFM tables), rendered from the same
 * definitions as `earshot --help`, for the docs page `/docs/cli/`. No front matter: the page
 * that embeds it owns its title.
 */
export function renderCliReference(options: CliReferenceOptions = {}): string {
  const level = options.headingLevel ?? 2;
  const heading = (depth: number, text: string) => `${'#'.repeat(level + depth)} ${text}`;
  const blocks: string[] = [
    programDescription,
    heading(0, 'Install'),
    'The client needs Node.js 20 or newer. Install it from the package tarball:',
    fence('sh', 'npm install -g ./earshot-*.tgz\nearshot --version'),
    heading(0, 'Commands'),
    table(['Command', 'What it does'], commandDefinitions.map((command) => [code(commandName(command.path)), command.summary])),
  ];
  for (const command of commandDefinitions) {
    const flags = [...command.flags, 'help'].map((name) => findFlag(name)!);
    blocks.push(
      heading(1, code(commandName(command.path))),
      command.description,
      fence('sh', `${commandName(command.path)} [flags]`),
      table(['Flag', 'Meaning'], flags.map((flag) => [escapeCell(code(formatFlag(flag))), escapeCell(flag.summary)])),
      'Examples:',
      fence('sh', command.examples.map((example) => `# ${example.description}\n${example.command}`).join('\n\n')),
    );
  }
  blocks.push(
    heading(0, 'Output'),
    [
      '- On a terminal, results are aligned tables, with colour unless `NO_COLOR` is set.',
      '- Piped or redirected, they are stable tab-separated lines without a header, one record per line.',
      '- With `--json`, the client prints exactly the JSON the API returned, after checking it against the API\'s JSON Schemas.',
      '- Data goes to stdout; errors go to stderr as one `error:` line and one `hint:` line.',
    ].join('\n'),
    heading(0, 'Flags'),
    table(['Flag', 'Meaning'], flagDefinitions.map((flag) => [escapeCell(code(formatFlag(flag))), escapeCell(flag.summary)])),
    heading(0, 'Environment variables'),
    table(['Variable', 'Meaning'], environmentVariableDefinitions.map((variable) => [code(variable.name), escapeCell(variable.summary)])),
    heading(0, 'Exit codes'),
    table(['Code', 'Meaning'], exitCodeDefinitions.map(({ code: exit, meaning }) => [String(exit), escapeCell(meaning)])),
  );
  return blocks.join('\n\n') + '\n';
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

function code(text: string): string {
  return `\`${text}\``;
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function fence(language: string, body: string): string {
  return `\`\`\`${language}\n${body}\n\`\`\``;
}
