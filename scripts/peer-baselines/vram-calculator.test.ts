import { describe, expect, it } from 'vitest';
import { vramCalculatorActivationBytes, vramCalculatorMemory, type VramCalculatorInput } from './vram-calculator';

const gpt: VramCalculatorInput = {
  params: 1e9,
  hidden: 2048,
  vocab: 50_000,
  heads: 16,
  kvHeads: 16,
  intermediate: 8192,
  layers: 24,
  training: true,
  precision: 'mixed',
  optimizer: 'adam',
  sgdMomentum: false,
  seqLen: 1024,
  batchSize: 2,
  gpus: 1,
  parallel: false,
};

describe('vram-calculator (vram-calculator, https://github.com/furiousteabag/vram-calculator)', () => {
  it('for an MHA block with a 4h MLP the activations are Korthikanti’s s·b·h·(34 + 5as/h) per layer (Korthikanti et al. 2022, https://arxiv.org/abs/2205.05198)', () => {
    const { seqLen: s, batchSize: b, hidden: h, heads: a, layers: L } = gpt;
    expect(vramCalculatorActivationBytes(gpt)).toBe(L * s * b * h * (34 + (5 * a * s) / h));
  });
  it('mixed-precision Adam: 6 + 4 + 4 + 4 B/param, 1000 MiB kernels, fp32 logits ×2', () => {
    const r = vramCalculatorMemory(gpt);
    expect((r.parameters + r.gradients + r.firstMoments + r.secondMoments) / gpt.params).toBe(18);
    expect(r.cudaKernels).toBe(1000 * 2 ** 20);
    expect(r.outputs).toBe(4 * 2 * 1024 * 50_000 * 2);
  });
  it('half-precision inference: 2 B/param and one layer of activations', () => {
    const r = vramCalculatorMemory({ ...gpt, training: false, precision: 'half' });
    expect(r.parameters).toBe(2e9);
    expect(r.gradients).toBe(0);
    expect(r.activations).toBe(vramCalculatorActivationBytes({ ...gpt, training: false, precision: 'half' }));
    expect(r.activations * gpt.layers).toBe(vramCalculatorActivationBytes(gpt));
  });
  it('FSDP on 4 GPUs divides the states by 4', () => {
    const one = vramCalculatorMemory(gpt);
    const four = vramCalculatorMemory({ ...gpt, gpus: 4, parallel: true });
    expect(four.parameters * 4).toBe(one.parameters);
    expect(four.secondMoments * 4).toBe(one.secondMoments);
  });
});
