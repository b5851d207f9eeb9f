/**
 * `earshot completion {bash|zsh|fish}`: shell completion scripts generated from the command
 * definitions (definitions.ts), the same data as `--help` and the docs, so they cannot drift from
 * the commands, flags and values of this version.
 *
 * All three work the same way: they find the command typed so far (the words before the cursor
 * that are neither flags nor a flag's value), then offer that command's subcommands or argument
 * values, or its flags when the word starts with `-`, or the values of the flag just typed.
 */
import {
  commandDefinitions,
  completionShells,
  flagDefinitions,
  flagsOf,
  type CommandDefinition,
} from './definitions.ts';
import { findSubcommands } from './parse-argv.ts';

export type CompletionShell = (typeof completionShells)[number];

/** What may follow one command path: words (with a summary) and flags. */
interface CompletionState {
  /** The command's words joined by spaces; `''` for `earshot` alone. */
  path: string;
  words: { word: string; summary: string }[];
  flags: {
    name: string;
    short?: string | undefined;
    summary: string;
    takesValue: boolean;
    choices?: readonly string[] | undefined;
  }[];
}

/** Every command path a user can have typed, with what completes after it. */
export function completionStates(): CompletionState[] {
  const flagsFor = (command: CommandDefinition | undefined) =>
    (command ? flagsOf(command) : flagDefinitions.filter((flag) => flag.global || flag.name === 'version')).map(
      (flag) => ({
        name: flag.name,
        short: flag.short,
        summary: flag.summary,
        takesValue: flag.value !== undefined,
        choices: flag.choices,
      }),
    );
  const subcommandWords = (path: readonly string[]) =>
    findSubcommands(path).map((command) => ({ word: command.path.at(-1)!, summary: command.summary }));
  const states: CompletionState[] = [{ path: '', words: subcommandWords([]), flags: flagsFor(undefined) }];
  for (const command of commandDefinitions) {
    const argument = command.arguments?.[0];
    const argumentWords = argument?.choices?.map((choice) => ({ word: choice, summary: argument.summary })) ?? [];
    if (!argument?.namesCommand) {
      states.push({
        path: command.path.join(' '),
        words: [...subcommandWords(command.path), ...argumentWords],
        flags: flagsFor(command),
      });
      continue;
    }
    // `earshot help <command…>` names a command word by word: after `help`, the top-level
    // commands; after `help mcp`, the subcommands of `mcp`.
    for (const named of [[], ...commandDefinitions.map((definition) => definition.path)]) {
      const next = subcommandWords(named);
      if (named.length === 0 || next.length > 0)
        states.push({ path: [...command.path, ...named].join(' '), words: next, flags: flagsFor(command) });
    }
  }
  return states;
}

/** The flags that take a value: the word after them is that value, not a command. */
const valueFlags = () => flagDefinitions.filter((flag) => flag.value !== undefined);

export function renderCompletionScript(shell: CompletionShell): string {
  switch (shell) {
    case 'bash':
      return renderBash();
    case 'zsh':
      return renderZsh();
    case 'fish':
      return renderFish();
  }
}

/** A word for a shell's single quotes: POSIX has no escape inside them, so `'` is closed, escaped, reopened. */
const singleQuoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

function valueFlagPattern(): string {
  return valueFlags()
    .map((flag) => `--${flag.name}`)
    .join('|');
}

/**
 * Bash and zsh: a loop that sets `typed` to the command typed so far (the words before the cursor
 * that are neither flags nor a flag's value), from the shell's own array of words and its index of
 * the word under the cursor. It needs `word`, `i`, `skip=0` and `typed=""` declared local.
 */
function typedCommandLoop({ first, last, words }: { first: number; last: string; words: string }): string {
  return `  # The command typed so far: the words that are neither flags nor a flag's value.
  for (( i = ${first}; i < ${last}; i++ )); do
    word="\${${words}[i]}"
    if (( skip )); then skip=0; continue; fi
    case "$word" in
      ${valueFlagPattern()}) skip=1 ;;
      -*) ;;
      *) typed="\${typed:+$typed }$word" ;;
    esac
  done`;
}

