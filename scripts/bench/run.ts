/**
 * `npm run bench`: every bench of scripts/bench in turn, printed as one table with the machine
 * it ran on. Timings live here, never in unit tests (a test on a busy machine cannot tell slow
 * code from a slow neighbour). Run: npm run bench [-- --only estimate,cli,store] [-- --store-runs N]
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { renderTable } from '../../src-main/cli/table';
import { benchCli } from './cli';
import { benchEstimate } from './estimate';
import type { BenchRow } from './row';
import { benchStore } from './store';

/** The store bench's steps as table rows: rows per second and peak memory per step, then each query's median. */
function storeRows(n: number): BenchRow[] {
  const size = n.toLocaleString('en-US');
  return benchStore(n).flatMap((result): BenchRow[] => {
    const step = String(result.step);
    if (step === 'queries') {
      return Object.entries(result.medianMs as Record<string, number>).map(([what, ms]) => ({
        bench: 'store',
        what: `${what}, ${size} runs (median of 5)`,
        value: ms,
        unit: 'ms',
      }));
    }
    return [
      { bench: 'store', what: `${step}, ${size} runs`, value: Number(result.rowsPerSecond), unit: 'rows/s' },
      { bench: 'store', what: `${step}, peak RSS`, value: Number(result.peakRssMiB), unit: 'MiB' },
    ];
  });
}

const { values } = parseArgs({
  options: { only: { type: 'string' }, 'store-runs': { type: 'string', default: '100000' } },
});
const benches: Record<string, () => BenchRow[]> = {
  estimate: () => benchEstimate(),
  cli: () => benchCli(),
  store: () => storeRows(Number(values['store-runs'])),
};
const chosen = values.only ? values.only.split(',') : Object.keys(benches);
const unknown = chosen.filter((name) => !(name in benches));
if (unknown.length > 0)
  throw new Error(`unknown bench ${unknown.join(', ')} (have ${Object.keys(benches).join(', ')})`);

console.log(
  `cardwise bench: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}\n`,
);
const rows = chosen.flatMap((name) => benches[name]!());
console.log(
  renderTable(
    [{ header: 'bench' }, { header: 'what' }, { header: 'value', align: 'right' }, { header: 'unit' }],
    rows.map((row) => [row.bench, row.what, row.value.toLocaleString('en-US'), row.unit]),
  ),
);
