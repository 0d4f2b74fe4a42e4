import { describe, expect, it } from 'vitest';
import { resolveInput } from '../estimate/resolve-input';
import type { EstimateInput } from '../estimate/input';
import { english } from '../messages';

const said = (input: EstimateInput) => resolveInput(input).assumptions.map(english);
const resolved = (input: EstimateInput) => resolveInput(input).resolved;

describe('the framework preset', () => {
  it('sets the details it knows and says so; a detail given stays', () => {
    const unsloth = resolved({ model: '7b', method: 'lora', framework: 'unsloth' });
    expect(unsloth).toMatchObject({ gradientCheckpointing: true, activationOffload: true });
    expect(unsloth.lora).toEqual({ rank: 16, targets: 'all-linear', dropout: 0 });
    expect(said({ model: '7b', method: 'lora', framework: 'unsloth' })).toContain(
      'Gradient checkpointing: on (the Unsloth default)',
    );
    const torchtune = resolved({ model: '7b', method: 'lora', framework: 'torchtune' });
    expect(torchtune).toMatchObject({ mixedPrecision: false, chunkedCrossEntropy: true, gradientCheckpointing: true });
    expect(torchtune.lora?.rank).toBe(8);
    const given = resolved({ model: '7b', method: 'lora', framework: 'torchtune', chunkedCrossEntropy: false });
    expect(given.chunkedCrossEntropy).toBe(false);
  });

  it('defaults to Hugging Face Trainer + PEFT, whose details are the ones the estimate always assumed', () => {
    const plain = resolved({ model: '7b', method: 'lora' });
    expect(plain.framework).toBe('hf-trainer-peft');
    expect(plain).toMatchObject({ gradientCheckpointing: false, mixedPrecision: true, sharding: 'none' });
    expect(said({ model: '7b', method: 'lora' })).toContain(
      'Training framework: Hugging Face Trainer + PEFT (default)',
    );
  });

  it('is ignored for inference, and said so', () => {
    expect(said({ model: '7b', method: 'inference', framework: 'unsloth' })).toContain(
      'Training framework ignored: the method is Inference',
    );
  });

  it('runs DeepSpeed with its own bucket defaults, on one GPU too', () => {
    const zero2 = resolved({ model: '7b', method: 'full', framework: 'deepspeed-zero2' });
    expect(zero2.sharding).toBe('zero2');
    expect(zero2.deepspeed).toEqual({
      reduceBucketSize: 5e8,
      allgatherBucketSize: 5e8,
      subGroupSize: 1e9,
      overlapComm: false,
    });
    expect(said({ model: '7b', method: 'full', framework: 'deepspeed-zero2' })).toContain(
      'Overlap communication (overlap_comm): off (the DeepSpeed default: on for ZeRO-3 only)',
    );
    const zero3 = resolved({ model: '7b', method: 'full', framework: 'deepspeed-zero3', gpus: 4 });
    expect(zero3.deepspeed?.overlapComm).toBe(true);
    expect(resolved({ model: '7b', method: 'full' }).deepspeed).toBeUndefined();
  });

  it('refuses a sharding that contradicts it, naming the sharding', () => {
    expect(() => resolveInput({ model: '7b', method: 'full', framework: 'deepspeed-zero2', sharding: 'fsdp' })).toThrow(
      expect.objectContaining({ field: 'sharding' }),
    );
  });
});

describe('the recipe details', () => {
  it('counts gradient accumulation and samples for training only', () => {
    const lora = resolved({ model: '7b', method: 'lora', seqLen: 1024 });
    expect(lora).toMatchObject({ gradientAccumulationSteps: 1, packing: 'padded', tokensPerSample: 1024 });
    expect(said({ model: '7b', method: 'lora', seqLen: 1024 })).toContain(
      'Mean tokens per sample: 1,024 (every sample as long as the sequence length)',
    );
    expect(said({ model: '7b', method: 'inference', gradientAccumulationSteps: 8 })).toContain(
      'Gradient accumulation steps ignored: the method is Inference',
    );
    expect(said({ model: '7b', method: 'lora', packing: 'packed', tokensPerSample: 300 })).toContain(
      'Mean tokens per sample ignored: packed rows are full to the sequence length',
    );
    expect(() => resolveInput({ model: '7b', method: 'lora', seqLen: 512, tokensPerSample: 600 })).toThrow(
      expect.objectContaining({ field: 'tokensPerSample' }),
    );
  });

  it('picks the kernels of a GPTQ or AWQ base by what the run does, and refuses a foreign one', () => {
    const base = { model: '7b', precision: 'int4', quant: 'gptq' } as const;
    expect(resolved({ ...base, method: 'qlora' }).quantBackend).toBe('dequant');
    expect(resolved({ ...base, method: 'inference' }).quantBackend).toBe('exllama');
    expect(resolved({ ...base, quant: 'awq', method: 'inference' }).quantBackend).toBe('gemm');
    expect(() => resolveInput({ ...base, method: 'inference', quantBackend: 'gemv' })).toThrow(
      expect.objectContaining({ field: 'quantBackend' }),
    );
    expect(said({ model: '7b', method: 'qlora', quantBackend: 'marlin' })).toContain(
      'Quantized kernels ignored: bitsandbytes (NF4 / LLM.int8) has one set of kernels',
    );
  });

  it('splits inference tensor-parallel where the engine does, by layers elsewhere', () => {
    expect(resolved({ model: '70b', method: 'inference', gpus: 4, inferenceRuntime: 'vllm' }).tensorParallel).toBe(4);
    expect(resolved({ model: '70b', method: 'inference', gpus: 4 }).tensorParallel).toBe(1);
    expect(() => resolveInput({ model: '70b', method: 'inference', gpus: 3, tensorParallel: 2 })).toThrow(
      expect.objectContaining({ field: 'tensorParallel' }),
    );
    expect(said({ model: '7b', method: 'inference', tensorParallel: 2 })).toContain(
      'Tensor-parallel degree ignored: the run uses one GPU',
    );
  });

  it('runs a GGUF file in llama.cpp unless told otherwise, and never in HF generate', () => {
    const gguf = { model: '7b', method: 'inference', precision: 'int4', quant: 'gguf-q4_k_m' } as const;
    expect(resolved(gguf).inferenceRuntime).toBe('llama.cpp');
    expect(() => resolveInput({ ...gguf, inferenceRuntime: 'exllama' })).toThrow(
      expect.objectContaining({ field: 'inferenceRuntime' }),
    );
  });
});
