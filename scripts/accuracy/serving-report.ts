import { table } from './report';
import { scoreServing, type ServingQuantity, type ServingScore } from './serving';
import { summarize } from './stats';
const pct = (x: number) => (Number.isNaN(x) ? '—' : `${(100 * x).toFixed(1)}%`);

const QUANTITY_LABEL: Record<ServingQuantity, string> = {
  'kv-pool': 'KV pool (tokens or blocks)',
  'kv-memory': 'KV memory per GPU (GiB)',
  'llamacpp-kv': 'llama.cpp KV buffer per GPU',
  'llamacpp-compute': 'llama.cpp compute buffer per GPU',
  'output-tps': 'output tokens/s',
  ttft: 'mean TTFT (finite rate)',
  itl: 'mean ITL',
};

/** Summary lines: one per quantity and engine, with sources, median and p90 |error|, share within ±20%, signed median. */
export function servingTable(scored: ServingScore[]): string {
  const groups = new Map<string, ServingScore[]>();
  for (const s of scored) {
    const key = `${QUANTITY_LABEL[s.quantity]} · ${s.record.engine}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const lines = [...groups.entries()].map(([key, rows]) => {
    const e = summarize(rows.map((r) => r.error));
    return [
      key,
      String(rows.length),
      String(new Set(rows.map((r) => r.group)).size),
      pct(e.median),
      pct(e.p90),
      pct(e.within20),
      pct(e.signedMedian),
    ];
  });
  return table(['quantity · engine', 'rows', 'srcs', 'med|err|', 'p90', '±20%', 'signed'], lines);
}

/** Held-out error of each source, per quantity. */
export function servingPerSource(scored: ServingScore[]): string {
  const groups = new Map<string, ServingScore[]>();
  for (const s of scored) {
    const label = s.group.length > 64 ? `${s.group.slice(0, 61)}...` : s.group;
    const key = `${s.quantity.padEnd(16)} ${label}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const lines = [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, rows]) => {
      const e = summarize(rows.map((r) => r.error));
      return [key, String(rows.length), pct(e.median), pct(e.p90), pct(e.within20), pct(e.signedMedian)];
    });
  return table(['quantity, source', 'rows', 'med|err|', 'p90', '±20%', 'signed'], lines);
}

/** The serving core against published engine logs and serving benchmarks (scripts/accuracy/serving.ts). */
export function printServing(section: (title: string, body: string) => void): void {
  const { scored, skipped } = scoreServing();
  const heldOut = scored.filter((s) => !s.inSpeedFit);
  const inFit = scored.filter((s) => s.inSpeedFit);
  console.log(
    `\n# Serving accuracy on published measurements (data/measurements/serving.json)\n\n` +
      `${scored.length} numbers from ${new Set(scored.map((s) => s.record.id)).size} rows of ${new Set(scored.map((s) => s.group)).size} sources; ` +
      `${skipped.length} rows the serving core cannot express. error = estimate ÷ measured − 1.\n` +
      `Nothing in the serving core is fitted (serve-constants.ts: engine defaults and terms read from engine logs), ` +
      `so its figures are held out by construction and there is no in-sample column; but its decode step reuses the ` +
      `estimator's speed constants, fitted on data/reference-runs.json, so throughput rows whose repository also gave ` +
      `a decode row to that fit are not held out and are reported apart.`,
  );
  section('Serving: held out (no row or source of it informed any constant)', servingTable(heldOut));
  if (inFit.length)
    section('Serving: throughput rows whose repository fed the speed fit (not held out)', servingTable(inFit));
  section('Serving: each source', servingPerSource(scored));
  const worst = [...heldOut].sort((a, b) => Math.abs(b.error) - Math.abs(a.error)).slice(0, 10);
  section(
    'Serving: largest held-out errors',
    worst
      .map(
        (s) =>
          `${s.key}: estimate ${s.estimate.toPrecision(4)} vs ${s.measured.toPrecision(4)} (${(100 * s.error).toFixed(0)}%)`,
      )
      .join('\n'),
  );
  section('Serving: rows not scored', skipped.map((s) => `${s.id}: ${s.why}`).join('\n'));
}