function renderBash(): string {
  const states = completionStates();
  const cases = states
    .map(
      (state) =>
        `    ${singleQuoted(state.path)}) words=${singleQuoted(state.words.map((entry) => entry.word).join(' '))}; flags=${singleQuoted(state.flags.flatMap((flag) => [`--${flag.name}`, ...(flag.short ? [`-${flag.short}`] : [])]).join(' '))} ;;`,
    )
    .join('\n');
  const valueCases = valueFlags()
    .map(
      (flag) =>
        `    --${flag.name}) COMPREPLY=(${flag.choices ? `$(compgen -W ${singleQuoted(flag.choices.join(' '))} -- "$cur")` : ''}); return ;;`,
    )
    .join('\n');
  return `# bash completion for earshot. Generated by \`earshot completion bash\` from the client's command
# definitions; regenerate it after upgrading earshot.
_earshot() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="" typed="" word words flags i skip=0
  (( COMP_CWORD > 0 )) && prev="\${COMP_WORDS[COMP_CWORD-1]}"
  case "$prev" in
${valueCases}
  esac
${typedCommandLoop({ first: 1, last: 'COMP_CWORD', words: 'COMP_WORDS' })}
  case "$typed" in
${cases}
    *) words=''; flags='' ;;
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$flags" -- "$cur"))
  else
    COMPREPLY=($(compgen -W "$words" -- "$cur"))
  fi
}
complete -F _earshot earshot
`;
}

function renderZsh(): string {
  const states = completionStates();
  // _describe reads "word:summary"; a colon inside the word must be escaped.
  const item = (word: string, summary: string) => singleQuoted(`${word.replace(/:/g, '\\:')}:${summary}`);
  const cases = states
    .map((state) => {
      const words = state.words.map((entry) => item(entry.word, entry.summary)).join(' ');
      const flags = state.flags
        .flatMap((flag) => [
          item(`--${flag.name}`, flag.summary),
          ...(flag.short ? [item(`-${flag.short}`, flag.summary)] : []),
        ])
        .join(' ');
      return `    ${singleQuoted(state.path)}) candidates=(${words}); options=(${flags}) ;;`;
    })
    .join('\n');
  const valueCases = valueFlags()
    .map(
      (flag) =>
        `    --${flag.name}) ${flag.choices ? `compadd -- ${flag.choices.map(singleQuoted).join(' ')}` : `_message ${singleQuoted(flag.value!)}`}; return ;;`,
    )
    .join('\n');
  return `#compdef earshot
# zsh completion for earshot. Generated by \`earshot completion zsh\` from the client's command
# definitions; regenerate it after upgrading earshot.
_earshot() {
  # $words and $path are zsh's own (the command line, and $PATH as an array): use other names.
  local prev="\${words[CURRENT-1]}" cur="\${words[CURRENT]}" typed="" word i skip=0
  local -a candidates options
  case "$prev" in
${valueCases}
  esac
${typedCommandLoop({ first: 2, last: 'CURRENT', words: 'words' })}
  case "$typed" in
${cases}
    *) candidates=(); options=() ;;
  esac
  if [[ "$cur" == -* ]]; then
    _describe -t flags 'flag' options
  else
    _describe -t commands 'command' candidates
  fi
}
# Sourced (eval "$(earshot completion zsh)") rather than autoloaded from $fpath: register it.
if [[ "\${funcstack[1]}" != _earshot ]]; then compdef _earshot earshot; else _earshot "$@"; fi
`;
}

function renderFish(): string {
  const states = completionStates();
  const lines: string[] = [];
  for (const state of states) {
    const condition = `__earshot_at ${singleQuoted(state.path)}`;
    for (const entry of state.words)
      lines.push(
        `complete -c earshot -n ${singleQuoted(condition)} -a ${singleQuoted(entry.word)} -d ${singleQuoted(entry.summary)}`,
      );
    for (const flag of state.flags) {
      const value = flag.takesValue ? (flag.choices ? ` -x -a ${singleQuoted(flag.choices.join(' '))}` : ' -x') : '';
      lines.push(
        `complete -c earshot -n ${singleQuoted(condition)}${flag.short ? ` -s ${flag.short}` : ''} -l ${flag.name}${value} -d ${singleQuoted(flag.summary)}`,
      );
    }
  }
  return `# fish completion for earshot. Generated by \`earshot completion fish\` from the client's command
# definitions; regenerate it after upgrading earshot.

# The command typed so far: the words that are neither flags nor a flag's value.
function __earshot_path
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l typed
    set -l skip 0
    for token in $tokens
        if test $skip -eq 1
            set skip 0
            continue
        end
        switch $token
            case ${valueFlags()
              .map((flag) => `--${flag.name}`)
              .join(' ')}
                set skip 1
            case '-*'
            case '*'
                set -a typed $token
        end
    end
    string join ' ' -- $typed
end

function __earshot_at
    set -l typed (__earshot_path)
    test "$typed" = "$argv[1]"
end

# Files are never what earshot takes.
complete -c earshot -f
${lines.join('\n')}
`;
}
