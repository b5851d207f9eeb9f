#!/usr/bin/env node
/**
 * The `earshot` executable: the only place that touches the process. Everything else is
 * `run(argv, io)`, which returns the exit code.
 */
import { run } from './run.ts';

// `earshot platforms | head -1` closes stdout early; that is the reader's choice, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});

process.exitCode = await run(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdio: { stdin: process.stdin, stdout: process.stdout },
  env: process.env,
});
