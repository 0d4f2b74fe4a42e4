/** The store bench's steps (store.ts) as figures of the table. */
import type { Figure } from './figures';
import type { Percentiles } from './stats';
import { benchStore } from './store';

export function storeFigures(n: number, quick: boolean): Figure[] {
  const steps = benchStore(n, quick);
  const by = (name: string) => steps.find((s) => s.step === name);
  const bare = by('bare');
  const size = n.toLocaleString('en-US');
  const limit = bare
    ? {
        name: 'bare better-sqlite3 insert, same rows and schema, indexes and kept tables built after',
        rowsPerSecond: bare.rowsPerSecond,
        peakRssMiB: bare.peakRssMiB,
      }
    : undefined;
  const figures: Figure[] = [];
  for (const [step, name] of [
    ['import-json', `import ${size} runs, JSON file (streamed, validated, deduplicated)`],
    ['import-csv', `import ${size} runs, CSV file`],
    ['export-csv', `export ${size} runs, CSV file`],
  ] as const) {
    const result = by(step);
    if (!result) continue;
    figures.push({
      section: 'store',
      name,
      rowsPerSecond: result.rowsPerSecond,
      peakRssMiB: result.peakRssMiB,
      ...(step === 'export-csv' ? {} : { limit, target: '≥ 150,000 rows/s (issue 16)' }),
    });
  }
  if (bare?.rowsAlonePerSecond !== undefined) {
    // What a bare insert reaches without what the Runs page reads: no secondary index, no text index, no kept sums.
    figures.push({
      section: 'store',
      name: `bare better-sqlite3 insert of the same ${size} rows alone (no secondary index, no trigger: not the log the app reads)`,
      rowsPerSecond: bare.rowsAlonePerSecond,
    });
  }
  // The Runs page's queries (with the target) and opening the store again, from the same step.
  const timed = by('queries');
  const timings: [string, Record<string, Percentiles>, string | undefined][] = [
    ['runs:list ', timed?.queries ?? {}, '≤ 100 ms at 1M'],
    ['open the store, ', timed?.opens ?? {}, undefined],
    ['', timed?.builds ?? {}, undefined],
  ];
  for (const [prefix, figuresOf, target] of timings) {
    for (const [name, p] of Object.entries(figuresOf)) {
      figures.push({
        section: `store, ${size} runs`,
        name: `${prefix}${name}`,
        p50Ms: p.p50Ms,
        p95Ms: p.p95Ms,
        p99Ms: p.p99Ms,
        ...(target ? { target } : {}),
      });
    }
  }
  return figures;
}
