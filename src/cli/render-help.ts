import {
  commandDefinitions,
  commandName,
  environmentVariableDefinitions,
  exitCodeDefinitions,
  findFlag,
  flagDefinitions,
  formatFlag,
  programDescription,
  programExamples,
  type CommandDefinition,
  type ExampleDefinition,
} from './definitions.ts';
import type { Style } from './output/style.ts';
import { buildFacts } from './baked/build-facts.ts';
import { findSubcommands } from './parse-argv.ts';

const DOCS_URL = buildFacts.cliDocsUrl;

/** `earshot --help`: every command, flag, environment variable and exit code. */
export function renderProgramHelp(style: Style): string {
  return [
    programDescription,
    section(style, 'USAGE', ['earshot <command> [flags]']),
    section(style, 'COMMANDS', columns(commandDefinitions.map((command) => [command.path.join(' '), command.summary]))),
    section(style, 'FLAGS', columns(flagDefinitions.map((flag) => [formatFlag(flag), flag.summary]))),
    section(style, 'ENVIRONMENT', columns(environmentVariableDefinitions.map((variable) => [variable.name, variable.summary]))),
    section(style, 'EXIT CODES', columns(exitCodeDefinitions.map(({ code, meaning }) => [String(code), meaning]))),
    section(style, 'EXAMPLES', examples(programExamples)),
    section(style, 'LEARN MORE', ['Use `earshot <command> --help` for more about a command.', `Read the manual at ${DOCS_URL}`]),
  ].join('\n\n') + '\n';
}

/** `earshot <command> --help`: its usage, subcommands, flags and examples. */
export function renderCommandHelp(command: CommandDefinition, style: Style): string {
  const flags = [...command.flags, 'help'].map((name) => findFlag(name)!);
  const subcommands = findSubcommands(command.path);
  return [
    command.description,
    section(style, 'USAGE', [`${commandName(command.path)}${flags.length > 1 ? ' [flags]' : ''}`]),
    ...(subcommands.length > 0 ? [section(style, 'COMMANDS', columns(subcommands.map((subcommand) => [subcommand.path.join(' '), subcommand.summary])))] : []),
    section(style, 'FLAGS', columns(flags.map((flag) => [formatFlag(flag), flag.summary]))),
    section(style, 'EXAMPLES', examples(command.examples)),
    section(style, 'EXIT CODES', columns(exitCodeDefinitions.map(({ code, meaning }) => [String(code), meaning]))),
  ].join('\n\n') + '\n';
}

function section(style: Style, title: string, lines: readonly string[]): string {
  return [style.bold(title), ...lines.map((line) => `  ${line}`)].join('\n');
}

function columns(rows: readonly (readonly [string, string])[]): string[] {
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `${left.padEnd(width)}  ${right}`);
}

function examples(list: readonly ExampleDefinition[]): string[] {
  return list.flatMap((example) => [`# ${example.description}`, `$ ${example.command}`]);
}
