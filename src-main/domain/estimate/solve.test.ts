import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readDataFile } from '../../../scripts/data-files';
import type { Card, ModelPreset } from '../catalog';
import { InputError } from '../errors';
import { estimateInputSchema, type EstimateInput } from './input';
import { estimateMemory, peakFunction, peakPerGpu, resolveEstimate } from './memory';
import { fitSolver, largestBatch, largestWithin, longestSeq, MAX_BATCH } from './solve';
import { probingLargest, probingLimits } from './solve-probing.testkit';
import { GIB } from './units';

const presets = readDataFile<ModelPreset[]>('models.json');
const cards = readDataFile<Card[]>('cards.json');
const ctx = { presets, cards };

/** Inputs across every method, precision, memory saver and sharding, parsed as the contract parses them. */
const estimateInput = fc
  .record({
    model: fc.oneof(
      fc.constantFrom(...presets.map((p) => p.id)),
      fc.integer({ min: 1, max: 400 }).map((b) => `${b}b`),
    ),
    setup: fc.constantFrom(
      { method: 'inference', precision: 'bf16' },
      { method: 'inference', precision: 'fp32' },
      { method: 'inference', precision: 'int4', quant: 'gguf-q4_k_m' },
      { method: 'inference', precision: 'int8', quant: 'gguf-q8_0' },
      { method: 'inference', precision: 'int4', quant: 'awq' },
      { method: 'full', precision: 'bf16' },
      { method: 'full', precision: 'fp32' },
      { method: 'lora', precision: 'bf16' },
      { method: 'lora', precision: 'fp16' },
      { method: 'qlora', precision: 'int4', quant: 'bnb' },
      { method: 'qlora', precision: 'int4', quant: 'gptq' },
    ),
    batchSize: fc.integer({ min: 1, max: 64 }),
    seqLen: fc.integer({ min: 1, max: 32_768 }),
    flashAttention: fc.option(fc.boolean(), { nil: undefined }),
    gradientCheckpointing: fc.option(fc.boolean(), { nil: undefined }),
    inferenceRuntime: fc.option(fc.constantFrom('eager', 'vllm'), { nil: undefined }),
    optimizer: fc.option(fc.constantFrom('adamw', 'adamw-8bit', 'sgd'), { nil: undefined }),
    chunkedCrossEntropy: fc.option(fc.boolean(), { nil: undefined }),
    optimizerInBackward: fc.option(fc.boolean(), { nil: undefined }),
    gpus: fc.constantFrom(1, 2, 4, 8),
    sharding: fc.constantFrom('none', 'zero2', 'zero3', 'fsdp'),
  })
  .map(({ setup, ...rest }) => estimateInputSchema.safeParse({ ...rest, ...setup }))
  .filter((parsed) => parsed.success)
  .map((parsed) => parsed.data as EstimateInput);

/** The input, or null when the estimator refuses it (incoherent combinations are not the solvers' business). */
function accepted(input: EstimateInput): EstimateInput | null {
  try {
    estimateMemory(input, ctx);
    return input;
  } catch (error) {
    if (error instanceof InputError) return null;
    throw error;
  }
}

