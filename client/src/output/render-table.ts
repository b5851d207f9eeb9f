import { displayWidth, padToWidth } from './display-width.ts';
import { toPrintable } from './printable.ts';
import type { Style } from './style.ts';

export interface TableOptions {
  /** Column titles, shown on a terminal only: piped output stays pure data. */
  header?: readonly string[];
  /** Aligned columns on a terminal; tab-separated lines otherwise. */
  tty: boolean;
  style: Style;
}

/**
 * Renders rows the GitHub CLI way: aligned columns for people, and for pipes one line per row
 * with tab-separated fields, so `cut -f1` and `awk -F'\t'` work and the format never changes
 * with the terminal's width. Columns are aligned by display width, not by code points, so names
 * in CJK, with emoji or with combining marks line up.
 */
export function renderTable(rows: readonly (readonly string[])[], options: TableOptions): string {
  // A tab or newline inside a value would split a field or a row; an escape code would act on the terminal.
  const clean = rows.map((row) => row.map(toPrintable));
  if (!options.tty) return clean.map((row) => `${row.join('\t')}\n`).join('');
  const all = options.header ? [options.header, ...clean] : clean;
  const widths: number[] = [];
  for (const row of all)
    row.forEach((cell, index) => (widths[index] = Math.max(widths[index] ?? 0, displayWidth(cell))));
  const line = (row: readonly string[], decorate: (text: string) => string = (text) => text) =>
    row
      .map((cell, index) => (index === row.length - 1 ? cell : padToWidth(cell, widths[index]!)))
      .map((cell) => decorate(cell))
      .join('  ')
      .trimEnd() + '\n';
  return (options.header ? line(options.header, options.style.bold) : '') + clean.map((row) => line(row)).join('');
}
