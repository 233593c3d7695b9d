/**
 * Runs every benchmark module and prints one table of medians and ratios. Benchmarks report
 * figures only; they never fail on timing.
 */

import { runBodyBench } from './body';
import { formatTable, type BenchRow } from './measure';

const benches: { name: string; run: () => Promise<BenchRow[]> }[] = [{ name: 'body', run: runBodyBench }];

async function main(): Promise<void> {
  const rows: BenchRow[] = [];
  for (const bench of benches) {
    console.log(`running ${bench.name} …`);
    rows.push(...(await bench.run()));
  }
  console.log('');
  console.log(formatTable(rows));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
