import { describe, expect, it } from 'vitest';
import { readDataFile } from '../../../scripts/data-files';
import type { Card, ModelPreset } from '../catalog';
import { InputError } from '../errors';
import { english } from '../messages';
import type { EstimateInput } from './input';
import { estimateMemory } from './memory';
import { largestBatch, longestSeq } from './solve';
import { resolveModel } from './shape';
import { GIB, parseParamCount } from './units';

const presets = readDataFile<ModelPreset[]>('models.json');
const cards = readDataFile<Card[]>('cards.json');
const ctx = { presets, cards };
const card = (id: string): Card => {
  const found = cards.find((c) => c.id === id);
  if (!found) throw new Error(`no card ${id}`);
  return found;
};

describe('parseParamCount', () => {
  it.each([
    ['13b', 13e9],
    ['6.7B', 6.7e9],
    ['350m', 350e6],
    ['7e9', 7e9],
    ['1.5T', 1.5e12],
    [' 70 B ', 70e9],
  ])('reads %s', (text, count) => {
    expect(parseParamCount(text)).toBeCloseTo(count, -3);
  });
  it.each(['', 'abc', '-7b', '0', '13q', 'NaN', '1e999'])('rejects %j', (text) => {
    expect(parseParamCount(text)).toBeNull();
  });
});

describe('resolveModel', () => {
  it('finds a preset by id', () => {
    expect(resolveModel('llama-2-7b', presets).model.params).toBe(6738415616);
  });
  it('guesses a modern shape from a size and says so', () => {
    const { model, assumptions } = resolveModel('8b', presets);
    expect(model.kvHeads).toBeLessThan(model.heads);
    expect(model.gatedMlp).toBe(true);
    expect(assumptions.map(english).join(' ')).toContain('shape guessed from size');
    // Layers are solved so the guessed shape adds up to the asked size within one layer.
    const perLayer = 4096 * 128 * (2 * 32 + 2 * 8) + 3 * 4096 * 14336;
    expect(Math.abs(model.layers - (8e9 - 2 * 128256 * 4096) / perLayer)).toBeLessThan(1);
  });
  it('rejects an unknown preset or bad size with an InputError on model', () => {
    expect(() => resolveModel('not-a-model', presets)).toThrow(InputError);
    expect(() => resolveModel('gpt-17', presets)).toThrow(expect.objectContaining({ field: 'model' }));
  });
});

const base: EstimateInput = { model: 'llama-2-7b', method: 'inference', precision: 'fp16', batchSize: 1, seqLen: 1 };

