/**
 * The usage errors that name something mistyped, each with a suggestion when one is close
 * (`did you mean "platforms"?`), else the help to read. Shared by `run` and `earshot help`.
 */
import { commandDefinitions, commandName, flagDefinitions, flagsOf, type CommandDefinition } from './definitions.ts';
import { findSubcommands, resolveCommand } from './parse-argv.ts';
import { formatSuggestion } from './suggest.ts';

export interface UsageText {
  message: string;
  hint: string;
}

/**
 * `earshot platfroms` or `earshot mcp confg`: the words as far as they name a command, then the
 * first that does not. `undefined` when the words do name a command.
 */
export function describeUnknownCommand(words: readonly string[]): UsageText | undefined {
  const resolved = resolveCommand(words);
  if (resolved.kind === 'root') return undefined;
  const known = resolved.kind === 'command' ? resolved.command.path : [];
  const extra = resolved.kind === 'command' ? resolved.extra : resolved.words;
  if (extra.length === 0) return undefined;
  const subcommands = findSubcommands(known);
  if (subcommands.length === 0) return undefined;
  const typed = [...known, extra[0]!].join(' ');
  const suggestion = formatSuggestion(
    extra[0]!,
    subcommands.map((command) => command.path.at(-1)!),
    (word) => `"${[...known, word].join(' ')}"`,
  );
  const help =
    known.length === 0
      ? 'run `earshot help` to see the commands'
      : `run \`earshot help ${known.join(' ')}\` to see its commands`;
  return { message: `unknown command "${typed}"`, hint: suggestion ?? help };
}

/** `--jsno`: the closest of the command's own flags (or, with no command, of every flag). */
export function describeUnknownFlag(spelled: string, command: CommandDefinition | undefined): UsageText {
  const flags = command ? flagsOf(command) : flagDefinitions;
  const names = flags.flatMap((flag) => [`--${flag.name}`, ...(flag.short ? [`-${flag.short}`] : [])]);
  // Typed with one dash or two, a long name is compared without them: `-json` is close to `--json`.
  const bare = spelled.replace(/^-+/, '');
  const suggestion =
    formatSuggestion(
      bare,
      flags.map((flag) => flag.name),
      (name) => `--${name}`,
    ) ?? (names.includes(`--${bare}`) ? `did you mean --${bare}?` : undefined);
  const help = command
    ? `run \`${commandName(command.path)} --help\` to see its flags`
    : 'run `earshot --help` to see the flags';
  return { message: `unknown flag ${spelled}`, hint: suggestion ?? help };
}

/** A flag that exists, on a command that does not take it: say which commands do. */
export function describeMisplacedFlag(name: string, command: CommandDefinition): UsageText {
  const owners = commandDefinitions.filter((candidate) => candidate.flags.includes(name));
  const message = `${commandName(command.path)} does not take --${name}`;
  if (name === 'version') return { message, hint: 'for the version, run `earshot --version` alone' };
  if (owners.length === 0) return { message, hint: `run \`${commandName(command.path)} --help\` to see its flags` };
  return { message, hint: `--${name} is a flag of ${owners.map((owner) => commandName(owner.path)).join(', ')}` };
}

/** A value an argument does not accept, such as the shell of `earshot completion`. */
export function describeBadArgument(
  command: CommandDefinition,
  argumentName: string,
  value: string,
  choices: readonly string[],
): UsageText {
  const suggestion = formatSuggestion(value, choices);
  return {
    message: `${commandName(command.path)}: ${JSON.stringify(value)} is not a ${argumentName} it knows (${choices.join(', ')})`,
    hint: suggestion ?? `for example ${commandName(command.path)} ${choices[0]}`,
  };
}
