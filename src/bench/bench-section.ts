import { spawnSync } from 'node:child_process';

/** What every section of `npm run bench` gets: the local server and the built client. */
export interface BenchContext {
  /** The local server serving the built site, such as `http://localhost:41234`. */
  baseUrl: string;
  /** The bundled client, `build/cli/earshot.mjs`. */
  cliPath: string;
  /** The Node that runs everything, so that figures compare like with like. */
  node: string;
}

export interface BenchRow {
  measure: string;
  value: string;
  detail: string;
}

/** One part of the benchmark, in a module of its own; `run-bench.ts` prints its rows as a table. */
export interface BenchSection {
  title: string;
  run(context: BenchContext): Promise<BenchRow[]>;
}

export interface ProcessTiming {
  medianMs: number;
  runs: number;
  stdout: string;
}

export interface TimedCommand {
  command: string;
  args: string[];
}

/**
 * Wall time of whole processes, from spawn to exit, as a user feels it: the median of `runs`
 * after `warmups` unmeasured runs (which fill the OS file cache). The commands take turns, run
 * by run, so that a machine busy with other work slows them all alike instead of skewing one.
 */
export function timeProcesses(commands: readonly TimedCommand[], options: { runs?: number; warmups?: number } = {}): ProcessTiming[] {
  const { runs = 21, warmups = 3 } = options;
  const times: number[][] = commands.map(() => []);
  const outputs: string[] = commands.map(() => '');
  for (let i = 0; i < warmups + runs; i++) {
    commands.forEach(({ command, args }, index) => {
      const start = performance.now();
      const result = spawnSync(command, args, { encoding: 'utf8' });
      const elapsed = performance.now() - start;
      if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}:\n${result.stderr}`);
      if (i >= warmups) times[index]!.push(elapsed);
      outputs[index] = result.stdout;
    });
  }
  return times.map((list, index) => ({ medianMs: median(list), runs, stdout: outputs[index]! }));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export const formatMs = (ms: number) => `${ms.toFixed(1)} ms`;