describe('hand-checked terms', () => {
  it('llama-2-7b fp16 weights are 6738415616 × 2 bytes', () => {
    expect(estimateMemory(base, ctx).perGpu.breakdown.weights).toBe(6738415616 * 2);
  });
  it('llama-3.1-8b KV cache at seq 8192, batch 1, bf16 is 2·32·8·128·8192·2 = 1 GiB', () => {
    const e = estimateMemory({ ...base, model: 'llama-3.1-8b', precision: 'bf16', seqLen: 8192 }, ctx);
    expect(e.perGpu.breakdown.kvCache).toBe(GIB);
  });
  it('the KV cache counts KV heads, not attention heads (GQA)', () => {
    const e = estimateMemory({ ...base, model: 'llama-2-7b', seqLen: 4096 }, ctx);
    expect(e.perGpu.breakdown.kvCache).toBe(2 * 32 * 32 * 128 * 4096 * 2);
  });
  it('mixed-precision AdamW full fine-tuning holds 4 + 4 + 8 (+4 step temporary) bytes per param at the step', () => {
    const e = estimateMemory({ ...base, method: 'full', precision: 'bf16', seqLen: 16 }, ctx);
    const p = 6738415616;
    // The 16-bit compute copy is gone at the step; the fp32 master is the parameter.
    expect(e.perGpu.breakdown.weights).toBe(4 * p);
    expect(e.perGpu.breakdown.gradients).toBe(4 * p);
    // two fp32 moments + the foreach step's sqrt(v) temporary
    expect(e.perGpu.breakdown.optimizer).toBe((8 + 4) * p);
    expect(e.trainableParams).toBe(p);
  });
  it('LoRA r16 on q,k,v,o of llama-3.1-8b trains r·(d_in+d_out)·L params with GQA dims', () => {
    const e = estimateMemory({ ...base, model: 'llama-3.1-8b', method: 'lora', precision: 'bf16', seqLen: 16 }, ctx);
    const perLayer = 16 * (4096 + 4096 + (4096 + 1024) + (4096 + 1024) + (4096 + 4096));
    expect(e.trainableParams).toBe(perLayer * 32);
  });
  it('NF4 + double quant keeps embeddings and LM head in 16 bits', () => {
    const e = estimateMemory({ ...base, model: 'llama-2-7b', precision: 'int4' }, ctx);
    const embed = 2 * 32000 * 4096;
    const norms = (2 * 32 + 1) * 4096;
    const linear = 6738415616 - embed - norms;
    expect(e.perGpu.breakdown.weights).toBeCloseTo((linear * 4.127) / 8 + (embed + norms) * 2, -2);
    expect(e.resolvedInput.quant).toBe('bnb');
  });
  it('ZeRO-3 on 4 GPUs divides weights and optimizer state by 4, and holds its gradients in bf16', () => {
    const one = estimateMemory(
      { ...base, model: 'llama-3.1-8b', method: 'full', precision: 'bf16', seqLen: 16, mixedPrecision: false },
      ctx,
    );
    const four = estimateMemory(
      {
        ...base,
        model: 'llama-3.1-8b',
        method: 'full',
        precision: 'bf16',
        seqLen: 16,
        mixedPrecision: false,
        gpus: 4,
        sharding: 'zero3',
      },
      ctx,
    );
    expect(four.perGpu.breakdown.optimizer).toBeCloseTo(one.perGpu.breakdown.optimizer / 4, -3);
    // The gradients are DeepSpeed's own at the step: the bf16 partition (2e9 elements), one sub-group of
    // 1e9 elements (sub_group_size) flattened in bf16 and copied to fp32, and the persistent reduce bucket.
    const partition = four.trainableParams / 4;
    expect(partition).toBeGreaterThan(1e9);
    expect(four.perGpu.breakdown.gradients).toBeCloseTo(partition * 2 + 1e9 * (2 + 4) + 5e8 * 2, -3);
  });
  it('a 128K vocabulary makes logits gigabytes in training', () => {
    const e = estimateMemory(
      { model: 'llama-3.1-8b', method: 'lora', precision: 'bf16', batchSize: 4, seqLen: 4096 },
      ctx,
    );
    expect(e.perGpu.breakdown.logits).toBe(4 * 4096 * 128256 * (2 + 4 + 4));
  });
});

describe('classic fits', () => {
  const fitsOn = (input: EstimateInput, id: string): boolean =>
    estimateMemory(input, ctx).fits.find((f) => f.card === id)?.fits ?? false;
  it('13B LoRA in bf16 at batch 1, seq 2048 does not fit a 24 GB card; QLoRA does (checkpointing on, as in the QLoRA paper)', () => {
    const lora: EstimateInput = {
      model: 'llama-2-13b',
      method: 'lora',
      precision: 'bf16',
      batchSize: 1,
      seqLen: 2048,
      gradientCheckpointing: true,
    };
    expect(fitsOn(lora, 'rtx-4090')).toBe(false);
    expect(fitsOn({ ...lora, method: 'qlora', precision: 'int4' }, 'rtx-4090')).toBe(true);
  });
  it('fits, memoryBytes and headroomBytes follow the card', () => {
    const e = estimateMemory({ ...base, model: '70b' }, { ...ctx, headroomFraction: 0 });
    const a100 = e.fits.find((f) => f.card === 'a100-80gb');
    expect(e.fits).toHaveLength(cards.length);
    expect(a100?.memoryBytes).toBe(80 * GIB);
    expect(a100?.headroomBytes).toBe(80 * GIB - e.perGpu.totalBytes);
    expect(a100?.fits).toBe(false);
  });
  it('breakdown adds up to the total and total covers allocated', () => {
    const e = estimateMemory(
      { model: 'mixtral-8x7b', method: 'qlora', precision: 'int4', batchSize: 2, seqLen: 4096 },
      ctx,
    );
    const b = e.perGpu.breakdown;
    expect(b.weights + b.gradients + b.optimizer + b.activations + b.logits + b.kvCache + b.runtime).toBeCloseTo(
      e.perGpu.totalBytes,
      -2,
    );
    expect(e.perGpu.totalBytes).toBeGreaterThan(e.perGpu.allocatedBytes);
    expect(e.model.activeParams).toBeLessThan(e.model.params);
  });
});

