import { describe, expect, it } from 'vitest';
import { readDataFile } from '../../../scripts/data-files';
import type { ModelPreset } from '../catalog';
import { english } from '../messages';
import { CROSS_ENTROPY_CHUNKS } from './activations';
import type { EstimateInput } from './input';
import { estimateMemory } from './memory';
import { FITTED } from './fitted-constants';

const presets = readDataFile<ModelPreset[]>('models.json');
const ctx = { presets, cards: [] };
const estimate = (input: EstimateInput) => estimateMemory(input, ctx);
const full: EstimateInput = {
  model: 'llama-3.1-8b',
  method: 'full',
  precision: 'bf16',
  mixedPrecision: false,
  batchSize: 2,
  seqLen: 2048,
};

describe('memory-saving switches', () => {
  it('are off by default and listed in resolvedInput', () => {
    const e = estimate(full);
    expect(e.resolvedInput).toMatchObject({
      optimizerInBackward: false,
      chunkedCrossEntropy: false,
      activationOffload: false,
      optimizerOffload: false,
      inferenceRuntime: 'efficient',
    });
  });

  it('optimizer in backward: no full gradient buffer, only the largest parameter in flight', () => {
    // With checkpointing the plain run peaks at the optimizer step (gradients + states + temporaries).
    const input = { ...full, gradientCheckpointing: true };
    const off = estimate(input);
    const on = estimate({ ...input, optimizerInBackward: true });
    const m = on.model;
    const largest = m.vocab * m.hidden;
    // Pure bf16 AdamW: 2 B gradient + 2 B foreach temporary per param of the largest tensor (the LM head).
    expect(on.perGpu.breakdown.gradients).toBeCloseTo(largest * 4, -3);
    expect(on.perGpu.allocatedBytes).toBeLessThan(off.perGpu.allocatedBytes - 0.8 * m.params * 2);
    expect(on.assumptions.map(english).join(' ')).toContain('optimizer step fused into backward');
  });

  // LoRA peaks in backward, where the breakdown shows activations and logits.
  const lora: EstimateInput = { ...full, method: 'lora' };

  it('chunked cross-entropy keeps the 16-bit logits and one chunk of the fp32 pair', () => {
    const off = estimate(lora).perGpu.breakdown.logits;
    const on = estimate({ ...lora, chunkedCrossEntropy: true }).perGpu.breakdown.logits;
    const elements = 2 * 2048 * 128256;
    expect(off - on).toBeCloseTo(elements * 8 * (1 - 1 / CROSS_ENTROPY_CHUNKS), -3);
  });

  it('activation offload leaves about two layers of saved tensors on the GPU', () => {
    const input = { ...lora, gradientCheckpointing: true };
    const off = estimate(input);
    const on = estimate({ ...input, activationOffload: true });
    const layerInput = 2 * 2048 * off.model.hidden * 2;
    expect(off.perGpu.breakdown.activations - on.perGpu.breakdown.activations).toBeCloseTo(
      (off.model.layers - 2) * layerInput,
      -3,
    );
    const noCheckpointing = estimate({ ...lora, activationOffload: true }).perGpu.breakdown.activations;
    expect(noCheckpointing).toBeLessThan(estimate(lora).perGpu.breakdown.activations / 10);
  });

  it('optimizer offload moves states, master weights and gradients to the CPU', () => {
    const on = estimate({ ...full, mixedPrecision: true, optimizerOffload: true });
    expect(on.perGpu.breakdown.optimizer).toBe(0);
    expect(on.perGpu.breakdown.gradients).toBe(0);
    expect(on.perGpu.breakdown.weights).toBeCloseTo(on.model.params * 2, -3);
  });

  it('FSDP CPU offload also moves the weight shards: only the gathered layers stay', () => {
    const sharded = {
      ...full,
      model: 'llama-3.1-70b',
      gpus: 8,
      sharding: 'fsdp' as const,
      gradientCheckpointing: true,
    };
    const off = estimate(sharded);
    const on = estimate({ ...sharded, optimizerOffload: true });
    expect(on.perGpu.breakdown.weights).toBeLessThan(off.perGpu.breakdown.weights / 3);
    expect(on.perGpu.allocatedBytes).toBeLessThan(off.perGpu.allocatedBytes / 2);
    expect(on.assumptions.map(english).join(' ')).toContain('FSDP CPU offload');
  });

  it('are ignored for inference, and said so', () => {
    const e = estimate({ ...full, method: 'inference', optimizerOffload: true });
    expect(e.resolvedInput.optimizerOffload).toBe(false);
    expect(e.assumptions.map(english).join(' ')).toContain(
      'Offload optimizer states to CPU memory (FSDP / ZeRO offload) ignored',
    );
  });
});

describe('inference runtime', () => {
  const inference: EstimateInput = {
    model: 'llama-2-13b',
    method: 'inference',
    precision: 'fp16',
    batchSize: 8,
    seqLen: 2048,
  };

  it('eager (HF generate) keeps part of a re-allocated KV cache reserved; efficient preallocates', () => {
    const efficient = estimate(inference);
    const eager = estimate({ ...inference, inferenceRuntime: 'eager' });
    const kv = efficient.perGpu.breakdown.kvCache;
    expect(eager.perGpu.totalBytes - efficient.perGpu.totalBytes).toBeCloseTo(
      FITTED.growingCacheReserveFraction * kv,
      -3,
    );
    expect(eager.perGpu.allocatedBytes).toBe(efficient.perGpu.allocatedBytes);
  });

  it('rejects eager for a GGUF model, naming the field', () => {
    expect(() =>
      estimate({ ...inference, precision: 'int4', quant: 'gguf-q4_k_m', inferenceRuntime: 'eager' }),
    ).toThrow(expect.objectContaining({ field: 'inferenceRuntime' }));
  });
});
