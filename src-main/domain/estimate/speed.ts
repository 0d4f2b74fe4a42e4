import type { Card } from '../catalog';
import type { EstimateInput, InferenceRuntime, ResolvedModel } from './input';
import { estimateInferenceSpeed } from './speed-inference';
import { estimateTrainingSpeed } from './speed-train';

/** Training throughput of one configuration on one card type (× gpus). */
export interface TrainingSpeed {
  kind: 'train';
  /** Tokens per second summed over all GPUs. */
  tokensPerSecond: number;
  tokensPerSecondPerGpu: number;
  samplesPerSecond?: number;
  /** Model FLOPs utilization assumed (share of dense peak). */
  mfu: number;
  achievedTflops: number;
  bound: 'compute';
  /** Per-GPU throughput with n GPUs ÷ one GPU alone. */
  scalingEfficiency: number;
  flopsPerToken: number;
  assumptions: string[];
}

/** Inference throughput: decode (generation, all sequences of the batch) and prefill (prompt). */
export interface InferenceSpeed {
  kind: 'inference';
  decodeTokensPerSecond: number;
  prefillTokensPerSecond: number;
  bound: 'memory' | 'compute' | 'overhead';
  decodeBandwidthGBps: number;
  assumptions: string[];
}

/**
 * How tokens are generated: 'efficient' = llama.cpp / vLLM / TensorRT-LLM class (the default);
 * 'eager' = HF transformers generate in eager PyTorch, bound by Python dispatch at small batch.
 */
export type { InferenceRuntime } from './input';

/** Options of estimateSpeed. */
export interface SpeedOptions {
  tokensPerSample?: number;
  /** Trainable parameters (MemoryEstimate.trainableParams): adds the LoRA adapters' FLOPs and all-reduce. */
  trainableParams?: number;
  /** Overrides the input's inferenceRuntime. */
  runtime?: InferenceRuntime;
}

/** The estimate input with the defaults the speed model needs filled in. */
export type SpeedConfig = Required<Pick<EstimateInput, 'method' | 'precision' | 'batchSize' | 'seqLen'>> & {
  quant?: EstimateInput['quant'];
  gpus: number;
  sharding: NonNullable<EstimateInput['sharding']>;
  gradientCheckpointing: boolean;
  mixedPrecision: boolean;
  kvCachePrecision: NonNullable<EstimateInput['kvCachePrecision']>;
  optimizer: NonNullable<EstimateInput['optimizer']>;
  activationOffload: boolean;
  optimizerOffload: boolean;
  inferenceRuntime: InferenceRuntime;
};

function speedConfig(input: EstimateInput): SpeedConfig {
  return {
    method: input.method,
    precision: input.precision,
    batchSize: input.batchSize,
    seqLen: input.seqLen,
    quant: input.quant,
    gpus: input.gpus ?? 1,
    sharding: input.sharding ?? 'none',
    gradientCheckpointing: input.gradientCheckpointing ?? false,
    mixedPrecision: input.mixedPrecision ?? false,
    kvCachePrecision: input.kvCachePrecision ?? 'fp16',
    optimizer: input.optimizer ?? 'adamw',
    activationOffload: input.activationOffload ?? false,
    optimizerOffload: input.optimizerOffload ?? false,
    inferenceRuntime: input.inferenceRuntime ?? 'efficient',
  };
}

/**
 * Estimated throughput of `input` (best the resolved input from estimateMemory) on `gpus` cards of `card`.
 * Training is compute-bound (DESIGN.md "Estimating speed"); inference decode is memory- or overhead-bound.
 */
export function estimateSpeed(
  input: EstimateInput,
  model: ResolvedModel,
  card: Card,
  opts: SpeedOptions = {},
): TrainingSpeed | InferenceSpeed {
  const config = speedConfig(input);
  if (config.method === 'inference')
    return estimateInferenceSpeed(config, model, card, opts.runtime ?? config.inferenceRuntime);
  return estimateTrainingSpeed(config, model, card, opts);
}
