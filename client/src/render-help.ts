import {
  commandDefinitions,
  environmentVariableDefinitions,
  exitCodeDefinitions,
  flagDefinitions,
  flagsOf,
  formatArgument,
  formatFlag,
  formatUsage,
  programDescription,
  programExamples,
  talksToApi,
  type CommandDefinition,
  type ExampleDefinition,
} from './definitions.ts';
import { displayWidth, padToWidth } from './output/display-width.ts';
import type { Style } from './output/style.ts';
import { wrapShellCommand, wrapText, wrapWords } from './output/wrap.ts';
import { buildFacts } from './baked/build-facts.ts';
import { findSubcommands } from './parse-argv.ts';

const DOCS_URL = buildFacts.cliDocsUrl;

/** How help is laid out: its style, and the columns it may use (the terminal's, else 80). */
export interface HelpLayout {
  style: Style;
  width: number;
}

/** Section bodies are indented by this much, as gh does. */
const INDENT = 2;
/** A left column wider than this puts its text on the next line instead of squeezing it. */
const MAX_LEFT_WIDTH = 24;
/** The narrowest text column beside the terms; narrower, the list is stacked. */
const MIN_TEXT_WIDTH = 30;

/** `earshot --help`, `earshot help`: every command with its flags, the global flags, environment and exit codes. */
export function renderProgramHelp(layout: HelpLayout): string {
  const { style } = layout;
  const commands = commandDefinitions.map((command): Row => {
    const flags = command.flags.map((name) => `[${formatFlag(flagDefinitions.find((flag) => flag.name === name)!)}]`);
    return {
      left: commandWithArguments(command),
      right: [{ words: words(command.summary) }, { words: flags, style: style.dim }],
    };
  });
  return joinSections([
    wrapText(programDescription, layout.width).join('\n'),
    section(layout, 'USAGE', ['earshot <command> [flags]']),
    section(layout, 'COMMANDS', definitionList(commands, layout)),
    section(
      layout,
      'FLAGS',
      definitionList(flagDefinitions.filter((flag) => flag.global || flag.name === 'version').map(flagRow), layout),
    ),
    section(
      layout,
      'ENVIRONMENT',
      definitionList(
        environmentVariableDefinitions.map((variable) => textRow(variable.name, variable.summary)),
        layout,
      ),
    ),
    section(
      layout,
      'EXIT CODES',
      definitionList(
        exitCodeDefinitions.map(({ code, meaning }) => textRow(String(code), meaning)),
        layout,
      ),
    ),
    section(layout, 'EXAMPLES', examples(programExamples, layout)),
    section(layout, 'LEARN MORE', [
      ...wrapText(
        'Use `earshot help <command>` (or `earshot <command> --help`) for the flags and examples of a command.',
        layout.width - INDENT,
      ),
      ...wrapText(`Read the manual at ${DOCS_URL}`, layout.width - INDENT),
    ]),
  ]);
}

/**
 * `earshot` alone: what it is, its commands with their summaries, one example and where the rest
 * is; a screen, not the whole manual.
 * @see https://clig.dev/#help ("display concise help text by default")
 */
export function renderShortUsage(layout: HelpLayout): string {
  return joinSections([
    wrapText(programDescription, layout.width).join('\n'),
    section(layout, 'USAGE', ['earshot <command> [flags]']),
    section(
      layout,
      'COMMANDS',
      definitionList(
        commandDefinitions.map((command) => textRow(commandWithArguments(command), command.summary)),
        layout,
      ),
    ),
    section(layout, 'EXAMPLE', examples(programExamples.slice(0, 1), layout)),
    wrapText('Run `earshot --help` for every flag, variable and exit code.', layout.width).join('\n'),
  ]);
}

