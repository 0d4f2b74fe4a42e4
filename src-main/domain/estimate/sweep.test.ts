import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readDataFile } from '../../../scripts/data-files';
import type { Card, ModelPreset } from '../catalog';
import { InputError } from '../errors';
import { estimateInputSchema, type EstimateInput } from './input';
import { estimateMemory } from './memory';
import { longestSeq } from './solve';
import { memorySweep, sweepBatchSizes, sweepSeqLens } from './sweep';

const presets = readDataFile<ModelPreset[]>('models.json');
const cards = readDataFile<Card[]>('cards.json');
const ctx = { presets, cards };

const lora13b: EstimateInput = { model: 'llama-2-13b', method: 'lora', precision: 'bf16', batchSize: 2, seqLen: 2048 };
const inference8b: EstimateInput = {
  model: 'llama-3.1-8b',
  method: 'inference',
  precision: 'bf16',
  batchSize: 8,
  seqLen: 4096,
};

/** Inputs across methods, memory savers and GPU counts, as the contract parses them; the estimator may still refuse some. */
const estimateInput = fc
  .record({
    model: fc.constantFrom(...presets.map((p) => p.id)),
    setup: fc.constantFrom(
      { method: 'inference', precision: 'bf16' },
      { method: 'inference', precision: 'int4', quant: 'gguf-q4_k_m' },
      { method: 'full', precision: 'bf16' },
      { method: 'lora', precision: 'bf16' },
      { method: 'qlora', precision: 'int4', quant: 'bnb' },
    ),
    batchSize: fc.integer({ min: 1, max: 32 }),
    seqLen: fc.integer({ min: 1, max: 32_768 }),
    flashAttention: fc.boolean(),
    gradientCheckpointing: fc.boolean(),
    inferenceRuntime: fc.constantFrom('eager', 'vllm'),
    gpus: fc.constantFrom(1, 2, 8),
    sharding: fc.constantFrom('none', 'zero3'),
  })
  .map(({ setup, ...rest }) => estimateInputSchema.safeParse({ ...rest, ...setup }))
  .filter((parsed) => parsed.success)
  .map((parsed) => parsed.data as EstimateInput);

function accepted(input: EstimateInput): boolean {
  try {
    estimateMemory(input, ctx);
    return true;
  } catch (error) {
    if (error instanceof InputError) return false;
    throw error;
  }
}

describe('sweepSeqLens and sweepBatchSizes', () => {
  it('visits powers of two from 256 to at least four times the input, the input among them', () => {
    expect(sweepSeqLens(2048)).toEqual([256, 512, 1024, 2048, 4096, 8192]);
    expect(sweepSeqLens(3000)).toEqual([256, 512, 1024, 2048, 3000, 4096, 8192, 16384]);
    expect(sweepSeqLens(100)).toEqual([100, 256, 512, 1024, 2048, 4096, 8192]);
  });

  it('draws batch 1, the input batch, twice and four times it', () => {
    expect(sweepBatchSizes(1)).toEqual([1, 2, 4]);
    expect(sweepBatchSizes(4)).toEqual([1, 4, 8, 16]);
  });
});

describe('memorySweep', () => {
  it('is the estimate itself at the input batch and sequence', () => {
    for (const input of [lora13b, inference8b]) {
      const sweep = memorySweep(input, ctx);
      const series = sweep.series.find((s) => s.batchSize === input.batchSize);
      const point = series?.points.find((p) => p.seqLen === input.seqLen);
      expect(sweep.at).toEqual({ batchSize: input.batchSize, seqLen: input.seqLen });
      expect(point?.totalBytes).toBe(estimateMemory(input, ctx).perGpu.totalBytes);
      // And at another point, the estimate of that input.
      const other = sweep.series.at(-1)!.points.at(-1)!;
      const there = { ...input, batchSize: sweep.series.at(-1)!.batchSize, seqLen: other.seqLen };
      expect(other.totalBytes).toBe(estimateMemory(there, ctx).perGpu.totalBytes);
    }
  });

  it('fills the defaults the estimate fills (batch and sequence left out)', () => {
    const { model, method, precision } = lora13b;
    const sweep = memorySweep({ model, method, precision }, ctx);
    const resolved = estimateMemory({ model, method, precision }, ctx).resolvedInput;
    expect(sweep.at).toEqual({ batchSize: resolved.batchSize, seqLen: resolved.seqLen });
  });

  it('rises with the sequence length and with the batch size', () => {
    fc.assert(
      fc.property(estimateInput, (input) => {
        if (!accepted(input)) return;
        const { series } = memorySweep(input, ctx);
        for (const { points } of series) {
          for (let i = 1; i < points.length; i++) {
            expect(points[i]!.totalBytes).toBeGreaterThanOrEqual(points[i - 1]!.totalBytes);
          }
        }
        for (let i = 1; i < series.length; i++) {
          series[i]!.points.forEach((p, j) =>
            expect(p.totalBytes).toBeGreaterThanOrEqual(series[i - 1]!.points[j]!.totalBytes),
          );
        }
      }),
      { numRuns: 150, seed: 13 },
    );
  });

  it('crosses the usable memory of a card where the longest-sequence solver says (13B LoRA on a 40 GB A100)', () => {
    const a100 = cards.find((c) => c.id === 'a100-40gb')!;
    const longest = longestSeq(lora13b, a100, ctx);
    const peak = (seqLen: number) => estimateMemory({ ...lora13b, seqLen }, ctx).perGpu.totalBytes;
    const usable = a100.memoryGiB * 2 ** 30 * 0.9;
    // The sweep's own points either side of the solver's answer agree with it.
    const { points } = memorySweep(lora13b, ctx).series.find((s) => s.batchSize === lora13b.batchSize)!;
    expect(longest).toBeGreaterThan(points[0]!.seqLen);
    expect(longest).toBeLessThan(points.at(-1)!.seqLen);
    for (const p of points) expect(p.totalBytes <= usable).toBe(p.seqLen <= longest);
    expect(peak(longest)).toBeLessThanOrEqual(usable);
    expect(peak(longest + 1)).toBeGreaterThan(usable);
  });

  it('refuses what the estimate refuses', () => {
    expect(() => memorySweep({ ...lora13b, method: 'qlora' }, ctx)).toThrow(InputError);
  });
});
