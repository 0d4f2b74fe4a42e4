import { describe, expect, it } from 'vitest';
import { gpuPoorMemory, type GpuPoorInput } from './gpu-poor';

// Llama-2-7B config.json fields (meta-llama/Llama-2-7b-hf), s = 512, batch 1: the terms gpu_poor's App.js formulas give for this shape.
const llama2: Omit<GpuPoorInput, 'mode' | 'training' | 'quant'> = {
  vocab: 32000,
  hidden: 4096,
  heads: 32,
  layers: 32,
  intermediate: 11008,
  optimizer: 'adam',
  seqLen: 512,
  batchSize: 1,
  gradientCheckpointing: false,
};

/** The web app shows every term and the total rounded up to whole MB (gpu_poor src/App.js, https://github.com/RahulSChand/gpu_poor "Output ... ceil'd"). */
function shown(input: GpuPoorInput): number[] {
  const r = gpuPoorMemory(input);
  return [r.totalMiB, r.kvCacheMiB, r.modelSizeMiB, r.activationMiB, r.gradOptMiB, r.overheadMiB].map(Math.ceil);
}

describe('gpu_poor formulas give its own terms (Llama-2-7B, s=512)', () => {
  it('inference fp16 (HF): 14,050 MB', () => {
    expect(shown({ ...llama2, mode: 'inf', training: 'full', quant: 'none' })).toEqual([14050, 512, 12852, 36, 0, 650]);
  });
  it('full FT Adam: 58,219 MB', () => {
    expect(shown({ ...llama2, mode: 'trn', training: 'full', quant: 'none' })).toEqual([
      58219, 0, 12852, 6161, 38556, 650,
    ]);
  });
  it('LoRA Adam: 19,711 MB', () => {
    expect(shown({ ...llama2, mode: 'trn', training: 'lora', quant: 'none' })).toEqual([
      19711, 0, 12852, 6161, 48, 650,
    ]);
  });
  it('QLoRA Adam: 11,067 MB', () => {
    expect(shown({ ...llama2, mode: 'trn', training: 'qlora', quant: 'bnb_q4' })).toEqual([
      11067, 0, 3784, 6161, 473, 650,
    ]);
  });
  it('inference bnb nf4: 5,183 MB', () => {
    expect(shown({ ...llama2, mode: 'inf', training: 'full', quant: 'bnb_q4' })).toEqual([5183, 512, 3985, 36, 0, 650]);
  });
  it('gradient checkpointing keeps 15 % of the activations (gpu_poor src/App.js, https://github.com/RahulSChand/gpu_poor)', () => {
    const off = gpuPoorMemory({ ...llama2, mode: 'trn', training: 'lora', quant: 'none' });
    const on = gpuPoorMemory({ ...llama2, mode: 'trn', training: 'lora', quant: 'none', gradientCheckpointing: true });
    expect(on.activationMiB / off.activationMiB).toBeCloseTo(0.15, 10);
  });
});
