import type { Card, ModelPreset } from '../catalog';
import type { EstimateInput } from '../estimate/input';
import { estimateMemory } from '../estimate/memory';
import { estimateResolvedSpeed } from '../estimate/speed';
import type { ThroughputKind } from './types';

/** What the raw estimator says about one run's configuration on its card. */
export interface RunPrediction {
  /** Per-GPU peak: `totalBytes` as nvidia-smi shows it, `allocatedBytes` as torch's peak allocated. */
  memory: { totalBytes: number; allocatedBytes: number };
  /** In the run's own scope and kind; null when the run has no throughput to compare with. */
  tokensPerSecond: number | null;
}

/**
 * The raw (uncalibrated) prediction for a logged run, in the same meter-independent form the
 * calibration compares against: per-GPU memory, and tokens/s of the kind and scope measured.
 */
export function predictRun(
  run: { config: EstimateInput; card: Card; throughputKind?: ThroughputKind; throughputScope?: 'per-gpu' | 'all-gpus' },
  presets: ModelPreset[],
): RunPrediction {
  const memory = estimateMemory(run.config, { presets, cards: [] });
  const speed = estimateResolvedSpeed(memory.resolvedInput, memory.model, run.card, {
    trainableParams: memory.trainableParams,
    explain: false,
  });
  let tokensPerSecond: number;
  if (speed.kind === 'train') {
    tokensPerSecond = run.throughputScope === 'per-gpu' ? speed.tokensPerSecondPerGpu : speed.tokensPerSecond;
  } else {
    tokensPerSecond = run.throughputKind === 'prefill' ? speed.prefillTokensPerSecond : speed.decodeTokensPerSecond;
  }
  const { totalBytes, allocatedBytes } = memory.perGpu;
  return { memory: { totalBytes, allocatedBytes }, tokensPerSecond };
}

/** What the estimator says today about a run, next to what it measured. */
export interface StoredPrediction {
  totalBytes: number;
  allocatedBytes: number;
  /** null when the run's card is not in the catalog (memory needs no card; speed does). */
  tokensPerSecond: number | null;
}

/**
 * The estimator's numbers for a run's configuration: memory always, speed where the card is in the
 * catalog; null when the configuration can no longer be estimated (say, its preset was removed).
 */
export function predictionFor(
  run: {
    config: EstimateInput;
    card: string;
    throughputKind?: ThroughputKind;
    throughputScope?: 'per-gpu' | 'all-gpus';
  },
  cards: readonly Card[],
  presets: ModelPreset[],
): StoredPrediction | null {
  try {
    const card = cards.find((c) => c.id === run.card);
    if (card) {
      const { memory, tokensPerSecond } = predictRun({ ...run, card }, presets);
      return { ...memory, tokensPerSecond };
    }
    const { perGpu } = estimateMemory(run.config, { presets, cards: [] });
    return { totalBytes: perGpu.totalBytes, allocatedBytes: perGpu.allocatedBytes, tokensPerSecond: null };
  } catch {
    return null;
  }
}
