import type { Scored, OomVerdict } from './folds';
import { summarize, type ErrorSummary } from './stats';

/** A named subset of scored rows (a kind of estimate or a regime). */
export interface Category {
  name: string;
  test: (s: Scored) => boolean;
}

const pct = (x: number) => (Number.isNaN(x) ? '—' : `${(100 * x).toFixed(1)}%`);
const cells = (s: ErrorSummary) => [pct(s.median), pct(s.p90), pct(s.within20), pct(s.signedMedian)];

/** Pads table cells into aligned columns (first column left-aligned). */
export function table(header: string[], lines: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const fmt = (l: string[]) =>
    l.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [fmt(header), ...lines.map(fmt)].join('\n');
}

/** Held-out and in-sample error summaries side by side, one line per category. */
export function comparisonTable(title: string, categories: Category[], heldOut: Scored[], inSample: Scored[]): string {
  const header = [
    title,
    'rows',
    'srcs',
    'med|err|',
    'p90',
    '±20%',
    'signed',
    '| in-sample:',
    'med|err|',
    'p90',
    '±20%',
    'signed',
  ];
  const lines = categories
    .map((c) => {
      const held = heldOut.filter(c.test);
      const ins = inSample.filter(c.test);
      const sources = new Set(held.map((s) => s.row.group)).size;
      return [
        c.name,
        String(held.length),
        String(sources),
        ...cells(summarize(held.map((s) => s.error))),
        '|',
        ...cells(summarize(ins.map((s) => s.error))),
      ];
    })
    .filter((l) => l[1] !== '0');
  return table(header, lines);
}

/** Held-out error of each source when it is the one left out. */
export function perSourceTable(heldOut: Scored[]): string {
  const groups = new Map<string, Scored[]>();
  for (const s of heldOut) {
    const key = `${s.row.quantity.padEnd(7)} ${s.row.group.length > 70 ? `${s.row.group.slice(0, 67)}...` : s.row.group}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const lines = [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, rows]) => [key, String(rows.length), ...cells(summarize(rows.map((r) => r.error)))]);
  return table(['held-out source (kind, citation)', 'rows', 'med|err|', 'p90', '±20%', 'signed'], lines);
}

/** Share of published OOM runs the estimate says do not fit their card. */
export function oomLine(label: string, verdicts: OomVerdict[]): string {
  const caught = verdicts.filter((v) => v.predictedOom).length;
  const missed = verdicts.filter((v) => !v.predictedOom).map((v) => v.row.run.id);
  return `${label}: ${caught}/${verdicts.length} OOM runs predicted not to fit${missed.length ? `; missed: ${missed.join(', ')}` : ''}`;
}
