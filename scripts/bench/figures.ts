/** One line of the bench table, and the table itself. */
import os from 'node:os';
import { SUPERLINEAR_EXPONENT } from './stats';

/** A measured figure: a duration (p50/p95/p99) or a throughput, with the limit it is compared to. */
export interface Figure {
  section: string;
  name: string;
  p50Ms?: number;
  p95Ms?: number;
  p99Ms?: number;
  rowsPerSecond?: number;
  peakRssMiB?: number;
  /** A size: gzip and raw kilobytes (1 kB = 1,000 bytes, as Vite prints them). */
  gzipKB?: number;
  rawKB?: number;
  /** What the figure is compared to, measured in the same run ("memory core alone", "node -e 0"). */
  limit?: { name: string; p50Ms?: number; rowsPerSecond?: number; peakRssMiB?: number };
  /** A target the issue sets, e.g. "≤ 1 ms p99". */
  target?: string;
  note?: string;
}

/** One curve of the growth section: a figure at several sizes. */
export interface Curve {
  name: string;
  unit: 'cards and offers' | 'runs';
  points: Array<{ size: number; p50Ms: number; p99Ms: number }>;
  exponent: number;
  superlinear: boolean;
}

export interface Machine {
  cpu: string;
  cores: number;
  loadAverage: number[];
  node: string;
  sqlite: string;
  platform: string;
  memoryGiB: number;
}

export function describeMachine(sqlite: string): Machine {
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.cpus().length,
    loadAverage: os.loadavg().map((l) => +l.toFixed(2)),
    node: process.version,
    sqlite,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    memoryGiB: +(os.totalmem() / 2 ** 30).toFixed(1),
  };
}

const ms = (x: number | undefined) =>
  x === undefined ? '' : x >= 100 ? `${Math.round(x)} ms` : x >= 1 ? `${x.toFixed(1)} ms` : `${x.toFixed(3)} ms`;
const rate = (x: number | undefined) => (x === undefined ? '' : `${Math.round(x).toLocaleString('en-US')} rows/s`);

/** The figure as the table prints it: "p50 0.21 ms · p95 0.33 ms · p99 0.40 ms" or "152,000 rows/s · 210 MiB". */
export function figureText(
  f: Pick<Figure, 'p50Ms' | 'p95Ms' | 'p99Ms' | 'rowsPerSecond' | 'peakRssMiB' | 'gzipKB' | 'rawKB'>,
): string {
  const parts: string[] = [];
  if (f.gzipKB !== undefined) parts.push(`${f.gzipKB.toFixed(1)} kB gzip`);
  if (f.rawKB !== undefined) parts.push(`${f.rawKB.toFixed(1)} kB raw`);
  if (f.rowsPerSecond !== undefined) parts.push(rate(f.rowsPerSecond));
  if (f.p50Ms !== undefined) parts.push(`p50 ${ms(f.p50Ms)}`);
  if (f.p95Ms !== undefined) parts.push(`p95 ${ms(f.p95Ms)}`);
  if (f.p99Ms !== undefined) parts.push(`p99 ${ms(f.p99Ms)}`);
  if (f.peakRssMiB !== undefined) parts.push(`peak RSS ${f.peakRssMiB} MiB`);
  return parts.join(' · ');
}

/** Ours ÷ the limit, as a cost: 3.0× means three times the limit's time (or a third of its rate). */
export function ratioToLimit(f: Figure): number | undefined {
  if (!f.limit) return undefined;
  if (f.rowsPerSecond !== undefined && f.limit.rowsPerSecond !== undefined)
    return f.limit.rowsPerSecond / f.rowsPerSecond;
  if (f.p50Ms !== undefined && f.limit.p50Ms !== undefined) return f.p50Ms / f.limit.p50Ms;
  return undefined;
}

/** The whole report as Markdown-compatible text. */
export function formatReport(
  machine: Machine,
  figures: readonly Figure[],
  curves: readonly Curve[],
  command: string,
): string {
  const lines: string[] = [];
  lines.push(`cardwise bench — ${command}`);
  lines.push(
    `machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, load average ${machine.loadAverage.join(' ')}; ` +
      `Node ${machine.node}; SQLite ${machine.sqlite}; ${machine.platform}`,
  );
  lines.push('');
  lines.push('| section | figure | measured | limit (same run) | × limit | target |');
  lines.push('|---|---|---|---|---|---|');
  for (const f of figures) {
    const ratio = ratioToLimit(f);
    const limit = f.limit ? `${f.limit.name}: ${figureText(f.limit)}` : '';
    const measured = figureText(f) + (f.note ? ` (${f.note})` : '');
    lines.push(
      `| ${f.section} | ${f.name} | ${measured} | ${limit} | ${ratio === undefined ? '' : `${ratio.toFixed(ratio >= 10 ? 0 : 2)}×`} | ${f.target ?? ''} |`,
    );
  }
  if (curves.length > 0) {
    lines.push('');
    lines.push(
      'growth (p50 per call; exponent = the steepest slope of log time vs log size between neighbouring sizes, 1 = linear)',
    );
    lines.push('');
    lines.push('| curve | sizes | p50 at each size | exponent | |');
    lines.push('|---|---|---|---|---|');
    for (const c of curves) {
      lines.push(
        `| ${c.name} | ${c.points.map((p) => p.size.toLocaleString('en-US')).join(' / ')} ${c.unit} | ${c.points
          .map((p) => ms(p.p50Ms))
          .join(
            ' / ',
          )} | ${Number.isNaN(c.exponent) ? '–' : c.exponent.toFixed(2)} | ${c.superlinear ? '**faster than linear**' : ''} |`,
      );
    }
    // Issue 16 point 2, "nothing may grow faster than linearly", answered in one line.
    const steep = curves.filter((c) => c.superlinear).map((c) => `${c.name} (${c.unit})`);
    lines.push('');
    lines.push(
      steep.length === 0
        ? `no curve grows faster than linearly (every exponent ≤ ${SUPERLINEAR_EXPONENT})`
        : `faster than linear (exponent > ${SUPERLINEAR_EXPONENT}): ${steep.join('; ')}`,
    );
  }
  return lines.join('\n');
}
