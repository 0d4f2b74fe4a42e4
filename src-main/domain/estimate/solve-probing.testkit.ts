/*
 * The solvers as they were before solve.ts bracketed on the peak's closed form: probe 1, 2, 4, …
 * until the peak no longer fits, then bisect. Kept only so solve.test.ts can show the new solvers
 * give the same answers on many inputs.
 */
import type { Card } from '../catalog';
import type { EstimateInput } from './input';
import { DEFAULT_HEADROOM_FRACTION, peakPerGpu, resolveEstimate, usableBytes, type EstimateContext } from './memory';
import { MAX_BATCH, MAX_SEQ } from './solve';

/** Largest integer in [1, upper] for which `fits` holds, by doubling then bisection; 0 if none. */
export function probingLargest(upper: number, fits: (value: number) => boolean): number {
  if (!fits(1)) return 0;
  let low = 1;
  let high = 2;
  while (high <= upper && fits(high)) {
    low = high;
    high *= 2;
  }
  high = Math.min(high, upper + 1);
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (fits(mid)) low = mid;
    else high = mid;
  }
  return low;
}

/** The old largestBatch / longestSeq: the input resolved per call, every probe a whole peak. */
export function probingLimits(
  input: EstimateInput,
  card: Card,
  ctx: EstimateContext,
): { largestBatch: number; longestSeq: number } {
  const { resolved, model } = resolveEstimate(input, ctx.presets);
  const usable = usableBytes(card, ctx.headroomFraction ?? DEFAULT_HEADROOM_FRACTION);
  const on = (field: 'batchSize' | 'seqLen', upper: number) =>
    probingLargest(upper, (value) => {
      const { perGpu } = peakPerGpu(model, { ...resolved, [field]: value }, []);
      return perGpu.totalBytes <= usable;
    });
  return { largestBatch: on('batchSize', MAX_BATCH), longestSeq: on('seqLen', MAX_SEQ) };
}
