import type { Readable, Writable } from 'node:stream';
import { createApiClient } from './api/api-client.ts';
import type { ClientError, ClientErrorKind } from './api/client-error.ts';
import { formatErrorLines } from './api/client-error.ts';
import { buildUserAgent, resolveClientSettings } from './api/client-settings.ts';
import type { FetchLike } from './api/fetch-like.ts';
import { formatWait, type RetryWait } from './api/request-json.ts';
import { ANNOUNCED_WAIT_MS, MCP_MAX_WAIT_SECONDS } from './api/retry-policy.ts';
import { buildFacts } from './baked/build-facts.ts';
import type { CommandHandler } from './commands/command-context.ts';
import { commandHandlers } from './commands/index.ts';
import { commandName, flagDefinitions, formatArgument, type CommandDefinition } from './definitions.ts';
import { ExitCode, type ExitCodeValue } from './exit-codes.ts';
import { loadDisplayWidth } from './output/display-width.ts';
import { createStyle, type OutputStream, type Style } from './output/style.ts';
import { toPrintable } from './output/printable.ts';
import { columnsOf, wrapText, wrapWords } from './output/wrap.ts';
import { parseArgv, resolveCommand } from './parse-argv.ts';
import { renderCommandHelp, renderProgramHelp, renderShortUsage } from './render-help.ts';
import {
  describeBadArgument,
  describeMisplacedFlag,
  describeUnknownCommand,
  describeUnknownFlag,
  type UsageText,
} from './usage-problems.ts';

/** Everything the client touches outside itself. `main.ts` passes the process's; tests their own. */
export interface CliIo {
  stdout: OutputStream;
  stderr: OutputStream;
  /** The process's own streams, for `earshot mcp`, which speaks the protocol over them. */
  stdio?: { stdin: Readable; stdout: Writable } | undefined;
  env: Record<string, string | undefined>;
  /** Defaults to Node's fetch (or undici's when a proxy variable is set). */
  fetch?: FetchLike;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Aborts requests and retry waits (the launcher aborts it on Ctrl-C): the run then ends with exit code 130. */
  signal?: AbortSignal | undefined;
  now?: () => number;
  random?: () => number;
}

const exitCodeByErrorKind: Record<ClientErrorKind, ExitCodeValue> = {
  'rate-limited': ExitCode.rateLimited,
  unreachable: ExitCode.unreachable,
  'bad-response': ExitCode.badResponse,
  'http-error': ExitCode.failure,
};

/** How a run reports a failure: `error:` and `hint:` lines on stderr (debug lines after), and its exit code. */
type Fail = (code: ExitCodeValue, message: string, hint: string, details?: readonly string[]) => Promise<ExitCodeValue>;

/** Runs `earshot` with the given arguments (without `node` and the script) and returns the exit code. */
export async function run(argv: readonly string[], io: CliIo): Promise<ExitCodeValue> {
  // Read before the rest of the arguments, so that even an error about them is not coloured.
  const colour = { noColor: argv.includes('--no-color') };
  const fail = createFail(io, colour);
  try {
    return await runCommandLine(argv, io, colour, fail);
  } catch (error) {
    // Ctrl-C: the user stopped it, which is neither a failure to report nor a bug.
    if (io.signal?.aborted) return ExitCode.interrupted;
    // Only a bug gets here: every expected failure is a ClientError or a usage problem.
    const message = error instanceof Error ? error.message : String(error);
    const stack = error instanceof Error && error.stack ? error.stack.split('\n') : [];
    return fail(
      ExitCode.failure,
      `unexpected failure: ${message}`,
      `run again with EARSHOT_DEBUG=1 and report the output to ${buildFacts.supportEmail}`,
      stack,
    );
  }
}

function createFail(io: CliIo, colour: { noColor: boolean }): Fail {
  const debug = isDebug(io.env);
  const errorStyle = createStyle(io.stderr, io.env, colour);
  return async (code, message, hint, details = []) => {
    const lines = formatErrorLines(message, hint);
    if (io.stderr.isTTY) {
      // On a terminal, each line is wrapped to it under its label; in a log, one line each.
      await loadDisplayWidth();
      io.stderr.write(`${wrapErrorLines(lines, columnsOf(io.stderr), errorStyle)}\n`);
    } else io.stderr.write(`${formatErrorLines(message, hint, errorStyle)}\n`);
    if (debug) for (const line of details) io.stderr.write(`debug: ${toPrintable(line)}\n`);
    return code;
  };
}

