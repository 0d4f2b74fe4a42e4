import { describe, expect, it } from 'vitest';
import type { EstimateInput } from '../estimate/input';
import { cardFamily, similarityWeight } from './similarity';
import { flagInconsistentThroughput } from './throughput-flags';
import type { CalibrationRun } from './types';
import { english } from '../messages';

describe('cardFamily', () => {
  it('groups memory sizes and form factors of the same silicon', () => {
    expect(cardFamily('a100-80gb')).toBe('a100');
    expect(cardFamily('a100-80gb-pcie')).toBe('a100');
    expect(cardFamily('a100-40gb')).toBe('a100');
    expect(cardFamily('a800-80gb')).toBe('a100');
    expect(cardFamily('h20-96gb')).toBe('h20');
    expect(cardFamily('h100-sxm')).toBe('h100');
    expect(cardFamily('rtx-4090')).toBe('rtx-4090');
    expect(cardFamily('rtx-3090')).not.toBe(cardFamily('rtx-4090'));
  });
});

describe('similarityWeight', () => {
  const base: EstimateInput = {
    model: { params: 7e9 },
    method: 'qlora',
    precision: 'int4',
    batchSize: 4,
    seqLen: 1024,
  };
  const at = (config: EstimateInput, card = 'a100-80gb') => ({ config, card, gpus: config.gpus ?? 1 });

  it('is 1 for the same run and falls with distance in size, sequence and batch', () => {
    expect(similarityWeight(at(base), at(base))).toBe(1);
    const w13 = similarityWeight(at(base), at({ ...base, model: { params: 13e9 } }));
    const w70 = similarityWeight(at(base), at({ ...base, model: { params: 70e9 } }));
    expect(w13).toBeGreaterThan(0.2);
    expect(w13).toBeLessThan(1);
    expect(w70).toBeLessThan(0.01);
    expect(similarityWeight(at(base), at({ ...base, seqLen: 4096 }))).toBeLessThan(1);
    expect(similarityWeight(at(base), at({ ...base, batchSize: 16 }))).toBeLessThan(1);
  });

  it('treats an int4 precision without a scheme as bitsandbytes, unlike GPTQ', () => {
    expect(similarityWeight(at(base), at({ ...base, quant: 'bnb' }))).toBe(1);
    expect(similarityWeight(at(base), at({ ...base, quant: 'gptq' }))).toBe(0);
  });

  it('halves the weight for each differing setting', () => {
    // QLoRA resolves with gradient checkpointing on (the PEFT default): turning it off is the differing setting.
    expect(similarityWeight(at(base), at({ ...base, gradientCheckpointing: false }))).toBeCloseTo(0.5);
    expect(similarityWeight(at(base), at({ ...base, gradientCheckpointing: false, optimizer: 'sgd' }))).toBeCloseTo(
      0.25,
    );
  });
});

describe('flagInconsistentThroughput', () => {
  const config: EstimateInput = { model: '7b', method: 'lora', precision: 'bf16', batchSize: 4, seqLen: 2048 };
  const run = (id: string, tokensPerSecond: number | null, over: Partial<CalibrationRun> = {}): CalibrationRun => ({
    id,
    origin: 'mine',
    card: 'rtx-4090',
    gpus: 1,
    config,
    measuredMemoryBytes: null,
    memoryMeter: null,
    measuredTokensPerSecond: tokensPerSecond,
    predictedMemoryBytes: null,
    predictedTokensPerSecond: null,
    outcome: 'ok',
    ...over,
  });

  it('flags identical runs more than 10% apart', () => {
    const flags = flagInconsistentThroughput([run('a', 1000), run('b', 1150), run('c', 1050)]);
    expect(flags).toHaveLength(1);
    expect(flags[0]!.runIds).toEqual(['a', 'b', 'c']);
    expect(english(flags[0]!.reason)).toMatch(/shared or throttled/);
  });

  it('accepts a spread up to 10% and ignores runs without throughput', () => {
    expect(flagInconsistentThroughput([run('a', 1000), run('b', 1099), run('c', null)])).toEqual([]);
  });

  it('does not compare different cards, GPU counts or configurations', () => {
    const flags = flagInconsistentThroughput([
      run('a', 1000),
      run('b', 2000, { card: 'rtx-3090' }),
      run('c', 3000, { gpus: 2 }),
      run('d', 4000, { config: { ...config, seqLen: 4096 } }),
    ]);
    expect(flags).toEqual([]);
  });

  it('matches configurations whatever their key order', () => {
    const reordered = { seqLen: 2048, batchSize: 4, precision: 'bf16', method: 'lora', model: '7b' } as EstimateInput;
    expect(flagInconsistentThroughput([run('a', 1000), run('b', 500, { config: reordered })])).toHaveLength(1);
  });
});