describe('largestWithin', () => {
  it('finds what doubling and bisection find, on rising piecewise polynomials with plateaus and kinks', () => {
    // A peak is the max of a constant (the optimizer step) and a quadratic (backward), plus a linear reserve,
    // sometimes clamped at a cap (llama.cpp's micro-batch): rising, with kinks where the winner changes.
    const peak = fc.record({
      step: fc.double({ min: 0, max: 1e11, noNaN: true }),
      base: fc.double({ min: 0, max: 1e11, noNaN: true }),
      linear: fc.double({ min: 0, max: 1e9, noNaN: true }),
      quadratic: fc.double({ min: 0, max: 1e3, noNaN: true }),
      reserve: fc.double({ min: 0, max: 1e8, noNaN: true }),
      cap: fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(
        peak,
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.double({ min: 0, max: 2e11, noNaN: true }),
        (p, upper, budget) => {
          const f = (x: number) => {
            const v = p.cap === undefined ? x : Math.min(x, p.cap);
            return Math.max(p.step, p.base + p.linear * v + p.quadratic * v * v) + p.reserve * x;
          };
          expect(largestWithin(upper, budget, f)).toBe(probingLargest(upper, (x) => f(x) <= budget));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('takes a handful of probes where doubling and bisection take dozens', () => {
    let probes = 0;
    const peak = (b: number) => {
      probes += 1;
      return 20 * GIB + b * 0.37 * GIB;
    };
    // 20 + 0.37·b ≤ 24·0.9 → b ≤ 4.32…: the answer is 4, found from two probes' line.
    expect(largestWithin(MAX_BATCH, 24 * GIB * 0.9, peak)).toBe(4);
    // 1, upper, the line's guess and its neighbour.
    expect(probes).toBeLessThanOrEqual(4);
  });

  it('is 0 when 1 does not fit, `upper` when it fits, and 0 for a peak that is not a number', () => {
    expect(largestWithin(100, 10, () => 11)).toBe(0);
    expect(largestWithin(100, 10, () => 10)).toBe(100);
    expect(largestWithin(100, 10, () => NaN)).toBe(0);
  });
});

describe('largest batch and longest sequence', () => {
  it('are the answers of the old probing solvers on many inputs and every card', () => {
    let compared = 0;
    fc.assert(
      fc.property(estimateInput, fc.constantFrom(0, 0.1, 0.25), (raw, headroomFraction) => {
        const input = accepted(raw);
        if (!input) return;
        const withHeadroom = { ...ctx, headroomFraction };
        const solve = fitSolver(input, withHeadroom);
        for (const card of cards) {
          const budget = card.memoryGiB * GIB * (1 - headroomFraction);
          expect(solve(budget)).toEqual(probingLimits(input, card, withHeadroom));
          compared += 1;
        }
      }),
      { numRuns: 300 },
    );
    // Most drawn inputs are coherent; the comparison is only worth something if it ran on many of them.
    expect(compared).toBeGreaterThan(100 * cards.length);
  });

  it('probe the peak an estimate at that batch and sequence has, with the terms that do not depend on them kept', () => {
    // peakFunction computes weights, states and buffers once and only the activations and logits per probe:
    // a term of that fixed part that did depend on the batch or the sequence would show here.
    let compared = 0;
    fc.assert(
      fc.property(
        estimateInput,
        fc.integer({ min: 1, max: 256 }),
        fc.integer({ min: 1, max: 65_536 }),
        (raw, batchSize, seqLen) => {
          const input = accepted(raw);
          if (!input) return;
          const { resolved, model } = resolveEstimate(input, presets);
          const whole = peakPerGpu(model, { ...resolved, batchSize, seqLen }, []).perGpu.totalBytes;
          expect(peakFunction(input, ctx).peakBytes(batchSize, seqLen)).toBe(whole);
          compared += 1;
        },
      ),
      { numRuns: 500 },
    );
    expect(compared).toBeGreaterThan(100);
  });

  it("answer the same from the estimate's own resolution as from the input", () => {
    fc.assert(
      fc.property(estimateInput, (raw) => {
        const input = accepted(raw);
        if (!input) return;
        const fromInput = fitSolver(input, ctx);
        const fromEstimate = fitSolver(input, ctx, estimateMemory(input, ctx));
        for (const card of cards) expect(fromEstimate(card.memoryGiB * GIB)).toEqual(fromInput(card.memoryGiB * GIB));
      }),
      { numRuns: 100 },
    );
  });

  it('mark the boundary: that batch and that sequence fit, one more does not', () => {
    const a100 = cards.find((c) => c.id === 'a100-80gb')!;
    const fitsOn = (input: EstimateInput) => estimateMemory(input, { ...ctx, cards: [a100] }).fits[0]!.fits;
    const input: EstimateInput = {
      model: 'llama-3.1-8b',
      method: 'lora',
      precision: 'bf16',
      batchSize: 2,
      seqLen: 1024,
    };
    const b = largestBatch(input, a100, ctx);
    const s = longestSeq(input, a100, ctx);
    expect(b).toBeGreaterThan(0);
    expect(s).toBeGreaterThan(0);
    expect([fitsOn({ ...input, batchSize: b }), fitsOn({ ...input, batchSize: b + 1 })]).toEqual([true, false]);
    expect([fitsOn({ ...input, seqLen: s }), fitsOn({ ...input, seqLen: s + 1 })]).toEqual([true, false]);
  });
});
