import { describe, expect, it } from 'vitest';
import { readDataFile } from '../../../scripts/data-files';
import type { Card, ModelPreset } from '../catalog';
import type { EstimateInput } from './input';
import { estimateMemory } from './memory';
import { estimateResolvedSpeed, estimateSpeed, type InferenceSpeed, type TrainingSpeed } from './speed';
import { resolveInput } from './resolve-input';
import { memoryClass } from './speed-constants';
import { trainingFlopsPerToken } from './speed-flops';
import { english } from '../messages';

const read = <T>(name: string): T => readDataFile<T>(name);
const cards = [...read<Card[]>('cards.json'), ...read<Card[]>('reference-cards.json')];
const presets = read<ModelPreset[]>('models.json');
const card = (id: string): Card => {
  const found = cards.find((c) => c.id === id);
  if (!found) throw new Error(`no card ${id}`);
  return found;
};

function speedOf(input: EstimateInput, cardId: string, tokensPerSample?: number): TrainingSpeed | InferenceSpeed {
  const memory = estimateMemory(input, { presets, cards });
  return estimateSpeed(memory.resolvedInput, memory.model, card(cardId), {
    trainableParams: memory.trainableParams,
    tokensPerSample,
  });
}
const train = (input: EstimateInput, cardId: string, tokensPerSample?: number) =>
  speedOf(input, cardId, tokensPerSample) as TrainingSpeed;
const infer = (input: EstimateInput, cardId: string) => speedOf(input, cardId) as InferenceSpeed;

describe('estimateResolvedSpeed', () => {
  // What lets a ranking, the calibration and the accuracy harness skip estimateSpeed's own resolution.
  const inputs: EstimateInput[] = [
    { model: 'llama-3.1-8b', method: 'lora', batchSize: 4, seqLen: 2048 },
    { model: 'llama-3.1-8b', method: 'qlora', precision: 'int4' },
    { model: 'llama-3.1-8b', method: 'full', gpus: 8, sharding: 'fsdp' },
    { model: 'llama-3.1-8b', method: 'inference', precision: 'int4', quant: 'awq' },
    { model: 'llama-3.1-8b', method: 'inference', precision: 'bf16', quant: 'none', inferenceRuntime: 'eager' },
  ];
  it.each(inputs)(
    "a memory estimate's resolved input resolves to itself, and its speed is estimateSpeed's: %j",
    (input) => {
      const memory = estimateMemory(input, { presets, cards });
      expect(resolveInput(memory.resolvedInput).resolved).toEqual(memory.resolvedInput);
      const opts = { trainableParams: memory.trainableParams };
      expect(estimateResolvedSpeed(memory.resolvedInput, memory.model, card('rtx-4090'), opts)).toEqual(
        estimateSpeed(memory.resolvedInput, memory.model, card('rtx-4090'), opts),
      );
    },
  );
});

describe('a speed without its explanation', () => {
  // What a ranking and the calibration ask: the same numbers, no lines built.
  const inputs: EstimateInput[] = [
    { model: 'llama-3.1-8b', method: 'lora', batchSize: 4, seqLen: 2048 },
    { model: 'llama-3.1-8b', method: 'qlora', precision: 'int4', quant: 'gptq', quantBackend: 'dequant' },
    { model: 'llama-3.1-8b', method: 'full', gpus: 8, sharding: 'zero3', optimizerOffload: true },
    { model: 'llama-3.1-8b', method: 'inference', precision: 'int4', quant: 'awq', gpus: 2 },
  ];
  it.each(inputs)("has the explained speed's numbers and no assumptions: %j", (input) => {
    const memory = estimateMemory(input, { presets, cards });
    const opts = { trainableParams: memory.trainableParams };
    const explained = estimateResolvedSpeed(memory.resolvedInput, memory.model, card('a100-80gb'), opts);
    const bare = estimateResolvedSpeed(memory.resolvedInput, memory.model, card('a100-80gb'), {
      ...opts,
      explain: false,
    });
    expect(explained.assumptions.length).toBeGreaterThan(2);
    expect(bare).toEqual({ ...explained, assumptions: [] });
  });
});

describe('training FLOPs per token', () => {
  const model = estimateMemory(
    { model: 'llama-3.1-8b', method: 'full', precision: 'bf16', batchSize: 1, seqLen: 2048 },
    { presets, cards },
  ).model;

  it('is about 6·P for full fine-tuning at short context (Kaplan et al. 2020)', () => {
    const { flopsPerToken } = trainingFlopsPerToken(model, 'full', 128, false);
    expect(flopsPerToken / (6 * model.params)).toBeGreaterThan(0.9);
    expect(flopsPerToken / (6 * model.params)).toBeLessThan(1.0);
  });

  it('costs two thirds of full for LoRA and one third more with gradient checkpointing', () => {
    const full = trainingFlopsPerToken(model, 'full', 128, false).flopsPerToken;
    const lora = trainingFlopsPerToken(model, 'lora', 128, false).flopsPerToken;
    const recompute = trainingFlopsPerToken(model, 'full', 128, true).flopsPerToken;
    expect(lora / full).toBeCloseTo(2 / 3, 1);
    expect(recompute / full).toBeCloseTo(4 / 3, 1);
  });
});

