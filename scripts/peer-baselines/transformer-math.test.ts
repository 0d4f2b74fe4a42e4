import { describe, expect, it } from 'vitest';
import {
  transformerMathActivationBytes,
  transformerMathInferenceBytes,
  transformerMathTrainingBytes,
} from './transformer-math';

const llama2 = { params: 6_738_415_616, hidden: 4096, heads: 32, layers: 32 };

describe('Transformer Math 101 (Transformer Math 101, https://blog.eleuther.ai/transformer-math/)', () => {
  it('mixed-precision AdamW model states are the familiar 16 B/param; 7B ≈ 100 GiB (Transformer Math 101, https://blog.eleuther.ai/transformer-math/)', () => {
    const bytes =
      transformerMathTrainingBytes({
        ...llama2,
        seqLen: 1,
        batchSize: 1,
        optimizer: 'adamw',
        gradientBytes: 2,
        recompute: 'full',
        sharding: 'none',
        gpus: 1,
      }) -
      2 * 1 * 1 * llama2.hidden * llama2.layers;
    expect(bytes / llama2.params).toBe(16);
    expect(bytes / 2 ** 30).toBeCloseTo(100.4, 1);
  });
  it('8-bit AdamW 6 B/param and SGD + momentum 8 B/param replace the 12 B of AdamW', () => {
    const base = {
      ...llama2,
      seqLen: 1,
      batchSize: 1,
      gradientBytes: 2 as const,
      recompute: 'full' as const,
      sharding: 'none' as const,
      gpus: 1,
    };
    const adam = transformerMathTrainingBytes({ ...base, optimizer: 'adamw' });
    expect(adam - transformerMathTrainingBytes({ ...base, optimizer: 'adamw-8bit' })).toBe(6 * llama2.params);
    expect(adam - transformerMathTrainingBytes({ ...base, optimizer: 'sgd-momentum' })).toBe(4 * llama2.params);
  });
  it('ZeRO-3 on 8 GPUs divides all 16 B/param by 8', () => {
    const base = {
      ...llama2,
      seqLen: 1,
      batchSize: 1,
      optimizer: 'adamw' as const,
      gradientBytes: 2 as const,
      recompute: 'full' as const,
    };
    const one = transformerMathTrainingBytes({ ...base, sharding: 'none', gpus: 1 });
    const eight = transformerMathTrainingBytes({ ...base, sharding: 'zero3', gpus: 8 });
    const act = 2 * llama2.hidden * llama2.layers;
    expect((one - act) / (eight - act)).toBeCloseTo(8, 10);
  });
  it('with t = 1 the activation formula is Korthikanti’s s·b·h·(34 + 5as/h) per layer (Korthikanti et al. 2022, https://arxiv.org/abs/2205.05198)', () => {
    const m = { seqLen: 2048, batchSize: 2, hidden: 4096, heads: 32, layers: 1 };
    const s = m.seqLen,
      b = m.batchSize,
      h = m.hidden,
      a = m.heads;
    expect(transformerMathActivationBytes(m, 'none')).toBeCloseTo(s * b * h * (34 + (5 * a * s) / h), 0);
    expect(transformerMathActivationBytes(m, 'full')).toBe(2 * s * b * h);
  });
  it('inference is 1.2 × weights', () => {
    expect(transformerMathInferenceBytes(7e9, 2)).toBeCloseTo(16.8e9, 0);
  });
});
