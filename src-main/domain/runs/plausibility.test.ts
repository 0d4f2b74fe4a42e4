import { describe, expect, it } from 'vitest';
import { readDataFile, readReferenceRuns } from '../../../scripts/data-files';
import { publishedRunOf } from '../../db/seed-runs';
import type { Card, ModelPreset } from '../catalog';
import { english } from '../messages';
import { runProblems } from './plausibility';
import { runInputSchema, type RunInputDraft } from './run-schema';

const cards = new Map(
  [...readDataFile<Card[]>('cards.json'), ...readDataFile<Card[]>('reference-cards.json')].map((c) => [c.id, c]),
);
const presets = readDataFile<ModelPreset[]>('models.json');
const rtx4090 = cards.get('rtx-4090')!;
const base: RunInputDraft = {
  config: { model: 'llama-3.1-8b', method: 'lora', precision: 'bf16', batchSize: 4, seqLen: 2048 },
  card: 'rtx-4090',
  peakMemoryGiB: 20,
  memoryMeter: 'nvidia-smi',
  outcome: 'ok',
};
const problems = (draft: Partial<RunInputDraft>, card: Card | null = rtx4090) =>
  runProblems(runInputSchema.parse({ ...base, ...draft }), card ?? undefined, presets);

describe('runProblems', () => {
  it('passes a plausible run', () => {
    expect(problems({})).toEqual([]);
  });

  it('refuses a peak above the card’s memory, naming peakMemoryGiB (the ×1.25 of issue 11)', () => {
    const [p] = problems({ peakMemoryGiB: 80 });
    expect(p?.field).toBe('peakMemoryGiB');
    expect(english(p!.message)).toMatch(/80 GiB per GPU is more than the GeForce RTX 4090 has \(24 GiB\)/);
    // Rounding of the catalog size is let through (a 24 GB card reads 23.99 GiB, some meters a little more).
    expect(problems({ peakMemoryGiB: 24.3 })).toEqual([]);
  });

  it('refuses a run that measured nothing, but not an out-of-memory', () => {
    expect(problems({ peakMemoryGiB: null, memoryMeter: null }).map((p) => p.field)).toEqual(['peakMemoryGiB']);
    expect(problems({ peakMemoryGiB: null, memoryMeter: null, outcome: 'oom' })).toEqual([]);
    expect(problems({ peakMemoryGiB: null, memoryMeter: null, durationHours: 2 })).toEqual([]);
  });

  it('refuses tokens/s beyond the card’s peak FLOPs: 4·P per token for LoRA, 6·P for full, 2·P to infer', () => {
    // Llama 3.1 8B (8.03e9 params), RTX 4090 at 165.2 dense BF16 TFLOPS.
    const params = presets.find((m) => m.id === 'llama-3.1-8b')!.params;
    const lora = (165.2e12 / (4 * params)) * 1.01;
    expect(problems({ tokensPerSecond: lora }).map((p) => p.field)).toEqual(['tokensPerSecond']);
    expect(problems({ tokensPerSecond: lora * 0.98 })).toEqual([]);
    const full = { ...base.config, method: 'full' as const };
    expect(problems({ config: full, tokensPerSecond: lora * 0.98 }).map((p) => p.field)).toEqual(['tokensPerSecond']);
    // Per GPU on 2 GPUs is judged against one card; the whole run against both.
    const two = { gpus: 2, config: { ...base.config, gpus: 2 }, tokensPerSecond: lora * 1.5 };
    expect(problems(two)).toEqual([]);
    expect(problems({ ...two, throughputScope: 'per-gpu' }).map((p) => p.field)).toEqual(['tokensPerSecond']);
  });

  it('skips the card checks for a card the catalog does not have', () => {
    expect(problems({ peakMemoryGiB: 500, tokensPerSecond: 1e8 }, null)).toEqual([]);
  });

  it('refuses none of the published runs (physics, not the estimator)', () => {
    const refused: string[] = [];
    for (const ref of readReferenceRuns()) {
      const run = publishedRunOf(ref);
      if (!run) continue;
      for (const p of runProblems(run, cards.get(run.card), presets)) refused.push(`${ref.id}: ${english(p.message)}`);
    }
    expect(refused).toEqual([]);
  });
});
