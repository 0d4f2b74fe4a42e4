import { describe, expect, it } from 'vitest';
import { accelerateTotalSizeBytes, accelerateTrainingPeakBytes } from './accelerate-estimate';

describe('accelerate estimate-memory (accelerate src/accelerate/commands/estimate.py, https://github.com/huggingface/accelerate)', () => {
  it('fp32 Adam peak is the step stage, 16 B/param; fp16/bf16 peak is 8 B/param', () => {
    expect(accelerateTrainingPeakBytes(1e9, 'float32')).toBe(16e9);
    expect(accelerateTrainingPeakBytes(1e9, 'float16')).toBe(8e9);
  });
  it('int8/int4 training is N/A; total size divides the fp32 size by 1/2/4/8', () => {
    expect(accelerateTrainingPeakBytes(1e9, 'int8')).toBeNull();
    expect([
      accelerateTotalSizeBytes(1e9, 'float32'),
      accelerateTotalSizeBytes(1e9, 'float16'),
      accelerateTotalSizeBytes(1e9, 'int4'),
    ]).toEqual([4e9, 2e9, 0.5e9]);
  });
});
