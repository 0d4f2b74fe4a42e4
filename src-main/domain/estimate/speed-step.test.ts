import { describe, expect, it } from 'vitest';
import { readDataFile } from '../../../scripts/data-files';
import type { Card, ModelPreset } from '../catalog';
import { FITTED } from './fitted-constants';
import type { ResolvedModel } from './input';
import { estimateMemory } from './memory';
import {
  commSchedule,
  fsdpCollectiveCalls,
  optimizerBytesPerParam,
  opsPerLayerForward,
  stepTime,
  zero3FetchCalls,
  type StepSetup,
} from './speed-step';

const cards = readDataFile<Card[]>('cards.json');
const presets = readDataFile<ModelPreset[]>('models.json');
const a100 = cards.find((c) => c.id === 'a100-80gb') as Card;
const modelOf = (id: string): ResolvedModel =>
  estimateMemory({ model: id, method: 'full', precision: 'bf16' }, { presets, cards: [] }).model;
const llama8b = modelOf('llama-3.1-8b');

/** A full bf16 fine-tuning step of Llama 3.1 8B on one A100, one micro-batch of 4096 tokens. */
function setup(over: Partial<StepSetup> = {}): StepSetup {
  return {
    model: llama8b,
    card: a100,
    gpus: 1,
    sharding: 'none',
    microBatches: 1,
    tokensPerMicroBatch: 4096,
    flopsPerToken: 6 * llama8b.params,
    peakTflops: a100.bf16Tflops,
    mfu: 0.5,
    fusedElementwise: false,
    fsdpCollectiveCalls: 0,
    gradientCheckpointing: false,
    weightBytes: 2 * llama8b.params,
    linearParams: llama8b.params,
    weightBits: 16,
    dequant: 'none',
    loraLinearsPerLayer: 0,
    trainableParams: llama8b.params,
    trainablePrecision: 'bf16',
    mixedPrecision: false,
    optimizer: 'adamw',
    linkBytesPerSecond: 200e9,
    offloadSeconds: 0,
    optimizerOnGpu: true,
    fusedOptimizer: false,
    ...over,
  };
}

describe('time of one optimizer step', () => {
  it('sums the micro-batches and pays the optimizer once: accumulation raises tokens/s', () => {
    const one = stepTime(setup(), FITTED);
    const four = stepTime(setup({ microBatches: 4 }), FITTED);
    expect(four.optimizerSeconds).toBe(one.optimizerSeconds);
    expect(four.stepSeconds).toBeCloseTo(4 * one.microBatchSeconds + one.optimizerSeconds, 9);
    expect((4 * 4096) / four.stepSeconds).toBeGreaterThan(4096 / one.stepSeconds);
  });

  it('is bound by CPU dispatch when the micro-batch is tiny, and by the matmuls when it is large', () => {
    expect(stepTime(setup({ tokensPerMicroBatch: 32 }), FITTED).bound).toBe('dispatch');
    expect(stepTime(setup({ tokensPerMicroBatch: 32_768 }), FITTED).bound).toBe('compute');
  });

  it('adds five dispatched calls per LoRA Linear to every layer and pass', () => {
    const base = stepTime(setup(), FITTED).dispatchSeconds;
    const lora = stepTime(setup({ loraLinearsPerLayer: 7 }), FITTED).dispatchSeconds;
    expect(lora / base).toBeCloseTo((opsPerLayerForward(llama8b) + 35) / opsPerLayerForward(llama8b), 9);
  });

  it('pays the dequantization of an unfused 4-bit base and not of a fused kernel', () => {
    const quant = { weightBits: 4.127, weightBytes: 0.55 * llama8b.params, trainableParams: 2e7 };
    expect(stepTime(setup({ ...quant, dequant: 'unfused' }), FITTED).dequantSeconds).toBeGreaterThan(0);
    expect(stepTime(setup({ ...quant, dequant: 'fused' }), FITTED).dequantSeconds).toBe(0);
  });

  it('shards the optimizer step over the GPUs of a ZeRO or FSDP run', () => {
    const alone = stepTime(setup(), FITTED).optimizerSeconds;
    expect(stepTime(setup({ gpus: 4, sharding: 'zero2' }), FITTED).optimizerSeconds).toBeCloseTo(alone / 4, 9);
    expect(stepTime(setup({ gpus: 4, sharding: 'none' }), FITTED).optimizerSeconds).toBe(alone);
  });
});

