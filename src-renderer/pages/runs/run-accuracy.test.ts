import { describe, expect, it } from 'vitest';
import { CUDA_CONTEXT_BYTES } from '../../../src-main/domain/estimate/runtime';
import { accuracySummary, errorFraction, errorLevel, formatError, median, predictedBytesFor } from './run-accuracy';

const GIB = 1024 ** 3;
const prediction = { totalBytes: 22 * GIB, allocatedBytes: 18 * GIB, tokensPerSecond: 1000 };

describe('error of the estimate', () => {
  it('compares each meter with its own prediction', () => {
    expect(predictedBytesFor(prediction, 'nvidia-smi')).toBe(22 * GIB);
    // torch reserved is the total less the CUDA context (bytesOnMeter).
    const withContext = { ...prediction, totalBytes: 22 * GIB + CUDA_CONTEXT_BYTES };
    expect(predictedBytesFor(withContext, 'torch-reserved')).toBe(22 * GIB);
    expect(predictedBytesFor(prediction, 'torch-allocated')).toBe(18 * GIB);
    expect(predictedBytesFor(prediction, null)).toBeNull();
    expect(predictedBytesFor(null, 'nvidia-smi')).toBeNull();
  });
  it('is relative to the measurement and signed (positive = estimate too high)', () => {
    expect(errorFraction(22, 20)).toBeCloseTo(0.1, 12);
    expect(errorFraction(15, 20)).toBeCloseTo(-0.25, 12);
    expect(errorFraction(15, 0)).toBeNull();
    expect(errorFraction(null, 20)).toBeNull();
    expect(errorFraction(10, undefined)).toBeNull();
  });
  it('colours and prints it', () => {
    expect(errorLevel(-0.08)).toBe('good');
    expect(errorLevel(0.2)).toBe('fair');
    expect(errorLevel(-0.4)).toBe('poor');
    expect(formatError(0.123)).toBe('+12%');
    expect(formatError(-0.04)).toBe('−4%');
    expect(formatError(0.001)).toBe('0%');
  });
});

describe('accuracySummary', () => {
  it('takes the median |error| of memory and speed, leaving OOM memory out', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
    const summary = accuracySummary([
      { outcome: 'ok', peakMemoryGiB: 20, memoryMeter: 'nvidia-smi', tokensPerSecond: 800, predicted: prediction },
      { outcome: 'ok', peakMemoryGiB: 20, memoryMeter: 'torch-allocated', predicted: prediction },
      { outcome: 'oom', peakMemoryGiB: 23.5, memoryMeter: 'nvidia-smi', predicted: prediction },
      { outcome: 'ok', peakMemoryGiB: null, memoryMeter: null, tokensPerSecond: 1250, predicted: prediction },
    ]);
    // Memory: |22-20|/20 = 0.1 and |18-20|/20 = 0.1. Speed: |1000-800|/800 = 0.25, |1000-1250|/1250 = 0.2.
    expect(summary.memory.runs).toBe(2);
    expect(summary.memory.medianAbsError).toBeCloseTo(0.1, 12);
    expect(summary.speed.runs).toBe(2);
    expect(summary.speed.medianAbsError).toBeCloseTo(0.225, 12);
  });
});

describe('accuracy summary and serving runs', () => {
  it('leaves serving runs out: their figures are not what the one-sequence estimate predicts', () => {
    const measured = {
      peakMemoryGiB: 22,
      memoryMeter: 'nvidia-smi' as const,
      tokensPerSecond: 2000,
      outcome: 'ok' as const,
      predicted: { totalBytes: 20 * 2 ** 30, allocatedBytes: 18 * 2 ** 30, tokensPerSecond: 100 },
    };
    expect(accuracySummary([measured]).speed.runs).toBe(1);
    expect(accuracySummary([{ ...measured, engine: 'vllm' }])).toEqual({
      memory: { medianAbsError: null, runs: 0 },
      speed: { medianAbsError: null, runs: 0 },
    });
  });
});
