import type { Card } from '../catalog';
import type { EstimateInput, MemoryEstimate } from './input';
import {
  DEFAULT_HEADROOM_FRACTION,
  peakFunction,
  resolvedPeakFunction,
  usableBytes,
  type EstimateContext,
} from './memory';
import type { ResolvedInput } from './resolve-input';

/** The largest micro-batch and the longest sequence the solvers consider. */
export const MAX_BATCH = 65_536;
export const MAX_SEQ = 10_000_000;

/**
 * Largest integer in [1, upper] with peak(value) ≤ budget, given that peak grows with value; 0 if
 * none. The peak is a polynomial of degree ≤ 2 in the batch or the sequence on each stretch where
 * the same terms win its max/min (activations and logits are linear in b·s, eager attention and
 * the s² scores quadratic in s: activations.ts), so the root of the parabola through the last three
 * probes is exact once they share a stretch. Each guess is checked with its neighbour, so a guess
 * right on the boundary ends the search; a guess that does not halve the bracket is replaced by
 * the midpoint, so the search never takes more than about twice as many probes as bisection.
 * Only the bracket decides the answer, so it is the one plain bisection finds (test: solve.test.ts).
 */
export function largestWithin(upper: number, budget: number, peak: (value: number) => number): number {
  const excess = (value: number) => peak(value) - budget;
  const first = excess(1);
  if (!(first <= 0)) return 0;
  if (upper <= 1) return 1;
  const last = excess(upper);
  if (last <= 0) return upper;
  // excess(low) ≤ 0 < excess(high) throughout; the last three probes (oldest first) are what the next guess
  // interpolates, held in numbers rather than a list of pairs (this runs for every card on every keystroke).
  let low = 1;
  let high = upper;
  let x0 = NaN;
  let y0 = NaN;
  let x1 = 1;
  let y1 = first;
  let x2 = upper;
  let y2 = last;
  const probed = (x: number, y: number) => {
    x0 = x1;
    y0 = y1;
    x1 = x2;
    y1 = y2;
    x2 = x;
    y2 = y;
  };
  let previousWidth = Infinity;
  while (high - low > 1) {
    const width = high - low;
    let guess = interpolatedRoot(x0, y0, x1, y1, x2, y2);
    // Safeguard (as in Brent's method): no guess, or the bracket did not halve in two steps → bisect.
    if (!(guess > low && guess < high) || width > previousWidth / 2) guess = (low + high) / 2;
    previousWidth = high - low;
    const probe = Math.min(high - 1, Math.max(low + 1, Math.floor(guess)));
    const at = excess(probe);
    probed(probe, at);
    if (at <= 0) {
      low = probe;
      if (probe + 1 < high) {
        const next = excess(probe + 1);
        probed(probe + 1, next);
        if (next <= 0) low = probe + 1;
        else high = probe + 1;
      }
    } else {
      high = probe;
      if (probe - 1 > low) {
        const before = excess(probe - 1);
        probed(probe - 1, before);
        if (before <= 0) low = probe - 1;
        else high = probe - 1;
      }
    }
  }
  return low;
}

/** Where the line through (xa, ya) and (xb, yb) crosses zero. */
function secant(xa: number, ya: number, xb: number, yb: number): number {
  return xa - (ya * (xb - xa)) / (yb - ya);
}

/**
 * Where the parabola through the three points (or, when the first is missing (NaN), the line
 * through the last two) crosses zero, taking the crossing between the points that straddle it;
 * NaN when there is none.
 */