/** `earshot <command> --help`, `earshot help <command>`: its usage, arguments, subcommands, flags and examples. */
export function renderCommandHelp(command: CommandDefinition, layout: HelpLayout): string {
  const subcommands = findSubcommands(command.path);
  const args = command.arguments ?? [];
  return joinSections([
    wrapText(command.description, layout.width).join('\n'),
    section(layout, 'USAGE', [formatUsage(command)]),
    ...(args.length > 0
      ? [
          section(
            layout,
            'ARGUMENTS',
            definitionList(
              args.map((argument) => textRow(formatArgument(argument), argument.summary)),
              layout,
            ),
          ),
        ]
      : []),
    ...(subcommands.length > 0
      ? [
          section(
            layout,
            'COMMANDS',
            definitionList(
              subcommands.map((subcommand) => textRow(commandWithArguments(subcommand), subcommand.summary)),
              layout,
            ),
          ),
        ]
      : []),
    section(layout, 'FLAGS', definitionList(flagsOf(command).map(flagRow), layout)),
    section(layout, 'EXAMPLES', examples(command.examples, layout)),
    // Only a command that talks to the API can meet what the codes above 2 report.
    ...(talksToApi(command)
      ? [
          section(
            layout,
            'EXIT CODES',
            definitionList(
              exitCodeDefinitions.map(({ code, meaning }) => textRow(String(code), meaning)),
              layout,
            ),
          ),
        ]
      : []),
    section(layout, 'LEARN MORE', wrapText(`Read the manual at ${DOCS_URL}`, layout.width - INDENT)),
  ]);
}

/** A row of a definition list: a term, and paragraphs of words beside it, each wrapped on its own. */
interface Row {
  left: string;
  right: { words: readonly string[]; style?: (text: string) => string }[];
}

const words = (text: string) => text.split(/ +/);
const textRow = (left: string, text: string): Row => ({ left, right: [{ words: words(text) }] });
const flagRow = (flag: (typeof flagDefinitions)[number]): Row => textRow(formatFlag(flag), flag.summary);

function commandWithArguments(command: CommandDefinition): string {
  return [command.path.join(' '), ...(command.arguments ?? []).map(formatArgument)].join(' ');
}

/**
 * Terms on the left, their text on the right, wrapped to the width with a hanging indent. A term
 * too wide for the column (`--client {claude-desktop|cursor|claude-code|vscode}`) stands on a line
 * of its own and its text starts below it, so one long term does not squeeze every row.
 */
function definitionList(rows: readonly Row[], layout: HelpLayout): string[] {
  const fitting = rows.map((row) => displayWidth(row.left)).filter((width) => width <= MAX_LEFT_WIDTH);
  // On a narrow terminal, two columns would leave the text too little room: every term then
  // stands on its own line, with its text below, indented.
  const stacked = layout.width - INDENT - (Math.max(0, ...fitting) + 2) < MIN_TEXT_WIDTH;
  const leftWidth = stacked ? 0 : Math.max(0, ...fitting);
  const textColumn = stacked ? INDENT : leftWidth + 2;
  const textWidth = Math.max(layout.width - INDENT - textColumn, 1);
  const lines: string[] = [];
  for (const row of rows) {
    const text = row.right.flatMap(({ words: paragraph, style = (line: string) => line }) =>
      wrapWords(paragraph, textWidth).map(style),
    );
    const [first = '', ...rest] = text;
    if (displayWidth(row.left) > leftWidth)
      lines.push(row.left, ...text.map((line) => `${' '.repeat(textColumn)}${line}`));
    else
      lines.push(
        `${padToWidth(row.left, leftWidth)}  ${first}`.trimEnd(),
        ...rest.map((line) => `${' '.repeat(textColumn)}${line}`),
      );
  }
  return lines;
}

function section(layout: HelpLayout, title: string, lines: readonly string[]): string {
  return [layout.style.bold(title), ...lines.map((line) => (line === '' ? '' : `${' '.repeat(INDENT)}${line}`))].join(
    '\n',
  );
}

/**
 * `# what it shows` (wrapped, each line a comment) then `$ the command`, continued with ` \` where
 * it is too long, so that it still runs when copied.
 */
function examples(list: readonly ExampleDefinition[], layout: HelpLayout): string[] {
  return list.flatMap((example) => [
    ...wrapText(example.description, layout.width - INDENT - 2).map((line) => `# ${line}`),
    ...wrapShellCommand(example.command, layout.width - INDENT),
  ]);
}

function joinSections(sections: readonly string[]): string {
  return `${sections.join('\n\n')}\n`;
}
