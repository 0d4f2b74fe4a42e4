import { describe, expect, it } from 'vitest';
import { canItRunGpusNeeded, canItRunMemory } from './can-it-run';

describe('can-it-run-llm (can-it-run-llm src/utils.py, https://huggingface.co/spaces/Vokturz/can-it-run-llm)', () => {
  it('7B in fp16: 14 GB weights → inference ×1.2, Adam ×4, LoRA 2 % = (14 + 0.14·2·4)·1.2 GB', () => {
    const r = canItRunMemory(7e9, 'float16/bfloat16', 2);
    expect(r.inferenceBytes).toBeCloseTo(16.8e9, 0);
    expect(r.fullTrainingAdamBytes).toBeCloseTo(56e9, 0);
    expect(r.loraBytes).toBeCloseTo(18.144e9, 0);
  });
  it('int4 divides the fp32 size by 8', () => {
    expect(canItRunMemory(7e9, 'int4').inferenceBytes).toBeCloseTo(3.5e9 * 1.2, 0);
  });
  it('GPUs needed = ceil(memory / GPU RAM)', () => {
    expect(canItRunGpusNeeded(56e9, 24e9)).toBe(3);
  });
});
