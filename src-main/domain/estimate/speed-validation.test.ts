import { describe, expect, it } from 'vitest';
import { readDataFile, readReferenceRuns } from '../../../scripts/data-files';
import type { ReferenceRun } from '../reference-runs';
import type { Card } from '../catalog';
import { resolveInput } from './resolve-input';
import { resolveModel } from './shape';
import { estimateSpeed } from './speed';

/**
 * Compares the speed model with every published throughput row in data/reference-runs.json. The model's
 * constants are global (speed-constants.ts); nothing here is tuned per row.
 */

const readJson = <T>(name: string): T[] => readDataFile<T[]>(name);

function sourceOf(run: ReferenceRun): string {
  const raw = run.citation.source;
  return raw.length > 48 ? `${raw.slice(0, 45)}...` : raw;
}

function quantile(sorted: number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const a = sorted[Math.floor(pos)] ?? NaN;
  const b = sorted[Math.ceil(pos)] ?? NaN;
  return a + (b - a) * (pos - Math.floor(pos));
}

interface Comparison {
  run: ReferenceRun;
  kind: 'train' | 'decode' | 'prefill';
  predicted: number;
  measured: number;
  error: number;
}

function compare(run: ReferenceRun, cards: Map<string, Card>): Comparison | null {
  const measured = run.measured.tokensPerSecond;
  const kind = run.measured.throughputKind;
  const card = run.card === null ? undefined : cards.get(run.card);
  if (!measured || !kind || !card || !run.config) return null;
  const { resolved } = resolveInput(run.config);
  const { model } = resolveModel(run.config.model, []);
  // The row's config says which runtime generated (inferenceRuntime: eager for HF transformers generate).
  const speed = estimateSpeed(resolved, model, card);
  let predicted: number;
  if (speed.kind === 'train') {
    // 'unknown' scope on multi-GPU rows is read as the total: per GPU, those rows would exceed peak FLOPs.
    predicted = run.measured.throughputScope === 'per-gpu' ? speed.tokensPerSecondPerGpu : speed.tokensPerSecond;
  } else {
    predicted = kind === 'prefill' ? speed.prefillTokensPerSecond : speed.decodeTokensPerSecond;
  }
  return { run, kind, predicted, measured, error: predicted / measured - 1 };
}

function summarize(rows: Comparison[]): { n: number; median: number; p90: number; bias: number } {
  const abs = rows.map((r) => Math.abs(r.error)).sort((a, b) => a - b);
  const signed = rows.map((r) => r.error).sort((a, b) => a - b);
  return { n: rows.length, median: quantile(abs, 0.5), p90: quantile(abs, 0.9), bias: quantile(signed, 0.5) };
}

const runs = readReferenceRuns();
const cards = new Map(
  [...readJson<Card>('cards.json'), ...readJson<Card>('reference-cards.json')].map((c) => [c.id, c]),
);
const comparisons = runs.map((r) => compare(r, cards)).filter((c): c is Comparison => c !== null);
const byKind = (kind: Comparison['kind']) => comparisons.filter((c) => c.kind === kind);

describe('speed model against published throughput (data/reference-runs.json)', () => {
  it('prints the error table by source and kind', () => {
    const groups = new Map<string, Comparison[]>();
    for (const c of comparisons) {
      const key = `${c.kind.padEnd(7)} ${sourceOf(c.run)}`;
      groups.set(key, [...(groups.get(key) ?? []), c]);
    }
    const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(7);
    const lines = ['kind    source                                              n  median    P90    bias'];
    for (const [key, rows] of [...groups].sort()) {
      const s = summarize(rows);
      lines.push(`${key.padEnd(56)} ${String(s.n).padStart(3)} ${pct(s.median)} ${pct(s.p90)} ${pct(s.bias)}`);
    }
    for (const kind of ['train', 'decode', 'prefill'] as const) {
      const s = summarize(byKind(kind));
      lines.push(
        `${kind.padEnd(7)} ALL${' '.repeat(53)}${String(s.n).padStart(3)} ${pct(s.median)} ${pct(s.p90)} ${pct(s.bias)}`,
      );
    }
    const worst = [...comparisons].sort((a, b) => Math.abs(b.error) - Math.abs(a.error)).slice(0, 8);
    lines.push(
      'worst rows:',
      ...worst.map((c) => `  ${c.run.id}: predicted ${c.predicted.toFixed(1)} vs ${c.measured} (${pct(c.error)})`),
    );
    console.log(lines.join('\n'));
    expect(comparisons.length).toBeGreaterThan(0);
  });

  it('training: median error ≤ 15% and P90 ≤ 50%', () => {
    const s = summarize(byKind('train'));
    expect(s.n).toBeGreaterThan(20);
    expect(s.median).toBeLessThanOrEqual(0.15);
    expect(s.p90).toBeLessThanOrEqual(0.5);
  });

  it('decode: median error ≤ 20%', () => {
    const s = summarize(byKind('decode'));
    expect(s.n).toBeGreaterThan(20);
    expect(s.median).toBeLessThanOrEqual(0.2);
  });
});