describe('collectives per micro-batch and per step', () => {
  const n = 8;
  it('FSDP gathers the weights twice and reduce-scatters gradients in every micro-batch', () => {
    const s = setup({ gpus: n, sharding: 'fsdp' });
    const c = commSchedule(s);
    expect(c.perMicroBatchSeconds).toBeCloseTo(
      (((n - 1) / n) * (2 * s.weightBytes + 2 * s.trainableParams)) / 200e9,
      9,
    );
    expect(c.perStepSeconds).toBe(0);
  });

  it('ZeRO-2 reduces gradients in every micro-batch, ZeRO-1 and DDP only at the accumulation boundary', () => {
    expect(commSchedule(setup({ gpus: n, sharding: 'zero2' })).perMicroBatchSeconds).toBeGreaterThan(0);
    expect(commSchedule(setup({ gpus: n, sharding: 'zero1' })).perMicroBatchSeconds).toBe(0);
    expect(commSchedule(setup({ gpus: n, sharding: 'none' })).perMicroBatchSeconds).toBe(0);
    expect(commSchedule(setup({ gpus: n, sharding: 'none' })).perStepSeconds).toBeGreaterThan(0);
  });

  it('costs nothing on one GPU', () => {
    expect(commSchedule(setup({ sharding: 'fsdp' }))).toEqual({ perMicroBatchSeconds: 0, perStepSeconds: 0 });
  });
});

describe('fsdpCollectiveCalls', () => {
  // 32 layers; QLoRA on q, k, v, o: 32 × 4 × 2 = 256 adapter matrices (lora_A, lora_B).
  const base = { layers: 32, loraLinearsPerLayer: 4, adaptersOwnUnits: true, adaptersAllReduced: false };

  it('counts two all-gathers and a reduce-scatter per trainable layer unit', () => {
    expect(fsdpCollectiveCalls({ ...base, loraLinearsPerLayer: 0 })).toBe(96);
  });

  it('gives every adapter matrix of an HF Trainer + PEFT run its own unit beside the frozen layer units', () => {
    expect(fsdpCollectiveCalls(base)).toBe(32 * 2 + 256 * 3);
  });

  it('counts one hook all-reduce per adapter matrix taken out of FSDP (fused kernels) beside the layer units', () => {
    expect(fsdpCollectiveCalls({ ...base, adaptersAllReduced: true })).toBe(32 * 2 + 256);
  });

  it('keeps adapters in their layer unit in loops without PEFT wrapping (torchtune)', () => {
    expect(fsdpCollectiveCalls({ ...base, adaptersOwnUnits: false })).toBe(96);
  });

  it('adds each call to the exposed time of a micro-batch', () => {
    const k = { ...FITTED, fsdpCollectiveSeconds: 1e-3 };
    const without = stepTime(setup({ gpus: 2, sharding: 'fsdp' }), k);
    const withCalls = stepTime(setup({ gpus: 2, sharding: 'fsdp', fsdpCollectiveCalls: 96 }), k);
    expect(withCalls.stepSeconds - without.stepSeconds).toBeCloseTo(0.096, 9);
  });
});

describe('one GPU under FSDP', () => {
  it("adds its units' hook calls, at the one-GPU hook time, to the micro-batch's compute, not to communication", () => {
    const k = { ...FITTED, fsdpCollectiveSeconds: 5e-3, hookCallSeconds: 1e-3 };
    const plain = stepTime(setup({ sharding: 'fsdp' }), k);
    const hooked = stepTime(setup({ sharding: 'fsdp', fsdpCollectiveCalls: 96 }), k);
    expect(hooked.computeSeconds - plain.computeSeconds).toBeCloseTo(0.096, 9);
    expect(hooked.exposedCommSeconds).toBe(0);
  });
});