describe('training speed', () => {
  const base: EstimateInput = { model: 'llama-3.1-8b', method: 'lora', precision: 'bf16', batchSize: 2, seqLen: 2048 };

  it('is compute-bound and reports per-GPU and total rates', () => {
    const s = train(base, 'a100-80gb', 2048);
    expect(s.kind).toBe('train');
    expect(s.bound).toBe('compute');
    expect(s.achievedTflops).toBeCloseTo(s.peakTflops * s.mfu, 9);
    expect(s.tokensPerSecond).toBe(s.tokensPerSecondPerGpu);
    expect(s.samplesPerSecond).toBeCloseTo(s.tokensPerSecond / 2048, 6);
  });

  it('ranks cards by dense BF16 rate: A100 faster than 4090 faster than 3090', () => {
    const a100 = train(base, 'a100-80gb').tokensPerSecond;
    const r4090 = train(base, 'rtx-4090').tokensPerSecond;
    const r3090 = train(base, 'rtx-3090').tokensPerSecond;
    expect(a100).toBeGreaterThan(r4090);
    expect(r4090).toBeGreaterThan(r3090 * 2);
  });

  it('H20 trains slower than A100 (148 vs 312 TFLOPS) but decodes faster (4.0 vs 2.0 TB/s)', () => {
    expect(train(base, 'h20-96gb').tokensPerSecond).toBeLessThan(train(base, 'a100-80gb').tokensPerSecond);
    const decode: EstimateInput = {
      model: 'llama-3.1-70b',
      method: 'inference',
      precision: 'bf16',
      batchSize: 1,
      seqLen: 2048,
    };
    expect(infer(decode, 'h20-96gb').decodeTokensPerSecond).toBeGreaterThan(
      infer(decode, 'a100-80gb').decodeTokensPerSecond,
    );
  });

  it('QLoRA pays for dequantizing its base: slower than LoRA on the same card', () => {
    const qlora = train({ ...base, method: 'qlora', precision: 'int4' }, 'rtx-4090').tokensPerSecond;
    expect(qlora).toBeLessThan(train(base, 'rtx-4090').tokensPerSecond);
  });

  it('loses what fms-acceleration measured going from 1 to 2 A100s under FSDP (per GPU 3008.9 vs 3062.7 tokens/s)', () => {
    // fms-a100-008 and fms-a100-011 in data/reference-runs.json: Mistral-7B full fine-tuning, 4 × 4096 tokens per
    // GPU: measured per-GPU scaling 3008.934 / 3062.694 = 0.982. Margin 0.05: above the 0.03 gap between this pair
    // and the LoRA pair of the same table at the same batch (fms-a100-032/-035: 3168.613 / 3324.155 = 0.953).
    const input: EstimateInput = {
      model: 'mistral-7b',
      method: 'full',
      precision: 'bf16',
      mixedPrecision: false,
      batchSize: 4,
      seqLen: 4096,
      gradientCheckpointing: true,
      sharding: 'fsdp',
    };
    const two = train({ ...input, gpus: 2 }, 'a100-80gb');
    expect(two.scalingEfficiency).toBeGreaterThan(0.982 - 0.05);
    expect(two.scalingEfficiency).toBeLessThanOrEqual(1);
    expect(two.assumptions.map(english).join(' ')).toMatch(/NVLink/);
  });

  it('scales near-linearly over NVLink and for LoRA (only adapter gradients are reduced)', () => {
    const full: EstimateInput = {
      model: 'llama-3.1-8b',
      method: 'full',
      precision: 'bf16',
      batchSize: 4,
      seqLen: 4096,
      sharding: 'fsdp',
    };
    // Today 0.960: the 0.9 floor leaves 0.06 for changes to the FSDP traffic model. The measured 1 → 2 GPU
    // scaling of the fms runs (0.982, test above) is the only multi-GPU measurement of this kind in data/.
    expect(train({ ...full, gpus: 8 }, 'a100-80gb').scalingEfficiency).toBeGreaterThan(0.9);
    // Today 0.998 over PCIe: LoRA reduces only the adapter gradients (well under 1% of 8B parameters), so an
    // efficiency under 0.98 would mean the full gradient is being reduced.
    expect(train({ ...base, gpus: 8 }, 'rtx-4090').scalingEfficiency).toBeGreaterThan(0.98);
  });

  it('FSDP/ZeRO-3 communicates more than plain data parallel', () => {
    const input: EstimateInput = {
      model: 'llama-3.2-3b',
      method: 'full',
      precision: 'bf16',
      batchSize: 4,
      seqLen: 2048,
      gpus: 4,
    };
    const ddp = train({ ...input, sharding: 'zero2' }, 'rtx-4090').scalingEfficiency;
    const fsdp = train({ ...input, sharding: 'fsdp' }, 'rtx-4090').scalingEfficiency;
    expect(fsdp).toBeLessThan(ddp);
  });
});

