import type { Readable, Writable } from 'node:stream';
import { createApiClient } from './api/api-client.ts';
import type { ClientError, ClientErrorKind } from './api/client-error.ts';
import { formatErrorLines } from './api/client-error.ts';
import { buildUserAgent, resolveClientSettings } from './api/client-settings.ts';
import type { FetchLike } from './api/request-json.ts';
import { buildFacts } from './baked/build-facts.ts';
import { commandHandlers } from './commands/index.ts';
import { commandName, findFlag } from './definitions.ts';
import { ExitCode, type ExitCodeValue } from './exit-codes.ts';
import { createStyle, type OutputStream } from './output/style.ts';
import { findSubcommands, parseArgv, resolveCommand } from './parse-argv.ts';
import { renderCommandHelp, renderProgramHelp } from './render-help.ts';

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
  /** Aborts requests and retry waits (the launcher aborts it on Ctrl-C). */
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

/** Runs `earshot` with the given arguments (without `node` and the script) and returns the exit code. */
export async function run(argv: readonly string[], io: CliIo): Promise<ExitCodeValue> {
  const debug = isDebug(io.env);
  const errorStyle = createStyle(io.stderr, io.env);
  const fail = (code: ExitCodeValue, message: string, hint: string, details: readonly string[] = []): ExitCodeValue => {
    io.stderr.write(`${formatErrorLines(message, hint, errorStyle)}\n`);
    if (debug) for (const line of details) io.stderr.write(`debug: ${line}\n`);
    return code;
  };
  try {
    const parsed = parseArgv(argv);
    if (!parsed.ok) return fail(ExitCode.usage, parsed.message, parsed.hint);
    const { flags, positionals } = parsed;
    const style = createStyle(io.stdout, io.env);
    const resolved = resolveCommand(positionals);

    if (resolved.kind === 'root') {
      if (flags.has('version')) {
        io.stdout.write(`earshot ${buildFacts.version}\n`);
        return ExitCode.ok;
      }
      io.stdout.write(renderProgramHelp(style));
      // `earshot` alone asked for nothing: show the way, but tell scripts that nothing ran.
      return flags.has('help') ? ExitCode.ok : ExitCode.usage;
    }
    if (resolved.kind === 'unknown') {
      return fail(ExitCode.usage, `unknown command "${resolved.words.join(' ')}"`, 'run `earshot --help` to see the commands');
    }

    const { command, extra } = resolved;
    const helpHint = `run \`${commandName(command.path)} --help\` for its usage`;
    if (flags.has('help')) {
      io.stdout.write(renderCommandHelp(command, style));
      return ExitCode.ok;
    }
    if (extra.length > 0) {
      // `earshot mcp serve`: under a command that has subcommands, an extra word is most likely a mistyped one.
      if (findSubcommands(command.path).length > 0) {
        return fail(ExitCode.usage, `unknown command "${[...command.path, extra[0]].join(' ')}"`, `run \`${commandName(command.path)} --help\` to see its commands`);
      }
      return fail(ExitCode.usage, `unexpected argument "${extra[0]}" for ${commandName(command.path)}`, helpHint);
    }
    for (const name of flags.keys()) {
      if (!command.flags.includes(name)) return fail(ExitCode.usage, `${commandName(command.path)} does not take --${findFlag(name)!.name}`, helpHint);
    }

    const text = (name: string) => {
      const value = flags.get(name);
      return typeof value === 'string' ? value : undefined;
    };
    const settings = resolveClientSettings({ baseUrl: text('base-url'), timeout: text('timeout'), retries: text('retries') }, io.env, buildFacts.productionBaseUrl);
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
      debug: (line) => io.stderr.write(`debug: ${line}\n`),
    });
    const handler = commandHandlers[command.path.join(' ')]!;
    const outcome = await handler({ client, stdout: io.stdout, stderr: io.stderr, stdio: io.stdio, tty: io.stdout.isTTY === true, style, json: flags.has('json'), flags, env: io.env });
    return outcome.ok ? ExitCode.ok : reportClientError(outcome.error, fail);
  } catch (error) {
    // Only a bug gets here: every expected failure is a ClientError or a usage problem.
    const message = error instanceof Error ? error.message : String(error);
    const stack = error instanceof Error && error.stack ? error.stack.split('\n') : [];
    return fail(ExitCode.failure, `unexpected failure: ${message}`, `run again with EARSHOT_DEBUG=1 and report the output to ${buildFacts.supportEmail}`, stack);
  }
}

function reportClientError(error: ClientError, fail: (code: ExitCodeValue, message: string, hint: string, details: readonly string[]) => ExitCodeValue): ExitCodeValue {
  return fail(exitCodeByErrorKind[error.kind], error.message, error.hint, error.details);
}

function isDebug(env: Record<string, string | undefined>): boolean {
  const value = env.EARSHOT_DEBUG;
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}
