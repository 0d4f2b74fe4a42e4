import { describe, expect, it } from 'vitest';
import { zero2GpuBytes, zero3GpuBytes } from './deepspeed-zero';

describe('DeepSpeed ZeRO model-state estimators (DeepSpeed deepspeed/runtime/zero/stage_1_and_2.py and stage3.py, https://github.com/deepspeedai/DeepSpeed)', () => {
  it('ZeRO-2 on one GPU: 2 + 18 = 20 B/param; on 8 GPUs 2 + 18/8', () => {
    expect(zero2GpuBytes(1e9, 1)).toBe(20e9);
    expect(zero2GpuBytes(1e9, 8)).toBe(4.25e9);
  });
  it('ZeRO-3: 4 B per largest-layer param + 18P/N', () => {
    expect(zero3GpuBytes(1e9, 1e8, 4)).toBe(0.4e9 + 4.5e9);
  });
});
