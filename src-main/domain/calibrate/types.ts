import type { EstimateInput } from '../estimate/input';
import type { Message } from '../messages';
import type { MemoryMeter, RunOrigin, RunOutcome, ThroughputKind } from '../runs/run-schema';

export type { MemoryMeter, RunOrigin, ThroughputKind };

/**
 * A logged run: the configuration that was run, what really happened, and what the estimator
 * predicted for it (supplied by the caller, so this module stays independent of the estimator).
 */
export interface CalibrationRun {
  id: string;
  origin: RunOrigin;
  card: string;
  gpus: number;
  config: EstimateInput;
  measuredMemoryBytes: number | null;
  memoryMeter: MemoryMeter | null;
  measuredTokensPerSecond: number | null;
  /** The estimator's per-GPU peak: `totalBytes` is what nvidia-smi shows, `allocatedBytes` torch's peak allocated. */
  predictedMemoryBytes: { totalBytes: number; allocatedBytes: number } | null;
  /** Predicted in the same scope (per GPU or all GPUs) and kind as the measured number. */
  predictedTokensPerSecond: number | null;
  outcome: RunOutcome;
  /** Absent = training tokens for a training method, decode tokens for inference. */
  throughputKind?: ThroughputKind;
}

/** A correction for one estimate: multiply the raw estimate by the factor. */
export interface Calibration {
  memoryFactor: number;
  speedFactor: number;
  /** Runs that carried weight in either correction, and how many of them are the user's own. */
  runs: number;
  mine: number;
  published: number;
  /** 95% interval of each factor. */
  interval: { memory: [number, number]; speed: [number, number] };
  /** What the user should know about the runs behind it (disagreeing runs, OOMs, too few runs). */
  flags: Message[];
}

/** The estimate to correct. */
export interface CalibrationTarget {
  config: EstimateInput;
  card: string;
  /** Absent = training tokens for a training method, decode tokens for inference. */
  throughputKind?: ThroughputKind;
}
