import type { Card, ModelPreset } from '../catalog';
import { InputError } from '../errors';
import { resolveModel } from '../estimate/shape';
import { msg, type Message } from '../messages';
import type { RunInput } from './run-schema';

/**
 * Runs that cannot have happened, refused at the door so that no correction is fitted on them
 * (DESIGN.md "Calibration"). Each names the field to fix. Only physics is checked, never the estimator:
 * a run the estimator gets wrong is what calibration is for.
 */

/**
 * A card reports at most its memory; catalog sizes are rounded (a 24 GB card shows 23.99 GiB), so
 * a reading within this share above the catalog figure is let through.
 */
const MEMORY_ROUNDING = 0.02;

/**
 * The least work a token can take, FLOPs per active parameter (Kaplan et al. 2020, "Scaling Laws for
 * Neural Language Models", §2.1, https://arxiv.org/abs/2001.08361: forward ≈ 2N, training ≈ 6N).
 * Adapter training skips the weight gradients of the frozen base but still back-propagates through it
 * (forward 2N + input gradients 2N), so 4N; inference is the forward pass alone.
 */
function minFlopsPerParam(method: RunInput['config']['method']): number {
  if (method === 'full') return 6;
  if (method === 'inference') return 2;
  return 4;
}

/**
 * The card's dense tensor peak for the run's math, FLOP/s. Training accumulates in FP32: BF16/FP16
 * (and the BF16 compute of 4-bit bases) at that rate, FP8 or INT8 runs at theirs where the card has them.
 * Inference kernels may accumulate in FP16 (twice the FP32-accumulate rate on GeForce cards) or run
 * INT8/FP8 math, so an inference run is held to the card's fastest dense rate in any format.
 */
export function peakFlops(
  card: Card,
  run: { method: RunInput['config']['method']; precision?: RunInput['config']['precision'] },
): number {
  const bf16 = Math.max(card.bf16Tflops, card.fp32Tflops);
  const fp8 = Math.max(bf16, card.fp8Tflops ?? 0);
  const int8 = Math.max(bf16, card.int8Tops ?? 0);
  if (run.method === 'inference') return Math.max(fp8, int8) * 1e12;
  if (run.precision === 'fp8') return fp8 * 1e12;
  if (run.precision === 'int8') return int8 * 1e12;
  return bf16 * 1e12;
}

/**
 * Per configuration object: an import hands the same parsed configuration to every row that repeats
 * it (RowValidator), so its model is sized once. Keyed by the presets too (one per store).
 */
const sized = new WeakMap<RunInput['config'], { presets: ModelPreset[]; params: number | null }>();

/** The model's active parameters (all of a dense model's, the routed share of a MoE's); null when unsized. */
function activeParamsOf(config: RunInput['config'], presets: ModelPreset[]): number | null {
  const known = sized.get(config);
  if (known?.presets === presets) return known.params;
  let params: number | null;
  try {
    params = resolveModel(config.model, presets).model.activeParams;
  } catch {
    params = null;
  }
  sized.set(config, { presets, params });
  return params;
}

export interface RunProblem {
  field: string;
  message: Message;
}

/**
 * What makes `run` impossible: a peak above the card's memory, no measurement at all (no peak, speed,
 * duration or cost, and not an out-of-memory), or more tokens/s than the card's peak FLOPs allow.
 * `card` undefined (a card not in the catalog) and a model the presets cannot size skip the checks
 * that need them.
 */
export function runProblems(run: RunInput, card: Card | undefined, presets: ModelPreset[]): RunProblem[] {
  const problems: RunProblem[] = [];
  const measuredNothing =
    run.peakMemoryGiB === null &&
    run.tokensPerSecond === undefined &&
    run.durationHours === undefined &&
    run.cost === undefined &&
    run.outcome !== 'oom';
  if (measuredNothing) problems.push({ field: 'peakMemoryGiB', message: msg('runs.rule.noMeasurement') });
  if (!card) return problems;
  const cardGiB = card.memoryGiB;
  if (run.peakMemoryGiB !== null && run.peakMemoryGiB > cardGiB * (1 + MEMORY_ROUNDING)) {
    problems.push({
      field: 'peakMemoryGiB',
      message: msg('runs.rule.peakAboveCard', { peak: run.peakMemoryGiB, card: card.name, memory: cardGiB }),
    });
  }
  if (run.tokensPerSecond !== undefined) {
    const activeParams = activeParamsOf(run.config, presets);
    const kind = run.throughputKind ?? (run.config.method === 'inference' ? 'decode' : 'train');
    const perParam = kind === 'train' ? minFlopsPerParam(run.config.method) : 2;
    const gpus = run.throughputScope === 'per-gpu' ? 1 : run.gpus;
    const needed = perParam * (activeParams ?? 0) * run.tokensPerSecond;
    const peak = peakFlops(card, run.config) * gpus;
    if (activeParams !== null && needed > peak) {
      problems.push({
        field: 'tokensPerSecond',
        message: msg('runs.rule.tokensAbovePeak', {
          tokensPerSecond: run.tokensPerSecond,
          needed: needed / 1e12,
          gpus,
          card: card.name,
          peak: peak / 1e12,
        }),
      });
    }
  }
  return problems;
}

/** Throws the first problem of `run` as an InputError naming its field. */
export function assertPossibleRun(run: RunInput, card: Card | undefined, presets: ModelPreset[]): void {
  const [first] = runProblems(run, card, presets);
  if (first) throw new InputError(first.field, first.message);
}
