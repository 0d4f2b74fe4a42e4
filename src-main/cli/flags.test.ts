import { describe, expect, it } from 'vitest';
import type { ModelPreset } from '../domain/catalog';
import { estimateInputSchema } from '../domain/estimate/input';
import { rankInputSchema } from '../ipc/contract';
import { fillDefaults } from '../domain/estimate/resolve-input';
import { estimateInputFromFlags, flagForEstimateField, needsPresetShape } from './estimate-flags';
import { flagForRankField, rankInputFromFlags } from './rank-flags';
import { UsageError } from './report-error';

/** The flag the mapping rejects, or null when it accepts. */
function rejectedFlag(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof UsageError) return error.where;
    throw error;
  }
}

const preset: ModelPreset = {
  id: 'test-7b',
  name: 'Test 7B',
  family: 'test',
  params: 6.74e9,
  activeParams: 6.74e9,
  layers: 32,
  hidden: 4096,
  heads: 32,
  kvHeads: 32,
  headDim: 128,
  intermediate: 11008,
  vocab: 32000,
  tiedEmbeddings: false,
  gatedMlp: true,
  experts: 1,
  expertsPerToken: 1,
  maxContext: 4096,
  source: 'test fixture',
};

describe('estimateInputFromFlags', () => {
  it('maps a preset and the run flags to contract field names', () => {
    const input = estimateInputFromFlags({
      model: 'llama-2-13b',
      method: 'lora',
      batch: '4',
      seq: '1024',
      optimizer: 'adamw-8bit',
      'no-mixed-precision': true,
      'grad-checkpointing': true,
      'no-flash-attention': true,
      'lora-rank': '64',
      'lora-targets': 'q,k,v,o,gate',
      gpus: '2',
      sharding: 'zero2',
      gpu: 'rtx-4090',
    });
    // precision is left to the table's default, which resolves to bf16 for LoRA.
    expect(fillDefaults(input)).toMatchObject({
      model: 'llama-2-13b',
      method: 'lora',
      precision: 'bf16',
      batchSize: 4,
      seqLen: 1024,
      optimizer: 'adamw-8bit',
      mixedPrecision: false,
      gradientCheckpointing: true,
      flashAttention: false,
      lora: { rank: 64, targets: ['q', 'k', 'v', 'o', 'gate'] },
      gpus: 2,
      sharding: 'zero2',
      gpu: 'rtx-4090',
    });
    expect(estimateInputSchema.safeParse(input).success).toBe(true);
  });

  it('passes a bare size through as the model string', () => {
    expect(estimateInputFromFlags({ params: '13b', method: 'inference' }).model).toBe('13b');
  });

  it('leaves unset options out, so the estimator applies its own defaults', () => {
    const input = estimateInputFromFlags({ params: '7b', method: 'full' });
    // The defaults of precision, batch and sequence live in the field table now, not in the flags.
    expect(Object.keys(input).sort()).toEqual(['method', 'model']);
  });

  it('maps the memory-saving switches and the inference runtime', () => {
    const input = estimateInputFromFlags({
      params: '8b',
      method: 'full',
      'optimizer-in-backward': true,
      'chunked-cross-entropy': true,
      'activation-offload': true,
      'optimizer-offload': true,
    });
    expect(input).toMatchObject({
      optimizerInBackward: true,
      chunkedCrossEntropy: true,
      activationOffload: true,
      optimizerOffload: true,
    });
    expect(estimateInputSchema.safeParse(input).success).toBe(true);
    const inference = estimateInputFromFlags({ params: '13b', method: 'inference', 'inference-runtime': 'eager' });
    expect(inference.inferenceRuntime).toBe('eager');
    expect(
      rejectedFlag(() => estimateInputFromFlags({ params: '13b', method: 'inference', 'inference-runtime': 'hf' })),
    ).toBe('--inference-runtime');
    expect(flagForEstimateField('inferenceRuntime')).toBe('--inference-runtime');
  });

  it('defaults qlora to a 4-bit base', () => {
    expect(fillDefaults(estimateInputFromFlags({ params: '7b', method: 'qlora' })).precision).toBe('int4');
    expect(fillDefaults(estimateInputFromFlags({ params: '7b', method: 'qlora', precision: 'int8' })).precision).toBe(
      'int8',
    );
  });

  it('turns shape flags into a shape object starting from --params', () => {
    const input = estimateInputFromFlags({
      params: '6.7b',
      method: 'full',
      layers: '32',
      hidden: '4096',
      'kv-heads': '8',
      'no-tied-embeddings': true,
      'gated-mlp': true,
      experts: '8',
      'experts-per-token': '2',
    });
    expect(input.model).toEqual({
      params: 6.7e9,
      layers: 32,
      hidden: 4096,
      kvHeads: 8,
      tiedEmbeddings: false,
      gatedMlp: true,
      experts: 8,
      expertsPerToken: 2,
    });
    expect(estimateInputSchema.safeParse(input).success).toBe(true);
  });

  it('overrides a preset shape field by field, keeping only shape fields', () => {
    const flags = { model: 'test-7b', method: 'inference', 'kv-heads': '8' };
    expect(needsPresetShape(flags)).toBe(true);
    const input = estimateInputFromFlags(flags, [preset]);
    expect(input.model).toMatchObject({ params: 6.74e9, layers: 32, kvHeads: 8, vocab: 32000 });
    expect(estimateInputSchema.safeParse(input).success).toBe(true);
    expect(rejectedFlag(() => estimateInputFromFlags({ ...flags, model: 'nope' }, [preset]))).toBe('--model');
  });

  it('fills the other LoRA setting when only one is given', () => {
    expect(fillDefaults(estimateInputFromFlags({ params: '7b', method: 'lora', 'lora-rank': '8' })).lora).toEqual({
      rank: 8,
      targets: 'attention',
      dropout: 0,
    });
    expect(
      fillDefaults(estimateInputFromFlags({ params: '7b', method: 'lora', 'lora-targets': 'all-linear' })).lora,
    ).toEqual({
      rank: 16,
      targets: 'all-linear',
      dropout: 0,
    });
  });

  it.each([
    [{ params: '13b' }, '--method'],
    [{ method: 'lora' }, '--model'],
    [{ params: '13b', model: 'x', method: 'lora' }, '--params'],
    [{ params: '12x', method: 'lora' }, '--params'],
    [{ params: '13b', method: 'lora', batch: '12x' }, '--batch'],
    [{ params: '13b', method: 'lora', batch: '0' }, '--batch'],
    [{ params: '13b', method: 'lora', batch: '2.5' }, '--batch'],
    [{ params: '13b', method: 'lora', seq: ' 512' }, '--seq'],
    [{ params: '13b', method: 'lora', seq: '' }, '--seq'],
    [{ params: '13b', method: 'lora', layers: '0x20' }, '--layers'],
    [{ params: '13b', method: 'train' }, '--method'],
    [{ params: '13b', method: 'lora', precision: 'fp64' }, '--precision'],
    [{ params: '13b', method: 'lora', 'lora-targets': 'q,x' }, '--lora-targets'],
    [{ params: '13b', method: 'lora', 'gated-mlp': true, 'no-gated-mlp': true }, '--gated-mlp'],
    [{ params: '13b', method: 'lora', 'kv-cache-precision': 'fp4' }, '--kv-cache-precision'],
  ])('rejects %j naming %s', (flags, flag) => {
    expect(rejectedFlag(() => estimateInputFromFlags(flags))).toBe(flag);
  });
});

