#!/usr/bin/env node
/**
 * The `earshot` executable: the only place that touches the process (signals, exit code, the
 * streams' failures). Everything else is `run(argv, io)`, which returns the exit code.
 */
import { formatErrorLines } from './api/client-error.ts';
import { ExitCode } from './exit-codes.ts';
import { buildFacts } from './baked/build-facts.ts';
import { run } from './run.ts';
import { startUpdateCheck } from './update-notice.ts';

/**
 * Ctrl-C aborts whatever is under way, a request or a wait for the rate limit, and the run ends
 * with exit code 130 and no stack trace. Should anything still hang, a second Ctrl-C ends the
 * process at once.
 */
const interrupt = new AbortController();
process.once('SIGINT', () => {
  interrupt.abort(new DOMException('interrupted by SIGINT', 'AbortError'));
  process.once('SIGINT', () => process.exit(ExitCode.interrupted));
});

/**
 * A stdout that cannot take the output is a failure (exit 1), never a stack trace: a full disk
 * (`earshot platforms > /dev/full`, ENOSPC) says so on stderr; a reader that went away
 * (`earshot platforms | head -1`, EPIPE) chose to stop reading, so nothing more is said.
 */
let outputFailed = false;
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (outputFailed) return;
  outputFailed = true;
  process.exitCode = ExitCode.failure;
  if (error.code === 'EPIPE') return;
  const reason = error.code === 'ENOSPC' ? 'no space left on the device' : error.message;
  const hint =
    error.code === 'ENOSPC'
      ? 'free some space, or send the output somewhere else'
      : 'send the output somewhere that can take it';
  process.stderr.write(
    `${formatErrorLines(`cannot write the output: ${reason}${error.code ? ` (${error.code})` : ''}`, hint)}\n`,
  );
});
// stderr is the last resort: if it fails too, there is nowhere left to say so.
process.stderr.on('error', () => {});

const updateCheck = startUpdateCheck(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  version: buildFacts.version,
  siteUrl: buildFacts.productionBaseUrl,
  signal: interrupt.signal,
});
const code = await run(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdio: { stdin: process.stdin, stdout: process.stdout },
  env: process.env,
  signal: interrupt.signal,
});
await updateCheck.finish();
process.exitCode = outputFailed ? ExitCode.failure : code;