/** The arguments judged, then the program's help or version, or the command they name. */
async function runCommandLine(
  argv: readonly string[],
  io: CliIo,
  colour: { noColor: boolean },
  fail: Fail,
): Promise<ExitCodeValue> {
  const usage = ({ message, hint }: UsageText) => fail(ExitCode.usage, message, hint);
  const parsed = parseArgv(argv);
  if (!parsed.ok) return fail(ExitCode.usage, parsed.message, parsed.hint);
  const { flags, positionals, unknownFlags } = parsed;
  const style = createStyle(io.stdout, io.env, colour);
  const layout = { style, width: columnsOf(io.stdout) };
  const resolved = resolveCommand(positionals);
  const command = resolved.kind === 'command' ? resolved.command : undefined;

  // A mistyped command first: its flags cannot be judged before it is known.
  const unknownCommand = describeUnknownCommand(positionals);
  if (unknownCommand) return usage(unknownCommand);
  if (resolved.kind === 'unknown') {
    return usage({ message: `unknown command "${positionals[0]}"`, hint: 'run `earshot help` to see the commands' });
  }
  if (unknownFlags.length > 0) return usage(describeUnknownFlag(unknownFlags[0]!, command));
  if (!command) return runProgramFlags(flags, io, layout);
  if (flags.has('help')) {
    io.stdout.write(renderCommandHelp(command, layout));
    return ExitCode.ok;
  }
  const args = resolved.kind === 'command' ? resolved.extra : [];
  const argumentProblem = checkArguments(command, args);
  if (argumentProblem) return usage(argumentProblem);
  for (const name of flags.keys()) {
    const global = flagDefinitions.some((flag) => flag.name === name && flag.global);
    if (!global && !command.flags.includes(name)) return usage(describeMisplacedFlag(name, command));
  }
  const entry = commandHandlers[command.path.join(' ')]!;
  if (entry.kind === 'local') {
    const outcome = await entry.run({ args, stdout: io.stdout, style, width: layout.width });
    return outcome.ok ? ExitCode.ok : usage(outcome.usage);
  }
  return runApiCommand(command, entry.run, { flags, io, style, width: layout.width, fail });
}

/** `earshot` with no command: `--version`, `--help`, or a screen of usage. */
function runProgramFlags(
  flags: ReadonlyMap<string, string | true>,
  io: CliIo,
  layout: { style: Style; width: number },
): ExitCodeValue {
  if (flags.has('version')) {
    io.stdout.write(`earshot ${buildFacts.version}\n`);
    return ExitCode.ok;
  }
  if (flags.has('help')) {
    io.stdout.write(renderProgramHelp(layout));
    return ExitCode.ok;
  }
  // `earshot` alone asked for nothing: show the way in a screen, but tell scripts that nothing
  // ran (clig.dev: concise help when run without what it needs; a usage error's exit code).
  io.stdout.write(renderShortUsage(layout));
  return ExitCode.usage;
}