function interpolatedRoot(x0: number, y0: number, x1: number, y1: number, x2: number, y2: number): number {
  if (Number.isNaN(x0) || x0 === x1 || x0 === x2 || x1 === x2) return secant(x1, y1, x2, y2);
  // Newton form of the parabola: y = y0 + d01·(x − x0) + d012·(x − x0)(x − x1).
  const d01 = (y1 - y0) / (x1 - x0);
  const d12 = (y2 - y1) / (x2 - x1);
  const d012 = (d12 - d01) / (x2 - x0);
  const lo = Math.min(x0, x1, x2);
  const hi = Math.max(x0, x1, x2);
  if (d012 === 0 || Math.abs(d012) < 1e-12 * Math.abs(d01)) return secant(x1, y1, x2, y2);
  // As a·x² + b·x + c with a = d012.
  const a = d012;
  const b = d01 - d012 * (x0 + x1);
  const c = y0 - d01 * x0 + d012 * x0 * x1;
  const disc = b * b - 4 * a * c;
  if (disc < 0) return secant(x1, y1, x2, y2);
  const sqrt = Math.sqrt(disc);
  // The numerically stable pair of roots, each kept when it lies within the points.
  const q = -0.5 * (b + Math.sign(b || 1) * sqrt);
  const within = (x: number) => Number.isFinite(x) && x >= lo && x <= hi;
  const r0 = q / a;
  const r1 = c / q;
  const ok0 = within(r0);
  const ok1 = within(r1);
  if (!ok0 && !ok1) return secant(x1, y1, x2, y2);
  // With a rising peak the crossing wanted is the one where the parabola rises.
  if (ok0 && 2 * a * r0 + b > 0) return r0;
  if (ok1 && 2 * a * r1 + b > 0) return r1;
  return ok0 ? r0 : r1;
}

/** The largest batch and the longest sequence that fit one memory budget. */
export interface FitLimits {
  /** Largest micro-batch per GPU at the input's sequence length; 0 when batch 1 does not fit. */
  largestBatch: number;
  /** Longest sequence at the input's batch size; 0 when nothing fits. */
  longestSeq: number;
}

/**
 * A solver for one input: resolves the input once, then answers the largest batch and longest
 * sequence for any memory budget (the bytes a peak may use), recomputing only the peak per probe.
 * Budgets already asked (cards of the same size) are answered from memory. An estimate of the
 * same input and context hands over what it resolved, so the input is not resolved again.
 */
export function fitSolver(
  input: EstimateInput,
  ctx: EstimateContext,
  estimated?: Pick<MemoryEstimate, 'model' | 'resolvedInput'>,
): (budgetBytes: number) => FitLimits {
  const { batchPeak, seqPeak } = estimated
    ? peaksOf(estimated.resolvedInput, resolvedPeakFunction(estimated.model, estimated.resolvedInput, ctx.constants))
    : peaks(input, ctx);
  const answered = new Map<number, FitLimits>();
  return (budgetBytes) => {
    let limits = answered.get(budgetBytes);
    if (!limits) {
      limits = {
        largestBatch: largestWithin(MAX_BATCH, budgetBytes, batchPeak),
        longestSeq: largestWithin(MAX_SEQ, budgetBytes, seqPeak),
      };
      answered.set(budgetBytes, limits);
    }
    return limits;
  };
}

/** The peak per GPU as a function of the batch and of the sequence, the input resolved once. */
function peaks(input: EstimateInput, ctx: EstimateContext) {
  const { resolved, peakBytes } = peakFunction(input, ctx);
  return peaksOf(resolved, peakBytes);
}

function peaksOf(resolved: ResolvedInput, peakBytes: (batchSize: number, seqLen: number) => number) {
  return {
    batchPeak: (batchSize: number) => peakBytes(batchSize, resolved.seqLen),
    seqPeak: (seqLen: number) => peakBytes(resolved.batchSize, seqLen),
  };
}

function budgetOn(card: Card, ctx: EstimateContext): number {
  return usableBytes(card, ctx.headroomFraction ?? DEFAULT_HEADROOM_FRACTION);
}

/**
 * The largest micro-batch (per GPU) at `input.seqLen` whose peak fits `card` with the headroom
 * of `ctx`; 0 when even batch 1 does not fit.
 */
export function largestBatch(input: EstimateInput, card: Card, ctx: EstimateContext): number {
  return largestWithin(MAX_BATCH, budgetOn(card, ctx), peaks(input, ctx).batchPeak);
}

/** The longest sequence at `input.batchSize` that fits `card`; 0 when nothing fits. */
export function longestSeq(input: EstimateInput, card: Card, ctx: EstimateContext): number {
  return largestWithin(MAX_SEQ, budgetOn(card, ctx), peaks(input, ctx).seqPeak);
}
