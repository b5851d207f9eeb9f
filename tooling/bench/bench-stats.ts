/**
 * Summaries of repeated measurements. A bench figure is always a median with its spread, never a
 * single run: on a shared machine one run says little.
 */
export interface Summary {
  median: number;
  min: number;
  max: number;
  /** First and third quartiles (linear interpolation between closest ranks, like numpy's default). */
  q1: number;
  q3: number;
  runs: number;
}

export function summarize(values: readonly number[]): Summary {
  if (values.length === 0) throw new Error('summarize: no values');
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median: quantile(sorted, 0.5),
    min: sorted[0]!,
    max: sorted.at(-1)!,
    q1: quantile(sorted, 0.25),
    q3: quantile(sorted, 0.75),
    runs: sorted.length,
  };
}

/** The `p` quantile of already sorted values. */
export function quantile(sorted: readonly number[], p: number): number {
  const position = (sorted.length - 1) * p;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  return sorted[lower]! + (sorted[upper]! - sorted[lower]!) * (position - lower);
}

export const formatMs = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);

/** `median (min–max, n runs)` in one unit, for the tables. */
export function formatSpread(summary: Summary, format: (value: number) => string = formatMs): string {
  return `${format(summary.min)}–${format(summary.max)}, ${summary.runs} runs`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
}

/** Rounds a summary for the JSON file: sub-millisecond digits are noise here. */
export function roundSummary(summary: Summary, digits = 1): Summary {
  const round = (value: number) => Number(value.toFixed(digits));
  return {
    median: round(summary.median),
    min: round(summary.min),
    max: round(summary.max),
    q1: round(summary.q1),
    q3: round(summary.q3),
    runs: summary.runs,
  };
}
