import type { ServingCalibration } from '../calibrate/serving';
import type { ResolvedModel } from '../estimate/input';
import type { ServeCapacity } from './capacity';
import { kvLimitedSequences, type EngineSetup } from './engine-memory';
import type { StepModel } from './throughput';

/**
 * A server's capacity with the KV pool corrected by the logged serving runs of its card and engine
 * (domain/calibrate/serving.ts): pool tokens, blocks and bytes × the factor, and the concurrency
 * read again from the corrected pool, capped by max_num_seqs. Whether it starts stays the raw
 * model's verdict (a correction is a nudge from a few runs, not a reason to refuse a setup).
 */
export function calibratedCapacity(
  capacity: ServeCapacity,
  model: ResolvedModel,
  setup: EngineSetup,
  kvPoolFactor: number,
): ServeCapacity {
  if (kvPoolFactor === 1) return capacity;
  const memory = {
    ...capacity.memory,
    kvPoolTokens: Math.floor(capacity.memory.kvPoolTokens * kvPoolFactor),
    kvPoolBlocks: Math.floor(capacity.memory.kvPoolBlocks * kvPoolFactor),
    lines: { ...capacity.memory.lines, kvPoolBytes: capacity.memory.lines.kvPoolBytes * kvPoolFactor },
  };
  const kvAtMax = Math.max(0, kvLimitedSequences(model, memory, setup.engine, setup.maxModelLen));
  const kvAtAverage = Math.max(0, kvLimitedSequences(model, memory, setup.engine, capacity.averageRequestTokens));
  const cap = (x: number) => (capacity.fits ? Math.min(setup.maxNumSeqs, Math.floor(x)) : 0);
  return {
    ...capacity,
    memory,
    maxConcurrentSequences: { atMaxModelLen: cap(kvAtMax), atAverageRequest: cap(kvAtAverage) },
    kvConcurrency: { atMaxModelLen: kvAtMax, atAverageRequest: kvAtAverage },
  };
}

/**
 * The decode step corrected by the measured ÷ predicted output tokens/s of the logged serving runs:
 * each step takes 1/factor of the raw time, so decode rate, request capacity, ITL and the highest
 * rate within the targets all follow. Prefill is left raw: serving runs' tokens/s measure decode.
 */
export function calibratedStep(step: StepModel, speedFactor: number): StepModel {
  if (speedFactor === 1) return step;
  return { ...step, stepSeconds: (batch) => step.stepSeconds(batch) / speedFactor };
}

/** What a server's figures were corrected by, for the answer to show beside them. */
export type ServeCorrection = Pick<ServingCalibration, 'runs' | 'mine' | 'published' | 'basis'> & {
  speedFactor: number;
  kvPoolFactor: number;
};

export function correctionOf(calibration: ServingCalibration | undefined): ServeCorrection | null {
  if (!calibration || calibration.runs === 0) return null;
  const { runs, mine, published, basis } = calibration;
  return {
    runs,
    mine,
    published,
    basis,
    speedFactor: calibration.speed.factor,
    kvPoolFactor: calibration.kvPool.factor,
  };
}