describe('DeepSpeed ZeRO-3 parameter fetches', () => {
  // Llama 3.1 8B: 32 layers, each with two norms and seven linear matrices.
  it('counts each parameter-holding module of a layer once per forward and backward, and again in the recompute', () => {
    expect(zero3FetchCalls(setup({ sharding: 'zero3' }))).toBe(32 * 9 * 2);
    expect(zero3FetchCalls(setup({ sharding: 'zero3', gradientCheckpointing: true }))).toBe(32 * 9 * 3);
  });

  it("adds each LoRA-wrapped linear's lora_A and lora_B", () => {
    expect(zero3FetchCalls(setup({ sharding: 'zero3', loraLinearsPerLayer: 7 }))).toBe(32 * (9 + 14) * 2);
  });

  it('fetches nothing under the other shardings', () => {
    for (const sharding of ['none', 'zero1', 'zero2', 'fsdp'] as const)
      expect(zero3FetchCalls(setup({ sharding }))).toBe(0);
  });

  it("adds the fetches' hook time to the CPU dispatch floor, on one GPU as on several", () => {
    const k = { ...FITTED, hookCallSeconds: 1e-3 };
    for (const gpus of [1, 4]) {
      const plain = stepTime(setup({ gpus, sharding: 'zero3' }), { ...k, hookCallSeconds: 0 });
      const fetched = stepTime(setup({ gpus, sharding: 'zero3' }), k);
      expect(fetched.dispatchSeconds - plain.dispatchSeconds).toBeCloseTo(32 * 9 * 2 * 1e-3, 9);
    }
  });

  it('hides the fetches behind the matmuls of a long micro-batch as it hides dispatch', () => {
    const k = { ...FITTED, overheadExposedShare: 0, hookCallSeconds: 1e-4 };
    const long = setup({ sharding: 'zero3', tokensPerMicroBatch: 65_536 });
    expect(stepTime(long, k).bound).toBe('compute');
    expect(stepTime(long, k).stepSeconds).toBeCloseTo(stepTime(long, { ...k, hookCallSeconds: 0 }).stepSeconds, 9);
  });
});

describe('overlap of CPU dispatch and GPU work', () => {
  // 64 tokens: the dispatch floor is longer than the matmuls.
  const short = setup({ tokensPerMicroBatch: 64 });

  it('takes the longer of the two when the share is 0, their sum when it is 1, and part of the shorter between', () => {
    const at = (share: number) => stepTime(short, { ...FITTED, overheadExposedShare: share });
    const { gpuSeconds, dispatchSeconds } = at(0);
    expect(dispatchSeconds).toBeGreaterThan(gpuSeconds);
    expect(at(0).microBatchSeconds).toBeCloseTo(dispatchSeconds, 12);
    expect(at(1).microBatchSeconds).toBeCloseTo(dispatchSeconds + gpuSeconds, 12);
    expect(at(0.25).unoverlappedSeconds).toBeCloseTo(0.25 * gpuSeconds, 12);
  });
});

describe('bytes an optimizer step moves per parameter', () => {
  it("counts torch's foreach AdamW passes: 4 weights + 14 states + 2 gradients (40 B in pure bf16)", () => {
    expect(optimizerBytesPerParam('adamw', 'bf16', false, false)).toBe(40);
    expect(optimizerBytesPerParam('adamw', 'fp32', false, false)).toBe(80);
  });

  it('counts one read and write of each tensor for a fused kernel (14 B in pure bf16)', () => {
    expect(optimizerBytesPerParam('adamw', 'bf16', false, true)).toBe(14);
  });

  it('updates the fp32 master with fp32 states and casts it back to the 16-bit weight', () => {
    // 4 × 4 (master) + 14 × 4 (states) + 2 × 4 (fp32 gradients) + 4 + 2 (cast back).
    expect(optimizerBytesPerParam('adamw', 'bf16', true, false)).toBe(16 + 56 + 8 + 6);
  });
});
