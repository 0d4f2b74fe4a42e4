/** The store bench's steps (store.ts) as figures of the table. */
import type { Figure } from './figures';
import { benchStore } from './store';

export function storeFigures(n: number, quick: boolean): Figure[] {
  const steps = benchStore(n, quick);
  const by = (name: string) => steps.find((s) => s.step === name);
  const bare = by('bare');
  const size = n.toLocaleString('en-US');
  const limit = bare
    ? {
        name: 'bare better-sqlite3 insert, same rows and schema',
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
  const queries = by('queries')?.queries ?? {};
  for (const [name, p] of Object.entries(queries)) {
    figures.push({
      section: `store, ${size} runs`,
      name: `runs:list ${name}`,
      p50Ms: p.p50Ms,
      p95Ms: p.p95Ms,
      p99Ms: p.p99Ms,
      target: '≤ 100 ms at 1M',
    });
  }
  for (const [name, p] of Object.entries(by('queries')?.opens ?? {})) {
    figures.push({
      section: `store, ${size} runs`,
      name: `open the store, ${name}`,
      p50Ms: p.p50Ms,
      p95Ms: p.p95Ms,
      p99Ms: p.p99Ms,
    });
  }
  return figures;
}
