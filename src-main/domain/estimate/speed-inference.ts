import type { Card } from '../catalog';
import type { PeerToPeer, ResolvedModel } from './input';
import { SPEED, memoryClass } from './speed-constants';
import type { FittedConstants } from './fitted';
import { FITTED } from './fitted-constants';
import { kvCacheBytes } from './activations';
import { fmt, prefillFlopsPerToken } from './speed-flops';
import { decodeWeightTraffic } from './speed-quant';
import { linkBusBandwidth } from './speed-scaling';
import type { InferenceRuntime, InferenceSpeed, SpeedConfig } from './speed';
import { dtypeBytes } from './units';
import { msg, type Message } from '../messages';

/**
 * Inference throughput. A decode step reads every weight and the KV cache once: GPU time = max(bytes ÷
 * (bandwidth × η), FLOPs ÷ achieved FLOP/s). The KV cache is read at the average context of a generation
 * that grows from its prompt to seqLen (prompt + new tokens / 2; seqLen / 2 for a short prompt), not the
 * final one.
 * - Tensor parallel over t GPUs (Megatron-LM, Shoeybi et al. 2019, §3): each GPU reads 1/t of the weights
 *   and KV heads, and every layer all-reduces its activations twice (after attention and after the MLP):
 *   2·L all-reduces per step, each a fixed latency (fitted) plus its bytes at the link's bus bandwidth.
 * - A layer split (pipeline, as llama.cpp and accelerate's device_map do) over the remaining GPUs: memory
 *   is split, a step gets no faster and pays one activation hop per extra stage.
 * - An efficient runtime adds a fixed time per layer (launches, sync) that bounds small models at batch 1;
 *   an eager one (HF generate) takes the larger of the GPU time and a per-layer CPU dispatch floor.
 */
export function estimateInferenceSpeed(
  config: SpeedConfig,
  model: ResolvedModel,
  card: Card,
  runtime: InferenceRuntime = 'efficient',
  k: FittedConstants = FITTED,
  explain = true,
): InferenceSpeed {
  const step = inferenceStep(config, model, card, runtime, k);
  return {
    kind: 'inference',
    decodeTokensPerSecond: step.decodeTokensPerSecond,
    prefillTokensPerSecond: step.prefillTokensPerSecond,
    bound: step.bound,
    decodeBandwidthGBps: card.bandwidthGBps,
    assumptions: explain ? stepAssumptions(step, model, card) : [],
  };
}

/** One inference configuration's rates and the terms that explain them (stepAssumptions). */
export interface InferenceStep {
  decodeTokensPerSecond: number;
  prefillTokensPerSecond: number;
  bound: InferenceSpeed['bound'];
  tp: number;
  stages: number;
  eager: boolean;
  /** Bytes a decode step reads: the weights and the KV cache at the average context (all GPUs). */
  weightBytes: number;
  kvBytes: number;
  averageContext: number;
  /** Share of the card's bandwidth a decode step reaches (fitted per memory class). */
  bandwidthEfficiency: number;
  overheadSeconds: number;
  allReduceSeconds: number;
  prefillMicroBatches: number;
  pipelineSpeedup: number;
}

/**
 * The rates alone, without the sentences that explain them: the serving model asks them for every batch
 * size its queueing search tries, and no one reads those sentences.
 */
