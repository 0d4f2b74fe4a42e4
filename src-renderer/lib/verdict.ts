/** How a configuration sits on a card. */
export type Verdict = 'fits' | 'tight' | 'no';

/**
 * Fits with room to spare, tight, or does not fit. `fits` is the estimator's answer (peak
 * plus the user's headroom within capacity); it is "tight" when what is left over is less
 * than twice that headroom, because estimates of this kind miss by about that much.
 */
export function fitVerdict(fits: boolean, peakBytes: number, capacityBytes: number, headroomFraction: number): Verdict {
  if (!fits) return 'no';
  const spareBytes = capacityBytes - peakBytes;
  return spareBytes < 2 * headroomFraction * capacityBytes ? 'tight' : 'fits';
}
