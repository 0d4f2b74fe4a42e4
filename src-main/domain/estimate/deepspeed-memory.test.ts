import { describe, expect, it } from 'vitest';
import { readDataFile } from '../../../scripts/data-files';
import type { ModelPreset } from '../catalog';
import { english } from '../messages';
import type { EstimateInput } from './input';
import { estimateMemory } from './memory';

const presets = readDataFile<ModelPreset[]>('models.json');
const estimate = (input: EstimateInput) => estimateMemory(input, { presets, cards: [] });
// A short sequence: the step, not the activations, sets the peak.
const full: EstimateInput = {
  model: 'llama-3.1-8b',
  method: 'full',
  precision: 'bf16',
  mixedPrecision: true,
  fusedOptimizer: true,
  batchSize: 1,
  seqLen: 16,
};
const zero = (sharding: 'zero1' | 'zero2' | 'zero3', gpus: number, more: Partial<EstimateInput> = {}) =>
  estimate({ ...full, framework: `deepspeed-${sharding}`, sharding, gpus, ...more });
const BUCKET = 5e8 * 2;

describe('DeepSpeed ZeRO gradients (16-bit, an fp32 copy only at the step)', () => {
  it('ZeRO-2 on one GPU: the 16-bit weights stay through the step beside master, moments and three gradient copies', () => {
    const e = zero('zero2', 1);
    const p = e.trainableParams;
    // bf16 weights 2 + fp32 master 4 + two fp32 moments 8 + bf16 partition 2 + its flattened copy 2 + fp32 copy 4.
    expect(e.perGpu.allocatedBytes).toBeCloseTo(p * (2 + 4 + 8 + 2 + 2 + 4), -3);
    expect(e.perGpu.breakdown.gradients).toBeCloseTo(p * 8, -3);
    expect(e.assumptions.map(english).join(' ')).toContain('DeepSpeed keeps gradients in 16 bits');
  });

  it('ZeRO-2 on 4 GPUs shards the gradient copies with the optimizer', () => {
    const e = zero('zero2', 4);
    const p = e.trainableParams;
    expect(e.perGpu.allocatedBytes).toBeCloseTo(p * 2 + (p * (12 + 8)) / 4, -3);
  });

  it('ZeRO-1 on 4 GPUs holds every 16-bit gradient until the step, then copies only its partition', () => {
    const e = zero('zero1', 4);
    const p = e.trainableParams;
    // max(every bf16 gradient, partition × (2 + 2 + 4)) = max(2p, 2p): the full 16-bit gradients.
    expect(e.perGpu.breakdown.gradients).toBeCloseTo(Math.max(2 * p, (8 * p) / 4), -3);
  });

  it('ZeRO-3 copies one sub-group to fp32 at a time and keeps its bucket', () => {
    const wide = zero('zero3', 2);
    const narrow = zero('zero3', 2, { deepspeed: { subGroupSize: 1e8 } });
    const partition = wide.trainableParams / 2;
    expect(wide.perGpu.breakdown.gradients).toBeCloseTo(partition * 2 + 1e9 * 6 + BUCKET, -3);
    expect(narrow.perGpu.breakdown.gradients).toBeCloseTo(partition * 2 + 1e8 * 6 + BUCKET, -3);
  });

  it('ZeRO-1 gradients are held through backward only while an accumulation keeps them', () => {
    const long: Partial<EstimateInput> = { seqLen: 8192, batchSize: 4, gradientCheckpointing: false };
    const once = zero('zero1', 1, long);
    const accumulated = zero('zero1', 1, { ...long, gradientAccumulationSteps: 4 });
    expect(accumulated.perGpu.allocatedBytes - once.perGpu.allocatedBytes).toBeCloseTo(once.trainableParams * 2, -3);
  });

  it('offloaded: no gradient stays on the GPU, the ZeRO-3 bucket does', () => {
    const e = zero('zero3', 2, { optimizerOffload: true });
    expect(e.perGpu.breakdown.gradients).toBeLessThanOrEqual(BUCKET + 1);
    expect(e.assumptions.map(english).join(' ')).not.toContain('DeepSpeed keeps gradients in 16 bits');
  });
});