export function inferenceStep(
  config: SpeedConfig,
  model: ResolvedModel,
  card: Card,
  runtime: InferenceRuntime = 'efficient',
  k: FittedConstants = FITTED,
): InferenceStep {
  const n = config.gpus;
  const tp = Math.max(1, Math.min(n, config.tensorParallel));
  const stages = Math.max(1, Math.floor(n / tp));
  const b = config.batchSize;
  const eta = memoryClass(card) === 'hbm' ? k.decodeBandwidthEfficiencyHbm : k.decodeBandwidthEfficiencyGddr;
  const bandwidth = card.bandwidthGBps * 1e9 * eta;

  const weights = decodeWeightTraffic(model, config.precision, config.quant, config.quantBackend, b);
  const averageContext = Math.max(1, averageDecodeContext(config.seqLen, config.promptTokens));
  const kv = kvCacheBytes(model, b, averageContext, dtypeBytes(config.kvCachePrecision));
  // HF generate's DynamicCache grows by torch.cat every token (huggingface/transformers@67dd5524,
  // src/transformers/cache_utils.py, DynamicCache.update): the cache is read and written again besides the
  // attention read. Engines preallocate it.
  const eager = runtime === 'eager';
  const kvPasses = eager ? 3 : 1;
  const memorySeconds = (weights + kvPasses * kv) / tp / bandwidth;
  const achievedFlops = card.bf16Tflops * 1e12 * k.prefillEfficiency;
  const computeSeconds = (b * prefillFlopsPerToken(model, averageContext)) / tp / achievedFlops;
  const gpuSeconds = Math.max(memorySeconds, computeSeconds);
  const hopSeconds = (stages - 1) * k.pipelineHopSeconds;
  const allReduceSeconds = tp > 1 ? tensorParallelSeconds(model, card, tp, b, config.peerToPeer, k) : 0;
  let overheadSeconds: number;
  let stepSeconds: number;
  if (!eager) {
    // Launches and synchronisation add a fixed time per layer to each step (fitted on the llama.cpp grid),
    // unless the step replays as one CUDA graph: torch.compile(mode="reduce-overhead") in gpt-fast ("GPT,
    // Fast", https://pytorch.org/blog/accelerating-generative-ai-2/) and vLLM / TensorRT-LLM decode.
    overheadSeconds = cudaGraphs(config, runtime) ? 0 : model.layers * k.layerOverheadSeconds;
    stepSeconds = gpuSeconds + overheadSeconds + hopSeconds + allReduceSeconds;
  } else {
    // Eager PyTorch dispatches from Python: the GPU waits on the CPU unless its own work takes longer.
    overheadSeconds = model.layers * k.eagerLayerFloorSeconds;
    stepSeconds = Math.max(gpuSeconds + allReduceSeconds, overheadSeconds) + hopSeconds;
  }
  const bound: InferenceSpeed['bound'] =
    overheadSeconds >= gpuSeconds ? 'overhead' : memorySeconds >= computeSeconds ? 'memory' : 'compute';

  // Prefill: compute-bound; tensor parallel splits the FLOPs, a layer split pipelines micro-batches of 512
  // tokens (llama.cpp default n_ubatch).
  const prefillOne = (achievedFlops * tp) / prefillFlopsPerToken(model, config.seqLen);
  const microBatches = Math.max(1, Math.ceil((config.seqLen * b) / SPEED.prefillMicroBatchTokens));
  const pipelineSpeedup = (stages * microBatches) / (microBatches + stages - 1);
  return {
    decodeTokensPerSecond: b / stepSeconds,
    prefillTokensPerSecond: prefillOne * pipelineSpeedup,
    bound,
    tp,
    stages,
    eager,
    weightBytes: weights,
    kvBytes: kv,
    averageContext,
    bandwidthEfficiency: eta,
    overheadSeconds,
    allReduceSeconds,
    prefillMicroBatches: microBatches,
    pipelineSpeedup,
  };
}

/** The sentences that explain a step: runtime overhead, what a decode step reads, the GPUs' split. */
function stepAssumptions(s: InferenceStep, model: ResolvedModel, card: Card): Message[] {
  const assumptions: Message[] = [
    s.eager
      ? msg('speed.runtime.eager', { ms: fmt(s.overheadSeconds * 1e3) })
      : msg('speed.runtime.efficient', { ms: fmt(s.overheadSeconds * 1e3), layers: model.layers }),
    msg('speed.decodeReads', {
      weights: fmt(s.weightBytes / s.tp / 1e9),
      kv: fmt(s.kvBytes / s.tp / 1e9),
      context: Math.round(s.averageContext),
      effective: card.bandwidthGBps * s.bandwidthEfficiency,
      bandwidth: card.bandwidthGBps,
      efficiency: s.bandwidthEfficiency * 100,
    }),
  ];
  if (s.tp > 1)
    assumptions.push(
      msg('speed.tensorParallel', { gpus: s.tp, allReduces: 2 * model.layers, ms: fmt(s.allReduceSeconds * 1e3) }),
    );
  if (s.stages > 1) {
    assumptions.push(
      msg('speed.layerSplit', { gpus: s.stages, speedup: s.pipelineSpeedup, microBatches: s.prefillMicroBatches }),
    );
  }
  return assumptions;
}

/**
 * Seconds of tensor-parallel all-reduces in one decode step: 2 per layer (Megatron-LM, Shoeybi et al. 2019,
 * §3), each a fixed latency (fitted: NCCL's small-message time) plus 2·(t−1)/t of the b × hidden 16-bit
 * activations at the link's bus bandwidth.
 */
function tensorParallelSeconds(
  model: ResolvedModel,
  card: Card,
  tp: number,
  batch: number,
  peerToPeer: PeerToPeer,
  k: FittedConstants,
): number {
  const link = linkBusBandwidth(card, tp, peerToPeer).bytesPerSecond;
  const bytes = ((2 * (tp - 1)) / tp) * batch * model.hidden * 2;
  return 2 * model.layers * (k.tensorParallelAllReduceSeconds + bytes / link);
}

/** Whether a decode step replays as a captured CUDA graph (no launch per kernel). */
function cudaGraphs(config: SpeedConfig, runtime: InferenceRuntime): boolean {
  return config.torchCompile || runtime === 'vllm' || runtime === 'tensorrt-llm';
}

/**
 * Tokens a decode step attends to on average over a generation of seqLen tokens that starts from `prompt`
 * tokens: the context grows by one per new token from the prompt to seqLen, so its mean is the prompt plus
 * half the new tokens. A prompt is at most the sequence; none stated reads as a short one.
 */
export function averageDecodeContext(seqLen: number, prompt: number | undefined): number {
  const p = Math.min(seqLen, prompt ?? 0);
  return p + (seqLen - p) / 2;
}