describe('solvers', () => {
  const lora: EstimateInput = {
    model: 'llama-3.1-8b',
    method: 'lora',
    precision: 'bf16',
    batchSize: 1,
    seqLen: 2048,
    gradientCheckpointing: true,
  };
  it('largestBatch is the boundary: that batch fits and one more does not', () => {
    const b = largestBatch(lora, card('a100-80gb'), ctx);
    expect(b).toBeGreaterThan(1);
    const at = (batchSize: number): boolean =>
      estimateMemory({ ...lora, batchSize }, { ...ctx, cards: [card('a100-80gb')] }).fits[0]?.fits ?? false;
    expect(at(b)).toBe(true);
    expect(at(b + 1)).toBe(false);
  });
  it('returns 0 when even batch 1 or seq 1 does not fit', () => {
    const huge: EstimateInput = {
      model: 'llama-3.1-70b',
      method: 'full',
      precision: 'bf16',
      batchSize: 1,
      seqLen: 2048,
    };
    expect(largestBatch(huge, card('rtx-4090'), ctx)).toBe(0);
    expect(longestSeq(huge, card('rtx-4090'), ctx)).toBe(0);
  });
  it('longestSeq grows with the card', () => {
    expect(longestSeq(lora, card('a100-80gb'), ctx)).toBeGreaterThan(longestSeq(lora, card('rtx-4090'), ctx));
  });
});

describe('defaults and incoherent input', () => {
  it('fills defaults and lists them', () => {
    const e = estimateMemory(
      { model: 'llama-3.1-8b', method: 'lora', precision: 'bf16', batchSize: 1, seqLen: 512 },
      ctx,
    );
    expect(e.resolvedInput).toMatchObject({
      optimizer: 'adamw',
      gpus: 1,
      sharding: 'none',
      flashAttention: true,
      gradientCheckpointing: false,
      kvCachePrecision: 'bf16',
      lora: { rank: 16, targets: 'attention' },
    });
    expect(e.assumptions.some((a) => english(a).includes('LoRA rank: 16'))).toBe(true);
  });
  it('ignores LoRA settings for full fine-tuning with an assumption', () => {
    const e = estimateMemory(
      { ...base, method: 'full', precision: 'bf16', lora: { rank: 8, targets: 'attention' } },
      ctx,
    );
    expect(e.resolvedInput.lora).toBeUndefined();
    expect(e.assumptions.some((a) => english(a).includes('LoRA settings ignored'))).toBe(true);
  });
  it.each<[Partial<EstimateInput>, string]>([
    [{ method: 'qlora', precision: 'bf16' }, 'precision'],
    [{ method: 'full', precision: 'int4' }, 'precision'],
    [{ precision: 'bf16', quant: 'gptq' }, 'quant'],
    [{ precision: 'int8', quant: 'awq' }, 'quant'],
    [{ method: 'lora', precision: 'int4', quant: 'gguf-q4_k_m' }, 'quant'],
    [{ model: '13 apples' }, 'model'],
  ])('rejects %j naming %s', (patch, field) => {
    expect(() => estimateMemory({ ...base, ...patch }, ctx)).toThrow(expect.objectContaining({ field }));
  });
});

describe('shape guessed for an MoE model from its size', () => {
  it('sizes the block by the dense-equivalent model, as Mixtral 8x7B is built', () => {
    // Mixtral-8x7B config.json: 46.7B params, 32 layers, hidden 4096, 8 experts, 2 per token.
    const { model } = resolveModel({ params: 46.7e9, experts: 8, expertsPerToken: 2 }, []);
    expect(model.hidden).toBe(4096);
    expect(model.layers).toBeGreaterThanOrEqual(28);
    expect(model.layers).toBeLessThanOrEqual(36);
    expect(model.activeParams / 1e9).toBeGreaterThan(11);
    expect(model.activeParams / 1e9).toBeLessThan(15);
  });
});
