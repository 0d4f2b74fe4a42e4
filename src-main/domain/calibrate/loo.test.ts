import { describe, expect, it } from 'vitest';
import { readDataFile, readReferenceRuns } from '../../../scripts/data-files';
import type { ReferenceRun } from '../reference-runs';
import type { Card, ModelPreset } from '../catalog';
import { estimateInputSchema } from '../estimate/input';
import { estimateMemory } from '../estimate/memory';
import { bytesOnMeter } from '../estimate/meter';
import { estimateSpeed } from '../estimate/speed';
import { calibrate } from './calibrate';
import type { CalibrationRun, MemoryMeter } from './types';

/**
 * Leave-one-out on the published rows (DESIGN.md "Calibration"): each row is estimated raw, then
 * corrected with a calibration fitted on every other row, and both are compared with what was measured.
 * Nothing is fitted on the row being predicted.
 */

const readJson = <T>(name: string): T => readDataFile<T>(name);
const rows = readReferenceRuns();
const cards = new Map(
  [...readJson<Card[]>('cards.json'), ...readJson<Card[]>('reference-cards.json')].map((c) => [c.id, c]),
);
const presets = readJson<ModelPreset[]>('models.json');

/** torch's peak "active" bytes exclude the cache like "allocated" does; an unstated meter cannot be compared. */
function meterOf(meter: ReferenceRun['measured']['memoryMeter']): MemoryMeter | null {
  if (meter === 'torch-active') return 'torch-allocated';
  return meter === 'nvidia-smi' || meter === 'torch-reserved' || meter === 'torch-allocated' ? meter : null;
}

/** The row as a logged run, with the estimator's raw predictions attached. */
function toRun(row: ReferenceRun): (CalibrationRun & { core: boolean }) | null {
  const card = row.card === null ? undefined : cards.get(row.card);
  if (!row.config || !card) return null;
  const config = estimateInputSchema.parse(row.config);
  const memory = estimateMemory(config, { presets, cards: [] });
  const kind = row.measured.throughputKind ?? undefined;
  let predictedTokensPerSecond: number | null = null;
  if (row.measured.tokensPerSecond !== null && kind) {
    const speed = estimateSpeed(memory.resolvedInput, memory.model, card, { trainableParams: memory.trainableParams });
    if (speed.kind === 'train') {
      // Same scope reading as speed-validation.test.ts: 'unknown' scope is the total over all GPUs.
      predictedTokensPerSecond =
        row.measured.throughputScope === 'per-gpu' ? speed.tokensPerSecondPerGpu : speed.tokensPerSecond;
    } else {
      predictedTokensPerSecond = kind === 'prefill' ? speed.prefillTokensPerSecond : speed.decodeTokensPerSecond;
    }
  }
  return {
    id: row.id,
    core: row.core,
    origin: 'published',
    card: card.id,
    gpus: config.gpus ?? 1,
    config,
    measuredMemoryBytes: row.measured.oom ? null : row.measured.peakMemoryBytes,
    memoryMeter: meterOf(row.measured.memoryMeter),
    measuredTokensPerSecond: row.measured.tokensPerSecond,
    predictedMemoryBytes: { totalBytes: memory.perGpu.totalBytes, allocatedBytes: memory.perGpu.allocatedBytes },
    predictedTokensPerSecond,
    outcome: row.measured.oom ? 'oom' : 'ok',
    throughputKind: kind,
  };
}

const runs = rows.map(toRun).filter((r): r is NonNullable<ReturnType<typeof toRun>> => r !== null);

interface Errors {
  id: string;
  core: boolean;
  /** "decode inference", "train qlora", "qlora torch-allocated": for the breakdown. */
  group: string;
  raw: number;
  calibrated: number;
  basedOn: number;
}

/** |predicted ÷ measured − 1| before and after the leave-one-out correction. */
function looErrors(quantity: 'memory' | 'speed'): Errors[] {
  const out: Errors[] = [];
  for (const run of runs) {
    let measured: number | null;
    let predicted: number | null;
    if (quantity === 'memory') {
      measured = run.outcome === 'ok' && run.memoryMeter !== null ? run.measuredMemoryBytes : null;
      const p = run.predictedMemoryBytes;
      predicted = p === null || run.memoryMeter === null ? null : bytesOnMeter(run.memoryMeter, p);
    } else {
      measured = run.measuredTokensPerSecond;
      predicted = run.predictedTokensPerSecond;
    }
    if (!measured || !predicted) continue;
    const others = runs.filter((r) => r.id !== run.id);
    const c = calibrate({ config: run.config, card: run.card, throughputKind: run.throughputKind }, others, {
      presets,
    });
    const factor = quantity === 'memory' ? c.memoryFactor : c.speedFactor;
    out.push({
      id: run.id,
      core: run.core,
      group:
        quantity === 'memory'
          ? `${run.config.method} ${run.memoryMeter}`
          : `${run.throughputKind ?? 'train'} ${run.config.method}`,
      raw: Math.abs(predicted / measured - 1),
      calibrated: Math.abs((predicted * factor) / measured - 1),
      basedOn: c.runs,
    });
  }
  return out;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

function summary(label: string, errors: Errors[]): string {
  const improved = errors.filter((e) => e.calibrated < e.raw).length;
  return (
    `${label.padEnd(26)} n=${String(errors.length).padStart(3)}  median |error| raw ${pct(median(errors.map((e) => e.raw))).padStart(6)}` +
    ` → calibrated ${pct(median(errors.map((e) => e.calibrated))).padStart(6)}  (${improved} rows better,` +
    ` median runs used ${median(errors.map((e) => e.basedOn))})`
  );
}

function breakdown(errors: Errors[]): string[] {
  const groups = new Map<string, Errors[]>();
  for (const e of errors) groups.set(e.group, [...(groups.get(e.group) ?? []), e]);
  return [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([group, rows]) => `  ${summary(group, rows)}`);
}

const memoryErrors = looErrors('memory');
const speedErrors = looErrors('speed');

describe('leave-one-out calibration on data/reference-runs.json', () => {
  it('prints raw and calibrated median errors', () => {
    console.log(
      [
        summary('memory, all', memoryErrors),
        summary(
          'memory, core',
          memoryErrors.filter((e) => e.core),
        ),
        summary('speed, all', speedErrors),
        summary(
          'speed, core',
          speedErrors.filter((e) => e.core),
        ),
        'by group:',
        ...breakdown(memoryErrors),
        ...breakdown(speedErrors),
      ].join('\n'),
    );
    expect(memoryErrors.length).toBeGreaterThan(50);
    expect(speedErrors.length).toBeGreaterThan(50);
  });

  it('lowers the median memory error', () => {
    expect(median(memoryErrors.map((e) => e.calibrated))).toBeLessThan(median(memoryErrors.map((e) => e.raw)));
  });

  it('lowers the median speed error', () => {
    expect(median(speedErrors.map((e) => e.calibrated))).toBeLessThan(median(speedErrors.map((e) => e.raw)));
  });
});
