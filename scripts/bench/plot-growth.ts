/**
 * docs/perf/growth.svg from docs/perf/bench.json (written by `npm run bench -- --save`): each growth
 * curve of the bench on log-log axes, p50 per call against size, with a dashed linear reference
 * from each curve's first point. Nothing is drawn by hand: rerun the bench, then this.
 * Run: npm run bench:plot
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Curve } from './figures';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const input = path.join(root, 'docs/perf/bench.json');
const { curves, runs } = JSON.parse(fs.readFileSync(input, 'utf8')) as {
  curves: Array<Curve & { run: number }>;
  runs: Array<{ command: string; at: string; machine: { cpu: string; cores: number; loadAverage: number[] } }>;
};
const sources = [...new Set(curves.map((c) => c.run))].map((i) => runs[i]!);

const PANEL = { width: 420, height: 260, left: 60, right: 16, top: 34, bottom: 44 };
const COLORS = ['#2563eb', '#dc2626', '#16a34a', '#9333ea'];
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const log10 = Math.log10;

/** One panel per unit (cards and offers; runs), every curve of that unit in it. */
function panel(unit: Curve['unit'], list: Curve[], x0: number): string {
  const points = list.flatMap((c) => c.points);
  const sizes = points.map((p) => p.size);
  const times = points.map((p) => p.p50Ms).filter((t) => t > 0);
  const [sMin, sMax] = [Math.min(...sizes), Math.max(...sizes)];
  const [tMin, tMax] = [Math.min(...times) / 2, Math.max(...times) * 2];
  const w = PANEL.width - PANEL.left - PANEL.right;
  const h = PANEL.height - PANEL.top - PANEL.bottom;
  const x = (s: number) => x0 + PANEL.left + ((log10(s) - log10(sMin)) / (log10(sMax) - log10(sMin) || 1)) * w;
  const y = (t: number) => PANEL.top + h - ((log10(t) - log10(tMin)) / (log10(tMax) - log10(tMin) || 1)) * h;
  const parts: string[] = [];
  parts.push(
    `<text x="${x0 + PANEL.left}" y="20" font-size="13" font-weight="600">time per call vs ${escape(unit)} (log–log)</text>`,
  );
  parts.push(`<rect x="${x0 + PANEL.left}" y="${PANEL.top}" width="${w}" height="${h}" fill="none" stroke="#999"/>`);
  for (const s of [...new Set(sizes)]) {
    parts.push(
      `<text x="${x(s)}" y="${PANEL.top + h + 16}" font-size="10" text-anchor="middle">${s.toLocaleString('en-US')}</text>`,
    );
  }
  for (let e = Math.ceil(log10(tMin)); e <= Math.floor(log10(tMax)); e++) {
    const t = 10 ** e;
    parts.push(`<line x1="${x0 + PANEL.left}" x2="${x0 + PANEL.left + w}" y1="${y(t)}" y2="${y(t)}" stroke="#eee"/>`);
    parts.push(
      `<text x="${x0 + PANEL.left - 4}" y="${y(t) + 3}" font-size="10" text-anchor="end">${t >= 1 ? t : t.toPrecision(1)} ms</text>`,
    );
  }
  list.forEach((c, i) => {
    const color = COLORS[i % COLORS.length];
    const line = c.points.map((p) => `${x(p.size).toFixed(1)},${y(p.p50Ms).toFixed(1)}`).join(' ');
    parts.push(`<polyline points="${line}" fill="none" stroke="${color}" stroke-width="2"/>`);
    for (const p of c.points) parts.push(`<circle cx="${x(p.size)}" cy="${y(p.p50Ms)}" r="3" fill="${color}"/>`);
    const first = c.points[0]!;
    const last = c.points.at(-1)!;
    // Linear growth from the first point: where the curve would be if it were proportional to size.
    const linear = first.p50Ms * (last.size / first.size);
    parts.push(
      `<line x1="${x(first.size)}" y1="${y(first.p50Ms)}" x2="${x(last.size)}" y2="${y(Math.min(linear, tMax))}" stroke="${color}" stroke-dasharray="3 3" opacity="0.5"/>`,
    );
    const label = `${c.name}: exponent ${Number.isNaN(c.exponent) ? '–' : c.exponent.toFixed(2)}${c.superlinear ? ' (faster than linear)' : ''}`;
    parts.push(
      `<text x="${x0 + PANEL.left}" y="${PANEL.top + h + 30 + i * 12}" font-size="10" fill="${color}">${escape(label)}</text>`,
    );
  });
  return parts.join('\n');
}

const units = [...new Set(curves.map((c) => c.unit))];
const legendRows = Math.max(...units.map((u) => curves.filter((c) => c.unit === u).length), 0);
const footer = [
  ...sources.map((r) => `${r.command}, ${r.at.slice(0, 16)}, load ${r.machine.loadAverage[0]}`),
  `${sources[0]?.machine.cpu}, ${sources[0]?.machine.cores} cores; dashed: linear growth from each curve's first point`,
];
const height = PANEL.height + legendRows * 12 + 12 + footer.length * 11;
const width = PANEL.width * Math.max(1, units.length);
const svg = [
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">`,
  `<rect width="100%" height="100%" fill="#fff"/>`,
  ...units.map((u, i) =>
    panel(
      u,
      curves.filter((c) => c.unit === u),
      i * PANEL.width,
    ),
  ),
  // One footer line per bench run the curves come from.
  ...footer.map(
    (line, i) =>
      `<text x="8" y="${height - 8 - (footer.length - 1 - i) * 11}" font-size="9" fill="#666">${escape(line)}</text>`,
  ),
  '</svg>',
].join('\n');
fs.writeFileSync(path.join(root, 'docs/perf/growth.svg'), `${svg}\n`);
console.log(`wrote docs/perf/growth.svg (${curves.length} curves)`);
