import type { EstimateInput } from './input';
import { peakFunction, type EstimateContext } from './memory';
import { MAX_BATCH, MAX_SEQ } from './solve';

/** One batch size's peak per GPU (what nvidia-smi shows) at each swept sequence length. */
export interface SweepSeries {
  batchSize: number;
  points: { seqLen: number; totalBytes: number }[];
}

/** Peak memory against sequence length, one series per batch size, and where the input sits on it. */
export interface MemorySweep {
  /** The input's own batch size and sequence length (defaults filled in). */
  at: { batchSize: number; seqLen: number };
  /** Ascending sequence lengths, the input's among them. */
  seqLens: number[];
  /** Ascending batch sizes, the input's among them. */
  series: SweepSeries[];
}

/** The shortest sequence a sweep starts from, unless the input's is shorter. */
const SWEEP_FROM_SEQ = 256;
/** A sweep reaches at least this far, and at least four times the input's sequence. */
const SWEEP_TO_SEQ = 8192;

/**
 * The sequence lengths a sweep visits: powers of two from 256 (or the input's, if shorter) to the
 * first power of two at or above max(4 × seqLen, 8192), capped at MAX_SEQ, plus `seqLen` itself.
 */
export function sweepSeqLens(seqLen: number): number[] {
  const top = Math.min(MAX_SEQ, 2 ** Math.ceil(Math.log2(Math.max(4 * seqLen, SWEEP_TO_SEQ))));
  const values = new Set<number>([Math.min(seqLen, SWEEP_FROM_SEQ), seqLen, Math.min(top, MAX_SEQ)]);
  for (let value = SWEEP_FROM_SEQ; value < top; value *= 2) values.add(value);
  return [...values].filter((value) => value >= 1 && value <= MAX_SEQ).sort((a, b) => a - b);
}

/** The batch sizes a sweep draws: 1, the input's, twice and four times it (capped at MAX_BATCH). */
export function sweepBatchSizes(batchSize: number): number[] {
  const values = new Set([1, batchSize, 2 * batchSize, 4 * batchSize].map((b) => Math.min(b, MAX_BATCH)));
  return [...values].sort((a, b) => a - b);
}

/**
 * Peak memory per GPU of `input` at each sweep sequence length for each sweep batch size, from
 * the same estimator as the total (peakFunction), so the point at the input's batch and sequence
 * is the estimate itself. Throws InputError for incoherent input, like estimateMemory.
 */
export function memorySweep(input: EstimateInput, ctx: EstimateContext): MemorySweep {
  const { resolved, peakBytes } = peakFunction(input, ctx);
  const seqLens = sweepSeqLens(resolved.seqLen);
  return {
    at: { batchSize: resolved.batchSize, seqLen: resolved.seqLen },
    seqLens,
    series: sweepBatchSizes(resolved.batchSize).map((batchSize) => ({
      batchSize,
      points: seqLens.map((seqLen) => ({ seqLen, totalBytes: peakBytes(batchSize, seqLen) })),
    })),
  };
}
