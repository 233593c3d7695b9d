/** Timing helpers shared by the benchmarks: medians of repeated runs and a plain-text table. */

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

function median(samples: number[]): number {
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

function pad(text: string, width: number, right = false): string {
  return right ? text.padStart(width) : text.padEnd(width);
}

/** Renders rows as an aligned table with the ratio of each operation to its baseline. */
export function formatTable(rows: readonly BenchRow[]): string {
  const header = ['group', 'operation', 'median ms', 'baseline', 'baseline ms', 'ratio'];
  const cells = rows.map((row) => [
    row.group,
    row.name,
    row.medianMs.toFixed(3),
    row.baselineName,
    row.baselineMs.toFixed(3),
    `${(row.medianMs / row.baselineMs).toFixed(2)}×`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => (line[column] as string).length)));
  const numeric = new Set([2, 4, 5]);
  const render = (line: string[]) =>
    line.map((cell, column) => pad(cell, widths[column] as number, numeric.has(column))).join('  ');
  return [render(header), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.map(render)].join('\n');
}