/** A command that talks to the API: its settings from the flags and environment, then its handler. */
async function runApiCommand(
  command: CommandDefinition,
  handler: CommandHandler,
  context: {
    flags: ReadonlyMap<string, string | true>;
    io: CliIo;
    style: Style;
    width: number;
    fail: Fail;
  },
): Promise<ExitCodeValue> {
  const { flags, io, fail } = context;
  const text = (name: string) => {
    const value = flags.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const settings = resolveClientSettings(
    { baseUrl: text('base-url'), timeout: text('timeout'), retries: text('retries'), maxWait: text('max-wait') },
    io.env,
    buildFacts.productionBaseUrl,
    // A tool call must answer before the MCP client's own timeout (retry-policy.ts).
    command.path.join(' ') === 'mcp' ? MCP_MAX_WAIT_SECONDS : undefined,
  );
  if (!settings.ok) return fail(ExitCode.usage, settings.message, settings.hint);
  const client = createApiClient(settings.settings, {
    userAgent: buildUserAgent(buildFacts.version),
    supportEmail: buildFacts.supportEmail,
    installGuideUrl: `${buildFacts.cliDocsUrl}#install`,
    signal: io.signal,
    env: io.env,
    fetch: io.fetch,
    sleep: io.sleep,
    now: io.now,
    random: io.random,
    onWait: announceWaitOnce(io.stderr),
    debug: (line) => io.stderr.write(`debug: ${toPrintable(line)}\n`),
  });
  // Tables on a terminal are aligned by display width; measuring a server's text needs string-width.
  if (io.stdout.isTTY) await loadDisplayWidth();
  const outcome = await handler({
    client,
    stdout: io.stdout,
    stderr: io.stderr,
    stdio: io.stdio,
    tty: io.stdout.isTTY === true,
    style: context.style,
    width: context.width,
    json: flags.has('json'),
    flags,
    env: io.env,
    signal: io.signal,
  });
  if (io.signal?.aborted) return ExitCode.interrupted;
  return outcome.ok ? ExitCode.ok : reportClientError(outcome.error, fail);
}

/**
 * A wait long enough to look like a hang says so on stderr (stdout carries only data), once per
 * run, with what bounds it: `rate limited; retrying in 60 s as the server asks (at most 60 s of
 * waiting in all: --max-wait)`. Short waits, and every wait after the first notice, pass quietly.
 */
function announceWaitOnce(stderr: OutputStream): (wait: RetryWait) => void {
  let announced = false;
  return (wait) => {
    if (announced || wait.waitMs <= ANNOUNCED_WAIT_MS) return;
    announced = true;
    const why = wait.reason === 'retry-after' ? 'as the server asks' : 'before retrying';
    const notice = `rate limited; retrying in ${formatWait(wait.waitMs)} ${why} (at most ${formatWait(wait.maxWaitMs)} of waiting in all: --max-wait)`;
    // One line in a log; on a terminal, wrapped to it.
    stderr.write(`${stderr.isTTY ? wrapText(notice, columnsOf(stderr)).join('\n') : notice}\n`);
  };
}

/** The words after a command, against its arguments: how many, and the values each accepts. */
function checkArguments(command: CommandDefinition, args: readonly string[]): UsageText | undefined {
  const expected = command.arguments ?? [];
  const variadic = expected.at(-1)?.variadic === true;
  if (!variadic && args.length > expected.length) {
    return {
      message: `unexpected argument "${args[expected.length]}" for ${commandName(command.path)}`,
      hint: `run \`${commandName(command.path)} --help\` for its usage`,
    };
  }
  for (const [index, argument] of expected.entries()) {
    const value = args[index];
    if (value === undefined) {
      if (!argument.required) continue;
      const example = argument.choices ? ` ${argument.choices[0]}` : '';
      return {
        message: `${commandName(command.path)} needs ${formatArgument(argument)}${argument.choices ? `: ${argument.choices.join(', ')}` : ''}`,
        hint: `for example ${commandName(command.path)}${example}`,
      };
    }
    if (argument.choices && !argument.choices.includes(value))
      return describeBadArgument(command, argument.name, value, argument.choices);
  }
  return undefined;
}

/**
 * `error: …` and `hint: …` wrapped to `width` at spaces, each continuation indented under the
 * text, its label styled: `error:` red, `hint:` yellow.
 */
function wrapErrorLines(lines: string, width: number, style: Style): string {
  return lines
    .split('\n')
    .map((line) => {
      const [label = '', ...rest] = line.split(' ');
      const indent = label.length + 1;
      const [first = '', ...more] = wrapWords(rest, Math.max(width - indent, 1), { cutLongWords: true });
      const styled = label === 'error:' ? style.red(label) : label === 'hint:' ? style.yellow(label) : label;
      return [`${styled} ${first}`, ...more.map((text) => `${' '.repeat(indent)}${text}`)].join('\n');
    })
    .join('\n');
}

function reportClientError(error: ClientError, fail: Fail): Promise<ExitCodeValue> {
  return fail(exitCodeByErrorKind[error.kind], error.message, error.hint, error.details);
}

function isDebug(env: Record<string, string | undefined>): boolean {
  const value = env.EARSHOT_DEBUG;
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}
