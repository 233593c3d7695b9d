/** Helpers shared by the benchmarks: medians of repeated runs and the one plain-text table they print. */

import { performance } from 'node:perf_hooks';

/** One line of a benchmark table: an operation, its median time and the baseline it is compared with. */
export interface BenchRow {
  group: string;
  name: string;
  medianMs: number;
  baselineName: string;
  baselineMs: number;
}

export interface TimingOptions {
  runs: number;
  warmups: number;
}

export const DEFAULT_TIMING: TimingOptions = { runs: 21, warmups: 15 };

export function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] as number;
}

function timed<T>(work: () => T, keep: (value: T) => void): number {
  const started = performance.now();
  const value = work();
  const elapsed = performance.now() - started;
  keep(value);
  return elapsed;
}

/**
 * Median wall times of `work` and of `baseline` over `runs` rounds, after `warmups` untimed
 * rounds so the JIT has settled. Each round times the baseline and then the work, so both
 * medians come from the same stretch of machine load and their ratio stays meaningful on a
 * busy machine. Results go to `keep` so the engine cannot drop a call as dead code.
 */
export function medianAgainst<T, B>(
  work: () => T,
  keep: (value: T) => void,
  baseline: () => B,
  keepBaseline: (value: B) => void,
  timing: TimingOptions = DEFAULT_TIMING,
): { workMs: number; baselineMs: number } {
  for (let i = 0; i < timing.warmups; i++) {
    keepBaseline(baseline());
    keep(work());
  }
  const workSamples: number[] = [];
  const baselineSamples: number[] = [];
  for (let i = 0; i < timing.runs; i++) {
    baselineSamples.push(timed(baseline, keepBaseline));
    workSamples.push(timed(work, keep));
  }
  return { workMs: median(workSamples), baselineMs: median(baselineSamples) };
}

/** What a figure counts. */
export type Unit = 'ms' | 'requests' | 'writes' | 'ticks' | 'bytes' | '%';

/**
 * One line of the table when the figure is not a median time: a count, a size, a share. The
 * ratio is value / baseline; a row without a baseline shows none.
 */
export interface FigureRow {
  group: string;
  name: string;
  value: number;
  unit: Unit;
  baselineName: string;
  baseline: number | null;
}

export type TableRow = BenchRow | FigureRow;

function isFigure(row: TableRow): row is FigureRow {
  return 'unit' in row;
}

function asFigure(row: TableRow): FigureRow {
  return isFigure(row) ? row : { group: row.group, name: row.name, value: row.medianMs, unit: 'ms', baselineName: row.baselineName, baseline: row.baselineMs };
}

function formatValue(value: number, unit: Unit): string {
  if (unit === 'ms') return value.toFixed(3);
  if (unit === '%') return value.toFixed(1);
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

function formatRatio(value: number, baseline: number | null): string {
  if (baseline === null) return '';
  if (baseline === 0) return value === 0 ? '1.00×' : '∞';
  return `${(value / baseline).toFixed(2)}×`;
}

function pad(text: string, width: number, right = false): string {
  return right ? text.padStart(width) : text.padEnd(width);
}

/** Renders rows as an aligned table with the ratio of each figure to its baseline. */
export function formatTable(rows: readonly TableRow[]): string {
  const header = ['group', 'measure', 'value', 'unit', 'baseline', 'baseline value', 'ratio'];
  const cells = rows.map(asFigure).map((row) => [
    row.group,
    row.name,
    formatValue(row.value, row.unit),
    row.unit,
    row.baselineName,
    row.baseline === null ? '' : formatValue(row.baseline, row.unit),
    formatRatio(row.value, row.baseline),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => (line[column] as string).length)));
  const numeric = new Set([2, 5, 6]);
  const render = (line: string[]) =>
    line
      .map((cell, column) => pad(cell, widths[column] as number, numeric.has(column)))
      .join('  ')
      .trimEnd();
  return [render(header), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.map(render)].join('\n');
}
