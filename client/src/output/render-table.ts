import { displayWidth, padToWidth, truncateToWidth } from './display-width.ts';
import { toPrintable } from './printable.ts';
import type { Style } from './style.ts';

export interface TableOptions {
  /** Column titles, shown on a terminal only: piped output stays pure data. */
  header?: readonly string[];
  /** Aligned columns on a terminal; tab-separated lines otherwise. */
  tty: boolean;
  style: Style;
  /**
   * The columns the table may take on a terminal (its width). When the rows are wider, the widest
   * columns are narrowed, the first ones `fixed` names last, and their cells cut with `…`, down
   * to the width of their header; a row is never wrapped. Pipes always get whole values.
   */
  width?: number | undefined;
  /** Columns to narrow only when no other can be: the ids people type (a platform id, a method). */
  keep?: readonly number[];
}

/** A column is never narrowed below this, nor below its header. */
const MIN_COLUMN_WIDTH = 4;
const GAP = 2;

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
  if (options.width !== undefined) fitColumns(widths, options.width, options.header, options.keep ?? []);
  const line = (row: readonly string[], decorate: (text: string) => string = (text) => text) =>
    row
      .map((cell, index) => truncateToWidth(cell, widths[index]!))
      .map((cell, index) => (index === row.length - 1 ? cell : padToWidth(cell, widths[index]!)))
      .map((cell) => decorate(cell))
      .join('  ')
      .trimEnd() + '\n';
  return (options.header ? line(options.header, options.style.bold) : '') + clean.map((row) => line(row)).join('');
}

/**
 * Narrows `widths` in place until the columns and the gaps between them fit `width`: one column
 * at a time, the widest of those that may still give (the `keep` ones only when no other can),
 * never below its header or `MIN_COLUMN_WIDTH`. When even that does not fit, the table is as
 * narrow as it can be.
 */
function fitColumns(widths: number[], width: number, header: readonly string[] | undefined, keep: readonly number[]) {
  const floor = widths.map((_, index) => Math.max(MIN_COLUMN_WIDTH, displayWidth(header?.[index] ?? '')));
  const total = () => widths.reduce((sum, columnWidth) => sum + columnWidth, 0) + GAP * (widths.length - 1);
  while (total() > width) {
    const candidates = widths.map((_, index) => index).filter((index) => widths[index]! > floor[index]!);
    const free = candidates.filter((index) => !keep.includes(index));
    const pool = free.length > 0 ? free : candidates;
    if (pool.length === 0) return;
    const widest = pool.reduce((best, index) => (widths[index]! > widths[best]! ? index : best));
    // Take what is missing, but not past the next widest, so that wide columns share the cut.
    const next = Math.max(0, ...pool.filter((index) => index !== widest).map((index) => widths[index]!));
    const room = widths[widest]! - Math.max(floor[widest]!, next);
    widths[widest] = widths[widest]! - Math.max(1, Math.min(total() - width, room));
  }
}
