/**
 * Runs every benchmark module and prints one table of figures and ratios. Benchmarks report
 * figures only; they never fail on timing. The browser modules build the extension first when
 * the build is missing or older than the sources.
 */

import { runBodyBench } from './body';
import { formatTable, type TableRow } from './measure';
import { runPageCostBench } from './page-cost';
import { runRoundTripBench } from './round-trips';
import { runSizeBench } from './sizes';

const benches: { name: string; run: () => Promise<TableRow[]> }[] = [
  { name: 'body', run: runBodyBench },
  { name: 'wire', run: runRoundTripBench },
  { name: 'page', run: runPageCostBench },
  { name: 'size', run: runSizeBench },
];

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const rows: TableRow[] = [];
  for (const bench of benches) {
    if (only.length > 0 && !only.includes(bench.name)) continue;
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
