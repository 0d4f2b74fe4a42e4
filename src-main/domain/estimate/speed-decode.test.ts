import { describe, expect, it } from 'vitest';
import { readDataFile } from '../../../scripts/data-files';
import type { Card, ModelPreset } from '../catalog';
import type { EstimateInput } from './input';
import { estimateMemory } from './memory';
import { estimateSpeed, type InferenceSpeed } from './speed';
import { CUDA_OLD_SWITCH_ROWS, EXLLAMA_RECONSTRUCT_ROWS, decodeWeightTraffic } from './speed-quant';
import { averageDecodeContext } from './speed-inference';

const cards = readDataFile<Card[]>('cards.json');
const presets = readDataFile<ModelPreset[]>('models.json');
const a100 = cards.find((c) => c.id === 'a100-80gb') as Card;

function decode(input: EstimateInput): InferenceSpeed {
  const memory = estimateMemory(input, { presets, cards: [] });
  return estimateSpeed(memory.resolvedInput, memory.model, a100) as InferenceSpeed;
}
const llama70b: EstimateInput = { model: 'llama-3.1-70b', method: 'inference', precision: 'bf16', seqLen: 2048 };

describe('decode on several GPUs', () => {
  it('gets faster with tensor parallel and no faster with a layer split', () => {
    const one = decode({ ...llama70b, gpus: 1 }).decodeTokensPerSecond;
    const split = decode({ ...llama70b, gpus: 4, tensorParallel: 1 }).decodeTokensPerSecond;
    const tp = decode({ ...llama70b, gpus: 4, tensorParallel: 4 }).decodeTokensPerSecond;
    expect(split).toBeLessThanOrEqual(one);
    // Each GPU reads a quarter of the weights; the all-reduces keep it short of 4×.
    expect(tp / one).toBeGreaterThan(2);
    expect(tp / one).toBeLessThan(4);
  });

  it('splits a vLLM run tensor-parallel by default', () => {
    const vllm = decode({ ...llama70b, gpus: 4, inferenceRuntime: 'vllm' });
    expect(vllm.assumptions.some((a) => a.code === 'speed.tensorParallel' && a.params?.['gpus'] === 4)).toBe(true);
  });
});

describe('decode reads the KV cache at the average context', () => {
  it('slows down with a longer context, by the KV read of half of it', () => {
    const short = decode({ ...llama70b, batchSize: 16, seqLen: 1024 }).decodeTokensPerSecond;
    const long = decode({ ...llama70b, batchSize: 16, seqLen: 8192 }).decodeTokensPerSecond;
    expect(long).toBeLessThan(short);
  });

  it('averages the prompt plus half the new tokens, and half the sequence for a short prompt', () => {
    expect(averageDecodeContext(768, 256)).toBe(512);
    expect(averageDecodeContext(768, undefined)).toBe(384);
    expect(averageDecodeContext(768, 2000)).toBe(768);
  });

  it('is slower at batch 32 with a long prompt inside the same sequence length', () => {
    const shortPrompt = decode({ ...llama70b, batchSize: 32 }).decodeTokensPerSecond;
    const longPrompt = decode({ ...llama70b, batchSize: 32, promptTokens: 1536 }).decodeTokensPerSecond;
    expect(longPrompt).toBeLessThan(shortPrompt);
  });
});

describe('weights a decode step moves, by kernel', () => {
  const model = estimateMemory(llama70b, { presets, cards: [] }).model;
  it('reads packed 4-bit weights once, rebuilds them from 8 rows on ExLlama, and per sequence on GEMV', () => {
    const packed = decodeWeightTraffic(model, 'int4', 'gptq', 'exllama', 1);
    const rebuilt = decodeWeightTraffic(model, 'int4', 'gptq', 'exllama', EXLLAMA_RECONSTRUCT_ROWS);
    const gemv = decodeWeightTraffic(model, 'int4', 'awq', 'gemv', 4);
    const gemm = decodeWeightTraffic(model, 'int4', 'awq', 'gemm', 4);
    expect(rebuilt).toBeGreaterThan(4 * packed);
    expect(gemv).toBeGreaterThan(3 * gemm);
  });

  it('reads packed weights once per row on auto-gptq cuda-old, and rebuilds them from 128 rows', () => {
    const one = decodeWeightTraffic(model, 'int4', 'gptq', 'cuda-old', 1);
    const eight = decodeWeightTraffic(model, 'int4', 'gptq', 'cuda-old', 8);
    // The LM head stays 16-bit and is read once.
    const head = model.vocab * model.hidden * 2;
    expect(eight - head).toBeCloseTo(8 * (one - head), -6);
    const rows = CUDA_OLD_SWITCH_ROWS;
    expect(decodeWeightTraffic(model, 'int4', 'gptq', 'cuda-old', rows)).toBe(
      decodeWeightTraffic(model, 'int4', 'gptq', 'dequant', rows),
    );
  });

  it('costs LLM.int8() what 16-bit weights cost', () => {
    const int8 = decodeWeightTraffic(model, 'int8', 'bnb', 'dequant', 1);
    const bf16 = decodeWeightTraffic(model, 'bf16', 'none', 'dequant', 1);
    expect(int8).toBeCloseTo(bf16, -6);
  });
});
