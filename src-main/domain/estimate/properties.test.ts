import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readDataFile } from '../../../scripts/data-files';
import type { Card, ModelPreset } from '../catalog';
import { InputError } from '../errors';
import { estimateInputSchema, type EstimateInput } from './input';
import { estimateMemory } from './memory';

const presets = readDataFile<ModelPreset[]>('models.json');
const cards = readDataFile<Card[]>('cards.json');
const ctx = { presets, cards };

/** Coherent inputs: method, precision and quant drawn together so the estimator must accept them. */
const setup = fc.oneof(
  fc.record({
    method: fc.constant('inference' as const),
    precision: fc.constantFrom('fp32' as const, 'bf16' as const, 'fp16' as const, 'fp8' as const),
    quant: fc.constant(undefined),
  }),
  fc.record({
    method: fc.constant('inference' as const),
    precision: fc.constant('int4' as const),
    quant: fc.constantFrom('bnb' as const, 'gptq' as const, 'awq' as const, 'gguf-q4_k_m' as const, undefined),
  }),
  fc.record({
    method: fc.constant('inference' as const),
    precision: fc.constant('int8' as const),
    quant: fc.constantFrom('bnb' as const, 'gguf-q8_0' as const, undefined),
  }),
  fc.record({
    method: fc.constantFrom('full' as const, 'lora' as const),
    precision: fc.constantFrom('fp32' as const, 'bf16' as const, 'fp16' as const),
    quant: fc.constant(undefined),
  }),
  fc.record({
    method: fc.constant('qlora' as const),
    precision: fc.constant('int4' as const),
    quant: fc.constantFrom('bnb' as const, 'gptq' as const, 'awq' as const, undefined),
  }),
);

const model = fc.oneof(
  fc.constantFrom(...presets.map((p) => p.id)),
  fc.double({ min: 1e8, max: 5e11, noNaN: true }).map((p) => `${(p / 1e9).toFixed(2)}b`),
  fc.record(
    {
      params: fc.double({ min: 1e8, max: 5e11, noNaN: true }),
      layers: fc.option(fc.integer({ min: 1, max: 120 }), { nil: undefined }),
    },
    { requiredKeys: ['params'] },
  ),
);

const input = fc
  .record({
    model,
    setup,
    batchSize: fc.integer({ min: 1, max: 256 }),
    seqLen: fc.integer({ min: 1, max: 131_072 }),
    optimizer: fc.constantFrom(
      'adamw' as const,
      'adamw-8bit' as const,
      'paged-adamw-8bit' as const,
      'sgd' as const,
      undefined,
    ),
    mixedPrecision: fc.option(fc.boolean(), { nil: undefined }),
    gradientCheckpointing: fc.option(fc.boolean(), { nil: undefined }),
    flashAttention: fc.option(fc.boolean(), { nil: undefined }),
    lora: fc.option(
      fc.record({
        rank: fc.integer({ min: 1, max: 256 }),
        targets: fc.oneof(
          fc.constantFrom('attention' as const, 'all-linear' as const),
          fc.uniqueArray(
            fc.constantFrom(
              'q' as const,
              'k' as const,
              'v' as const,
              'o' as const,
              'gate' as const,
              'up' as const,
              'down' as const,
            ),
            { minLength: 1, maxLength: 7 },
          ),
        ),
      }),
      { nil: undefined },
    ),
    gpus: fc.option(fc.integer({ min: 1, max: 64 }), { nil: undefined }),
    sharding: fc.constantFrom(
      'none' as const,
      'zero1' as const,
      'zero2' as const,
      'zero3' as const,
      'fsdp' as const,
      undefined,
    ),
  })
  .map(({ setup: s, ...rest }) => {
    const raw = { ...rest, ...s };
    return {
      ...estimateInputSchema.parse(JSON.parse(JSON.stringify(raw))),
      batchSize: rest.batchSize,
      seqLen: rest.seqLen,
    };
  });

const bytesOf = (i: EstimateInput): number[] => {
  const e = estimateMemory(i, ctx);
  return [e.perGpu.totalBytes, e.perGpu.allocatedBytes, ...Object.values(e.perGpu.breakdown)];
};

