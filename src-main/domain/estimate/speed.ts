import type { Card } from '../catalog';
import type { Message } from '../messages';
import type { EstimateInput, InferenceRuntime, ResolvedModel } from './input';
import { estimateInferenceSpeed } from './speed-inference';
import { estimateTrainingSpeed } from './speed-train';
import { resolveInput, type ResolvedInput } from './resolve-input';
import type { FittedConstants } from './fitted';

/** Training throughput of one configuration on one card type (× gpus). */
export interface TrainingSpeed {
  kind: 'train';
  /** Tokens per second summed over all GPUs. */
  tokensPerSecond: number;
  tokensPerSecondPerGpu: number;
  samplesPerSecond?: number;
  /** Dense peak TFLOPS the MFU applies to: the card's FP32 rate for pure fp32 training, else BF16. */
  peakTflops: number;
  /** Model FLOPs utilization assumed (share of dense peak). */
  mfu: number;
  achievedTflops: number;
  bound: 'compute';
  /** Per-GPU throughput with n GPUs ÷ one GPU alone. */
  scalingEfficiency: number;
  flopsPerToken: number;
  assumptions: Message[];
}

/** Inference throughput: decode (generation, all sequences of the batch) and prefill (prompt). */
export interface InferenceSpeed {
  kind: 'inference';
  decodeTokensPerSecond: number;
  prefillTokensPerSecond: number;
  bound: 'memory' | 'compute' | 'overhead';
  decodeBandwidthGBps: number;
  assumptions: Message[];
}

/**
 * How tokens are generated: every engine but 'eager' is of the llama.cpp / vLLM / TensorRT-LLM class
 * (the default); 'eager' = HF transformers generate in eager PyTorch, bound by Python dispatch at small batch.
 */
export type { InferenceRuntime } from './input';

/** Options of estimateSpeed. */
export interface SpeedOptions {
  tokensPerSample?: number;
  /** Trainable parameters (MemoryEstimate.trainableParams): adds the LoRA adapters' FLOPs and all-reduce. */
  trainableParams?: number;
  /** Overrides the input's inferenceRuntime. */
  runtime?: InferenceRuntime;
  /** Fitted constants to use instead of fitted-constants.ts (the accuracy harness refits them per fold). */
  constants?: FittedConstants;
  /**
   * Build the assumptions, the lines that explain the speed (default true). False leaves them empty: a ranking and
   * the calibration read only the numbers, of thousands of card × GPU counts or logged runs.
   */
  explain?: boolean;
}

/** The estimate input with every default filled in: the same resolution the memory estimate uses. */
export type SpeedConfig = ResolvedInput;

/**
 * Estimated throughput of `input` on `input.gpus` cards of `card`; its defaults are resolved as for memory.
 * Training is compute-bound (DESIGN.md "Estimating speed"); an inference decode step is bound by memory
 * bandwidth, compute or per-step overhead, whichever takes longest.
 */
export function estimateSpeed(
  input: EstimateInput,
  model: ResolvedModel,
  card: Card,
  opts: SpeedOptions = {},
): TrainingSpeed | InferenceSpeed {
  return estimateResolvedSpeed(resolveInput(input).resolved, model, card, opts);
}

/**
 * estimateSpeed of an input resolved already: a memory estimate's `resolvedInput`, which resolving again gives
 * back unchanged (speed.test.ts). A ranking asks its speed on every card, and resolving it per card was a tenth
 * of a ranking's time at 1,000 cards in a CPU profile.
 */
export function estimateResolvedSpeed(
  config: SpeedConfig,
  model: ResolvedModel,
  card: Card,
  opts: SpeedOptions = {},
): TrainingSpeed | InferenceSpeed {
  if (config.method === 'inference')
    return estimateInferenceSpeed(
      config,
      model,
      card,
      opts.runtime ?? config.inferenceRuntime,
      opts.constants,
      opts.explain,
    );
  return estimateTrainingSpeed(config, model, card, opts);
}