describe('inference speed', () => {
  it('70B decode at batch 1 is memory-bound; 0.5B is overhead-bound; batch 256 of 8B is compute-bound', () => {
    expect(
      infer(
        { model: 'llama-3.1-70b', method: 'inference', precision: 'bf16', batchSize: 1, seqLen: 1024, gpus: 2 },
        'a100-80gb',
      ).bound,
    ).toBe('memory');
    expect(
      infer({ model: 'qwen2.5-0.5b', method: 'inference', precision: 'bf16', batchSize: 1, seqLen: 1024 }, 'h100-sxm')
        .bound,
    ).toBe('overhead');
    expect(
      infer({ model: 'llama-3.1-8b', method: 'inference', precision: 'bf16', batchSize: 256, seqLen: 128 }, 'h20-96gb')
        .bound,
    ).toBe('compute');
  });

  it('a 4-bit model decodes as much faster than fp16 as measured (llama.cpp tg on a 4090: 127.74 vs 54.34)', () => {
    const fp16 = infer(
      { model: 'llama-3.1-8b', method: 'inference', precision: 'fp16', batchSize: 1, seqLen: 1024 },
      'rtx-4090',
    );
    const q4 = infer(
      {
        model: 'llama-3.1-8b',
        method: 'inference',
        precision: 'int4',
        quant: 'gguf-q4_k_m',
        batchSize: 1,
        seqLen: 1024,
      },
      'rtx-4090',
    );
    const ratio = q4.decodeTokensPerSecond / fp16.decodeTokensPerSecond;
    // Measured ratio 2.35 (records xd-tg1024-8b-q4km-4090-24gb and xd-tg1024-8b-f16-4090-24gb); today the
    // estimate gives 2.56 (+8.8%), and 15% leaves room for refits of the decode constants.
    expect(Math.abs(ratio / (127.74 / 54.34) - 1)).toBeLessThanOrEqual(0.15);
  });

  it('a layer split over GPUs does not speed decode up (llama.cpp tg, 1 vs 4 RTX 4090: 127.7 vs 117.6)', () => {
    const input: EstimateInput = {
      model: 'llama-3.1-8b',
      method: 'inference',
      precision: 'int4',
      quant: 'gguf-q4_k_m',
      batchSize: 1,
      seqLen: 1024,
    };
    const one = infer(input, 'rtx-4090').decodeTokensPerSecond;
    const four = infer({ ...input, gpus: 4 }, 'rtx-4090').decodeTokensPerSecond;
    expect(four).toBeLessThan(one);
    expect(four).toBeGreaterThan(one * 0.8);
  });

  it('MoE decode reads only the routed experts: Mixtral decodes faster than dense Llama-2-70B', () => {
    const input = { method: 'inference', precision: 'int4', quant: 'gguf-q4_k_m', batchSize: 1, seqLen: 1024 } as const;
    expect(infer({ ...input, model: 'mixtral-8x7b' }, 'a100-80gb').decodeTokensPerSecond).toBeGreaterThan(
      2 * infer({ ...input, model: 'llama-2-70b' }, 'a100-80gb').decodeTokensPerSecond,
    );
  });

  it('eager PyTorch (HF generate) is slower than an efficient runtime at batch 1', () => {
    const memory = estimateMemory(
      { model: 'llama-2-13b', method: 'inference', precision: 'fp16', batchSize: 1, seqLen: 1024 },
      { presets, cards },
    );
    const efficient = estimateSpeed(memory.resolvedInput, memory.model, card('a100-80gb')) as InferenceSpeed;
    const eager = estimateSpeed(memory.resolvedInput, memory.model, card('a100-80gb'), {
      runtime: 'eager',
    }) as InferenceSpeed;
    expect(eager.decodeTokensPerSecond).toBeLessThan(efficient.decodeTokensPerSecond);
  });
});

describe('memoryClass', () => {
  it('tells HBM datacenter cards from GDDR ones', () => {
    expect(memoryClass(card('a100-80gb'))).toBe('hbm');
    expect(memoryClass(card('h20-96gb'))).toBe('hbm');
    expect(memoryClass(card('rtx-5090'))).toBe('gddr');
    expect(memoryClass(card('l40s'))).toBe('gddr');
  });
});
