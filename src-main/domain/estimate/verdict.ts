import type { EstimateInput } from './input';
import { memoryInterval, type MemoryInterval } from './memory-interval';

/** How a configuration sits on a card. */
export type Verdict = 'fits' | 'tight' | 'no';

/**
 * Fits with room to spare, tight, or does not fit. `fits` is the estimator's answer (the need plus the
 * user's headroom within capacity); it is "tight" when the card's memory falls inside the interval the
 * measured peak is likely in (memory-interval.ts: 80% of held-out runs were), so a plausible run would
 * not fit (issue 11 point 7: err on the safe side).
 */
export function fitVerdict(fits: boolean, capacityBytes: number, interval: Pick<MemoryInterval, 'highBytes'>): Verdict {
  if (!fits) return 'no';
  return capacityBytes < interval.highBytes ? 'tight' : 'fits';
}

/** fitVerdict for a need of `neededBytes` per GPU of a `method` estimate (the interval around that need). */
export function verdictFor(
  fits: boolean,
  neededBytes: number,
  capacityBytes: number,
  method: EstimateInput['method'] | undefined,
): Verdict {
  return fitVerdict(fits, capacityBytes, memoryInterval(neededBytes, method));
}
