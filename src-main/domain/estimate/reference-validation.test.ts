import { describe, expect, it } from 'vitest';
import { readDataFile, readReferenceRuns } from '../../../scripts/data-files';
import type { ReferenceRun } from '../reference-runs';
import type { Card, ModelPreset } from '../catalog';
import { estimateInputSchema, type EstimateInput } from './input';
import { estimateMemory } from './memory';
import { bytesOnMeter } from './meter';

/** A published run, as data/reference-runs.json stores it. */

const readJson = <T>(name: string): T => readDataFile<T>(name);
const runs = readReferenceRuns();
const cards = [...readJson<Card[]>('cards.json'), ...readJson<Card[]>('reference-cards.json')];
const presets = readJson<ModelPreset[]>('models.json');

/**
 * Rows whose mapping says the run used something EstimateInput cannot express (torch.compile,
 * LoRA on the LM head, unpacked samples shorter than seqLen, undocumented per-row overrides).
 * Optimizer-in-backward, chunked cross-entropy and CPU offloading are input fields now.
 * Printed as a separate table for diagnosis; the asserted thresholds still cover every core row.
 */
const INEXPRESSIBLE = /not expressible|undocumented overrides|real lengths shorter/;

interface Comparison {
  id: string;
  core: boolean;
  expressible: boolean;
  method: string;
  source: string;
  errorFraction: number;
}

const estimable = runs.filter((run) => run.config !== null);
const configOf = (run: ReferenceRun): EstimateInput => estimateInputSchema.parse(run.config);

const comparisons: Comparison[] = estimable
  .filter((run) => run.measured.peakMemoryBytes !== null && !run.measured.oom)
  .map((run) => {
    const estimate = estimateMemory(configOf(run), { presets, cards: [] });
    const measured = run.measured.peakMemoryBytes as number;
    return {
      id: run.id,
      core: run.core,
      expressible: !INEXPRESSIBLE.test(run.mapping),
      method: configOf(run).method,
      source: run.citation.source.slice(0, 48),
      errorFraction: (bytesOnMeter(run.measured.memoryMeter ?? 'unknown', estimate.perGpu) - measured) / measured,
    };
  });

const oomRuns = estimable.filter((run) => run.measured.oom && run.card !== null);
const oomVerdicts = oomRuns.map((run) => {
  const card = cards.find((c) => c.id === run.card);
  if (!card) throw new Error(`${run.id}: card ${run.card} is in no cards file`);
  const estimate = estimateMemory(configOf(run), { presets, cards: [card] });
  return { id: run.id, predictedOom: estimate.fits[0]?.fits === false };
});

/** Runs that did run (no OOM) but that the estimate says do not fit their card: false alarms. */
function falseAlarms(): string {
  const ran = estimable.filter((run) => !run.measured.oom && run.card !== null);
  const alarms = ran.filter((run) => {
    const card = cards.find((c) => c.id === run.card);
    return card !== undefined && estimateMemory(configOf(run), { presets, cards: [card] }).fits[0]?.fits === false;
  });
  return `${alarms.length}/${ran.length}`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const at = (i: number): number => sorted[i] ?? Number.NaN;
  return sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
}

function summary(rows: Comparison[]): {
  count: number;
  medianAbsPct: number;
  within20: number;
  medianSignedPct: number;
} {
  const abs = rows.map((r) => Math.abs(r.errorFraction));
  return {
    count: rows.length,
    medianAbsPct: 100 * median(abs),
    within20: abs.filter((a) => a <= 0.2).length / Math.max(1, abs.length),
    medianSignedPct: 100 * median(rows.map((r) => r.errorFraction)),
  };
}

function table(title: string, key: (c: Comparison) => string, rows: Comparison[]): string {
  const groups = new Map<string, Comparison[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  const lines = [...groups.entries()].map(([name, group]) => {
    const s = summary(group);
    return `${name.padEnd(50)} ${String(s.count).padStart(5)} ${s.medianAbsPct.toFixed(1).padStart(8)}% ${s.medianSignedPct.toFixed(1).padStart(8)}% ${(100 * s.within20).toFixed(0).padStart(8)}%`;
  });
  return [
    `${title.padEnd(50)} ${'rows'.padStart(5)} ${'med|err|'.padStart(9)} ${'med err'.padStart(9)} ${'±20%'.padStart(9)}`,
    ...lines,
  ].join('\n');
}

describe('memory estimate against published runs (data/reference-runs.json)', () => {
  it('prints the error tables', () => {
    const core = comparisons.filter((c) => c.core);
    console.log(
      [
        table('all rows with a per-GPU peak, by method', (c) => c.method, comparisons),
        table('core rows, by method', (c) => c.method, core),
        table('all rows, by source', (c) => c.source, comparisons),
        table(
          'core rows the input can express, by method',
          (c) => c.method,
          core.filter((c) => c.expressible),
        ),
        `core overall: ${JSON.stringify(summary(core))}`,
        `core, expressible: ${JSON.stringify(summary(core.filter((c) => c.expressible)))}`,
        `OOM rows predicted not to fit: ${oomVerdicts.filter((v) => v.predictedOom).length}/${oomVerdicts.length}; missed: ${oomVerdicts
          .filter((v) => !v.predictedOom)
          .map((v) => v.id)
          .join(', ')}`,
        `runs that ran but are predicted not to fit (default headroom): ${falseAlarms()}`,
        `worst core rows: ${[...core]
          .sort((a, b) => Math.abs(b.errorFraction) - Math.abs(a.errorFraction))
          .slice(0, 8)
          .map((c) => `${c.id} ${(100 * c.errorFraction).toFixed(0)}%`)
          .join(', ')}`,
      ].join('\n\n'),
    );
    expect(comparisons.length).toBeGreaterThan(50);
  });

  it('core rows: median absolute error ≤ 10% and ≥ 80% of rows within ±20%', () => {
    const s = summary(comparisons.filter((c) => c.core));
    expect(s.count).toBeGreaterThan(50);
    expect(s.medianAbsPct).toBeLessThanOrEqual(10);
    expect(s.within20).toBeGreaterThanOrEqual(0.8);
  });

  it('≥ 90% of published OOM runs are predicted not to fit their card', () => {
    expect(oomVerdicts.length).toBeGreaterThan(20);
    const share = oomVerdicts.filter((v) => v.predictedOom).length / oomVerdicts.length;
    expect(share).toBeGreaterThanOrEqual(0.9);
  });
});