describe('--lora-targets', () => {
  const targets = (text: string) =>
    estimateInputFromFlags({ params: '7b', method: 'lora', 'lora-targets': text }).lora?.targets;

  it('accepts the two presets and a module list', () => {
    expect(targets('attention')).toBe('attention');
    expect(targets('all-linear')).toBe('all-linear');
    expect(targets('q, v')).toEqual(['q', 'v']);
  });

  it('rejects a preset inside a list and repeated modules', () => {
    expect(rejectedFlag(() => targets('q,attention'))).toBe('--lora-targets');
    expect(rejectedFlag(() => targets('q,k,q'))).toBe('--lora-targets');
  });
});

describe('rankInputFromFlags', () => {
  const input = estimateInputFromFlags({ params: '7b', method: 'lora' });

  it('builds the workload and options of rank:compute', () => {
    const rank = rankInputFromFlags(input, {
      tokens: '200m',
      epochs: '2',
      'tokens-per-sample': '512',
      currency: 'cny',
      billing: 'spot',
      sort: 'jobCost',
      'gpu-counts': '1,2,4,8',
    });
    expect(rank).toEqual({
      input,
      workload: { tokens: 2e8, epochs: 2, tokensPerSample: 512 },
      options: { currency: 'CNY', billing: 'spot', sort: 'jobCost', gpuCounts: [1, 2, 4, 8] },
    });
    expect(rankInputSchema.safeParse(rank).success).toBe(true);
  });

  it('sends empty workload and options when no job flag is given', () => {
    expect(rankInputFromFlags(input, {})).toEqual({ input, workload: {}, options: {} });
  });

  it.each([
    [{ tokens: '2OOm' }, '--tokens'],
    [{ epochs: '-1' }, '--epochs'],
    [{ epochs: '2x' }, '--epochs'],
    [{ 'tokens-per-sample': '1.5' }, '--tokens-per-sample'],
    [{ currency: 'EUR' }, '--currency'],
    [{ billing: 'yearly' }, '--billing'],
    [{ sort: 'price' }, '--sort'],
    [{ 'gpu-counts': '1,two' }, '--gpu-counts'],
    [{ 'gpu-counts': '' }, '--gpu-counts'],
  ])('rejects %j naming %s', (flags, flag) => {
    expect(rejectedFlag(() => rankInputFromFlags(input, flags))).toBe(flag);
  });
});

describe('field -> flag names for contract errors', () => {
  it('names the flag a user typed for an estimate field', () => {
    expect(flagForEstimateField('batchSize')).toBe('--batch');
    expect(flagForEstimateField('lora.rank')).toBe('--lora-rank');
    expect(flagForEstimateField('lora.targets.2')).toBe('--lora-targets');
    expect(flagForEstimateField('model.kvHeads')).toBe('--kv-heads');
    expect(flagForEstimateField('kvCachePrecision')).toBe('--kv-cache-precision');
  });

  it('names rank fields, with or without the input. prefix', () => {
    expect(flagForRankField('input.seqLen')).toBe('--seq');
    expect(flagForRankField('precision')).toBe('--precision');
    expect(flagForRankField('options.gpuCounts.0')).toBe('--gpu-counts');
    expect(flagForRankField('workload.tokens')).toBe('--tokens');
  });
});
