import { describe, expect, it } from 'vitest';
import { readDataFile } from '../../../scripts/data-files';
import type { Card, ModelPreset } from '../catalog';
import type { Run } from '../runs';
import { calibrationRunsFrom, throughputFlagsFor } from './logged-runs';
import { predictRun } from './predict';

const cards = readDataFile<Card[]>('cards.json');
const presets = readDataFile<ModelPreset[]>('models.json');
const GIB = 2 ** 30;

function run(id: number, overrides: Partial<Run> = {}): Run {
  return {
    id,
    origin: 'mine',
    citation: null,
    estimate: null,
    modelLabel: 'Qwen2.5 7B',
    createdAt: '2025-11-30T00:00:00Z',
    config: { model: 'qwen2.5-7b', method: 'lora', precision: 'bf16', batchSize: 2, seqLen: 1024 },
    card: 'rtx-4090',
    gpus: 1,
    peakMemoryGiB: 20,
    memoryMeter: 'nvidia-smi',
    tokensPerSecond: 2500,
    outcome: 'ok',
    provider: undefined,
    notes: undefined,
    ...overrides,
  };
}

describe('calibrationRunsFrom', () => {
  it('pairs each run with the raw prediction for its own configuration, in bytes', () => {
    const [only] = calibrationRunsFrom([run(7)], cards, presets);
    const card = cards.find((c) => c.id === 'rtx-4090')!;
    const prediction = predictRun({ config: run(7).config, card }, presets);
    expect(only).toMatchObject({
      id: '7',
      origin: 'mine',
      measuredMemoryBytes: 20 * GIB,
      memoryMeter: 'nvidia-smi',
      measuredTokensPerSecond: 2500,
      predictedMemoryBytes: prediction.memory,
      predictedTokensPerSecond: prediction.tokensPerSecond,
    });
  });

  it('leaves out runs it cannot re-estimate: a card not in the catalog, a preset since removed', () => {
    const kept = calibrationRunsFrom(
      [run(1, { card: 'no-such-card' }), run(2, { config: { ...run(2).config, model: 'removed-preset' } }), run(3)],
      cards,
      presets,
    );
    expect(kept.map((r) => r.id)).toEqual(['3']);
  });

  it('predicts no speed for a run that measured none', () => {
    const [only] = calibrationRunsFrom([run(4, { tokensPerSecond: undefined })], cards, presets);
    expect(only?.predictedTokensPerSecond).toBeNull();
  });
});

describe('throughputFlagsFor', () => {
  it('compares a per-GPU rate as the whole run’s: 1,000/GPU on 2 GPUs equals 2,000 in all', () => {
    const two = { ...run(1).config, gpus: 2 };
    const agree = throughputFlagsFor([
      run(1, { config: two, gpus: 2, tokensPerSecond: 1000, throughputScope: 'per-gpu' }),
      run(2, { config: two, gpus: 2, tokensPerSecond: 2000 }),
    ]);
    expect(agree).toEqual([]);
    const apart = throughputFlagsFor([
      run(1, { config: two, gpus: 2, tokensPerSecond: 1000 }),
      run(2, { config: two, gpus: 2, tokensPerSecond: 2000 }),
    ]);
    expect(apart.map((flag) => flag.runIds)).toEqual([['1', '2']]);
  });
});
