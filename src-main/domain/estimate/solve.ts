import type { Card } from '../catalog';
import type { EstimateInput } from './input';
import { DEFAULT_HEADROOM_FRACTION, peakPerGpu, resolveEstimate, usableBytes, type EstimateContext } from './memory';

const MAX_BATCH = 65_536;
const MAX_SEQ = 10_000_000;

/** Largest integer in [1, upper] for which `fits` holds, given that memory grows with it; 0 if none. */
function largestFitting(upper: number, fits: (value: number) => boolean): number {
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

/**
 * The largest value of `field` in [1, upper] whose peak fits `card` with the headroom of `ctx`. The input is
 * resolved once; each probe recomputes only the peak for the changed batch or sequence.
 */
function largestOn(
  input: EstimateInput,
  card: Card,
  ctx: EstimateContext,
  field: 'batchSize' | 'seqLen',
  upper: number,
): number {
  const { resolved, model } = resolveEstimate(input, ctx.presets);
  const usable = usableBytes(card, ctx.headroomFraction ?? DEFAULT_HEADROOM_FRACTION);
  return largestFitting(upper, (value) => {
    const { perGpu } = peakPerGpu(model, { ...resolved, [field]: value }, []);
    return perGpu.totalBytes <= usable;
  });
}

/**
 * The largest micro-batch (per GPU) at `input.seqLen` whose peak fits `card` with the headroom
 * of `ctx`; 0 when even batch 1 does not fit.
 */
export function largestBatch(input: EstimateInput, card: Card, ctx: EstimateContext): number {
  return largestOn(input, card, ctx, 'batchSize', MAX_BATCH);
}

/** The longest sequence at `input.batchSize` that fits `card`; 0 when nothing fits. */
export function longestSeq(input: EstimateInput, card: Card, ctx: EstimateContext): number {
  return largestOn(input, card, ctx, 'seqLen', MAX_SEQ);
}
