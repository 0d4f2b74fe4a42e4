import type { Card } from '../catalog';
import type { EstimateInput } from './input';
import { estimateMemory, type EstimateContext } from './memory';

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

function fitsOn(input: EstimateInput, card: Card, ctx: EstimateContext): boolean {
  const estimate = estimateMemory(input, { ...ctx, cards: [card] });
  return estimate.fits[0]?.fits ?? false;
}

/**
 * The largest micro-batch (per GPU) at `input.seqLen` whose peak fits `card` with the headroom
 * of `ctx`; 0 when even batch 1 does not fit.
 */
export function largestBatch(input: EstimateInput, card: Card, ctx: EstimateContext): number {
  return largestFitting(MAX_BATCH, (batchSize) => fitsOn({ ...input, batchSize }, card, ctx));
}

/** The longest sequence at `input.batchSize` that fits `card`; 0 when nothing fits. */
export function longestSeq(input: EstimateInput, card: Card, ctx: EstimateContext): number {
  return largestFitting(MAX_SEQ, (seqLen) => fitsOn({ ...input, seqLen }, card, ctx));
}
