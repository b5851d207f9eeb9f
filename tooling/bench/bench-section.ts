import { spawn } from 'node:child_process';
import { summarize, type Summary } from './bench-stats.ts';

/** What a section may ask the runner for; the runner prepares only what the chosen sections need. */
type BenchNeed = 'site' | 'server' | 'cli';

/** What every section of `npm run bench` gets. */
export interface BenchContext {
  /** The local server serving the built site, such as `http://localhost:41234` (sections that need `server`). */
  baseUrl: string;
  /** The bundled client, `build/cli/earshot.mjs` (sections that need `cli`). */
  cliPath: string;
  /** The built site with the shipped data, `dist/` (sections that need `site`). */
  siteDir: string;
  /** The Node that runs everything, so that figures compare like with like. */
  node: string;
  /** Progress messages, on stderr, so that stdout holds only the tables. */
  log(message: string): void;
  /**
   * `--quick` (what `npm test` runs): the smallest sizes, one run each, no warm-up. The figures
   * mean nothing; the run proves that every section still works end to end.
   */
  quick: boolean;
}

export interface BenchRow {
  measure: string;
  value: string;
  detail: string;
}

/** A section's answer: rows for the printed table, and the figures (plain JSON) for the results file. */
export interface BenchResult {
  rows: BenchRow[];
  figures: Record<string, unknown>;
  /** What the section found wrong (a wrong answer, not a slow one): the bench then exits 1. */
  problems?: string[];
}

/** One part of the benchmark, in a module of its own; `run-bench.ts` prints its rows as a table. */
export interface BenchSection {
  /** For `npm run bench -- --only <id>` and the key in the results file. */
  id: string;
  title: string;
  needs: readonly BenchNeed[];
  /** Left out of a bare `npm run bench`; runs with `--only <id>`. */
  onlyWhenAsked?: boolean;
  run(context: BenchContext): Promise<BenchResult>;
}

export interface ProcessTiming {
  summary: Summary;
  stdout: string;
}

export interface TimedCommand {
  command: string;
  args: string[];
}

/** How many measured and unmeasured runs: the defaults, or one run and no warm-up in quick mode. */
export function runCounts(quick: boolean, runs: number, warmups: number): { runs: number; warmups: number } {
  return quick ? { runs: 1, warmups: 0 } : { runs, warmups };
}

/** Runs a process to its end without blocking the event loop (the bench's own server must answer it). */
export function runProcess(
  command: string,
  args: string[],
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/**
 * Wall time of whole processes, from spawn to exit, as a user feels it, over `runs` runs after
 * `warmups` unmeasured runs (which fill the OS file cache). The commands take turns, run by run,
 * so that a machine busy with other work slows them all alike instead of skewing one. Each
 * process runs asynchronously: a synchronous child would block the event loop of the local
 * server it talks to, which runs in this process.
 */
export async function timeProcesses(
  commands: readonly TimedCommand[],
  options: { runs?: number; warmups?: number } = {},
): Promise<ProcessTiming[]> {
  const { runs = 21, warmups = 3 } = options;
  const times: number[][] = commands.map(() => []);
  const outputs: string[] = commands.map(() => '');
  for (let i = 0; i < warmups + runs; i++) {
    for (const [index, { command, args }] of commands.entries()) {
      const start = performance.now();
      const result = await runProcess(command, args);
      const elapsed = performance.now() - start;
      if (result.status !== 0)
        throw new Error(`${command} ${args.join(' ')} exited with ${result.status}:\n${result.stderr}`);
      if (i >= warmups) times[index]!.push(elapsed);
      outputs[index] = result.stdout;
    }
  }
  return times.map((list, index) => ({ summary: summarize(list), stdout: outputs[index]! }));
}