describe('memory estimate properties', () => {
  it('never returns NaN, Infinity or negative bytes for valid input', () => {
    fc.assert(
      fc.property(input, (i) => {
        for (const bytes of bytesOf(i)) expect(Number.isFinite(bytes) && bytes >= 0).toBe(true);
        const e = estimateMemory(i, ctx);
        expect(e.perGpu.totalBytes).toBeGreaterThanOrEqual(e.perGpu.allocatedBytes);
      }),
      { numRuns: 3000, seed: 20261130 },
    );
  });

  it('memory never decreases when batch, seq or params grow', () => {
    fc.assert(
      fc.property(
        input,
        fc.integer({ min: 1, max: 64 }),
        fc.integer({ min: 1, max: 8192 }),
        fc.double({ min: 1, max: 4, noNaN: true }),
        (i, moreBatch, moreSeq, scale) => {
          const total = (x: EstimateInput): number => estimateMemory(x, ctx).perGpu.totalBytes;
          const base = total(i);
          expect(total({ ...i, batchSize: Math.min(65_536, i.batchSize + moreBatch) })).toBeGreaterThanOrEqual(base);
          expect(total({ ...i, seqLen: i.seqLen + moreSeq })).toBeGreaterThanOrEqual(base);
          // Params growing on a fixed shape (a guessed shape changes architecture at size bands: see shape.ts).
          const shaped = estimateMemory(i, ctx).model;
          const fixedShape = {
            params: shaped.params,
            layers: shaped.layers,
            hidden: shaped.hidden,
            heads: shaped.heads,
            kvHeads: shaped.kvHeads,
            headDim: shaped.headDim,
            intermediate: shaped.intermediate,
            vocab: shaped.vocab,
            tiedEmbeddings: shaped.tiedEmbeddings,
            gatedMlp: shaped.gatedMlp,
            experts: shaped.experts,
            expertsPerToken: shaped.expertsPerToken,
          };
          const onShape = total({ ...i, model: fixedShape });
          expect(total({ ...i, model: { ...fixedShape, params: fixedShape.params * scale } })).toBeGreaterThanOrEqual(
            onShape,
          );
          // And more layers of the same width.
          expect(
            total({ ...i, model: { ...fixedShape, layers: fixedShape.layers + 1, params: fixedShape.params * 1.05 } }),
          ).toBeGreaterThanOrEqual(onShape);
        },
      ),
      { numRuns: 2000, seed: 7 },
    );
  });

  it('non-positive or fractional sizes throw an InputError naming the field', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('batchSize' as const, 'seqLen' as const, 'gpus' as const),
        fc.oneof(fc.integer({ max: 0 }), fc.double({ min: 0.01, max: 0.99 }), fc.constant(Number.NaN)),
        (field, value) => {
          const attempt = (): unknown =>
            estimateMemory(
              { model: '7b', method: 'inference', precision: 'bf16', batchSize: 1, seqLen: 1, [field]: value },
              ctx,
            );
          expect(attempt).toThrow(expect.objectContaining({ field }));
        },
      ),
      { numRuns: 200, seed: 11 },
    );
  });

  it('incoherent input throws an InputError naming the field', () => {
    const bad = fc.oneof(
      fc.record({
        precision: fc.constantFrom('fp32' as const, 'bf16' as const, 'fp16' as const, 'fp8' as const, 'int8' as const),
        method: fc.constant('qlora' as const),
        field: fc.constant('precision'),
      }),
      fc.record({
        precision: fc.constantFrom('int4' as const, 'int8' as const),
        method: fc.constant('full' as const),
        field: fc.constant('precision'),
      }),
      fc.record({
        precision: fc.constantFrom('fp32' as const, 'bf16' as const, 'fp16' as const, 'fp8' as const),
        method: fc.constantFrom('inference' as const, 'lora' as const),
        quant: fc.constantFrom(
          'bnb' as const,
          'gptq' as const,
          'awq' as const,
          'gguf-q4_k_m' as const,
          'gguf-q8_0' as const,
        ),
        field: fc.constant('quant'),
      }),
    );
    fc.assert(
      fc.property(bad, ({ field, ...patch }) => {
        const attempt = (): unknown =>
          estimateMemory({ model: 'llama-2-7b', batchSize: 1, seqLen: 128, ...patch }, ctx);
        expect(attempt).toThrow(InputError);
        expect(attempt).toThrow(expect.objectContaining({ field }));
      }),
      { numRuns: 300, seed: 3 },
    );
  });
});
