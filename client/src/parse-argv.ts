import { formatSuggestion } from './suggest.ts';
import { commandDefinitions, flagDefinitions, type CommandDefinition } from './definitions.ts';

export interface ParsedArgv {
  positionals: string[];
  /** By long name; `true` for a flag without a value. Flags may come before or after the command. */
  flags: Map<string, string | true>;
  /**
   * Flags no command knows, as spelled (`--jsno`). They are reported once the command is known,
   * so that the suggestion comes from that command's own flags.
   */
  unknownFlags: string[];
}

export type UsageProblem = { ok: false; message: string; hint: string };

/** Splits argv by the flag definitions: `--name value`, `--name=value`, `-h`, and `--` to stop. */
export function parseArgv(argv: readonly string[]): ({ ok: true } & ParsedArgv) | UsageProblem {
  const positionals: string[] = [];
  const flags = new Map<string, string | true>();
  const unknownFlags: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (token === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!token.startsWith('-') || token === '-') {
      positionals.push(token);
      continue;
    }
    const [spelled, inlineValue] = token.startsWith('--') ? splitOnce(token, '=') : [token, undefined];
    const flag = token.startsWith('--')
      ? flagDefinitions.find((candidate) => `--${candidate.name}` === spelled)
      : flagDefinitions.find((candidate) => candidate.short !== undefined && `-${candidate.short}` === spelled);
    if (!flag) {
      // Whether it would have taken a value is unknown; the words after it stay positionals.
      unknownFlags.push(spelled);
      continue;
    }
    if (!flag.value) {
      if (inlineValue !== undefined) return usage(`--${flag.name} takes no value`, `write --${flag.name} alone`);
      flags.set(flag.name, true);
      continue;
    }
    const value = inlineValue ?? argv[++i];
    if (value === undefined)
      return usage(`--${flag.name} needs a value ${flag.value}`, `for example --${flag.name} ${exampleValue(flag)}`);
    if (flag.choices && !flag.choices.includes(value)) {
      // A mistyped value gets the close ones (`vscod` → `vscode`), as a mistyped flag does.
      return usage(
        `--${flag.name} must be one of ${flag.choices.join(', ')} (got ${JSON.stringify(value)})`,
        formatSuggestion(value, flag.choices, (choice) => `--${flag.name} ${choice}`) ??
          `for example --${flag.name} ${flag.choices[0]}`,
      );
    }
    flags.set(flag.name, value);
  }
  return { ok: true, positionals, flags, unknownFlags };
}

export type ResolvedCommand =
  | { kind: 'root' }
  | { kind: 'command'; command: CommandDefinition; extra: string[] }
  | { kind: 'unknown'; words: string[] };

/** The longest command whose words start the positionals (`mcp config` over `mcp`). */
export function resolveCommand(positionals: readonly string[]): ResolvedCommand {
  if (positionals.length === 0) return { kind: 'root' };
  const matches = (path: readonly string[]) => path.every((word, index) => positionals[index] === word);
  const command = [...commandDefinitions]
    .sort((a, b) => b.path.length - a.path.length)
    .find((candidate) => matches(candidate.path));
  if (command) return { kind: 'command', command, extra: positionals.slice(command.path.length) };
  return { kind: 'unknown', words: [...positionals] };
}

/** The commands one word longer than `path`: `mcp config` under `mcp`. */
export function findSubcommands(path: readonly string[]): CommandDefinition[] {
  return commandDefinitions.filter(
    (command) => command.path.length === path.length + 1 && path.every((word, index) => command.path[index] === word),
  );
}

function exampleValue(flag: { value?: string; choices?: readonly string[] }): string {
  if (flag.choices) return flag.choices[0]!;
  return flag.value === '<url>' ? 'http://localhost:8888' : '5';
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at === -1 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

function usage(message: string, hint: string): UsageProblem {
  return { ok: false, message, hint };
}
