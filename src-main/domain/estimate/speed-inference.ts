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
): InferenceSpeed {
  const assumptions: Message[] = [];
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
  const kvPasses = runtime === 'eager' ? 3 : 1;
  const memorySeconds = (weights + kvPasses * kv) / tp / bandwidth;
  const achievedFlops = card.bf16Tflops * 1e12 * k.prefillEfficiency;
  const computeSeconds = (b * prefillFlopsPerToken(model, averageContext)) / tp / achievedFlops;
  const gpuSeconds = Math.max(memorySeconds, computeSeconds);
  const hopSeconds = (stages - 1) * k.pipelineHopSeconds;
  const allReduceSeconds = tp > 1 ? tensorParallelSeconds(model, card, tp, b, config.peerToPeer, k) : 0;
  let overheadSeconds: number;
  let stepSeconds: number;
  if (runtime !== 'eager') {
    // Launches and synchronisation add a fixed time per layer to each step (fitted on the llama.cpp grid),
    // unless the step replays as one CUDA graph: torch.compile(mode="reduce-overhead") in gpt-fast ("GPT,
    // Fast", https://pytorch.org/blog/accelerating-generative-ai-2/) and vLLM / TensorRT-LLM decode.
    overheadSeconds = cudaGraphs(config, runtime) ? 0 : model.layers * k.layerOverheadSeconds;
    stepSeconds = gpuSeconds + overheadSeconds + hopSeconds + allReduceSeconds;
    assumptions.push(msg('speed.runtime.efficient', { ms: fmt(overheadSeconds * 1e3), layers: model.layers }));
  } else {
    // Eager PyTorch dispatches from Python: the GPU waits on the CPU unless its own work takes longer.
    overheadSeconds = model.layers * k.eagerLayerFloorSeconds;
    stepSeconds = Math.max(gpuSeconds + allReduceSeconds, overheadSeconds) + hopSeconds;
    assumptions.push(msg('speed.runtime.eager', { ms: fmt(overheadSeconds * 1e3) }));
  }
  const bound: InferenceSpeed['bound'] =
    overheadSeconds >= gpuSeconds ? 'overhead' : memorySeconds >= computeSeconds ? 'memory' : 'compute';
  assumptions.push(
    msg('speed.decodeReads', {
      weights: fmt(weights / tp / 1e9),
      kv: fmt(kv / tp / 1e9),
      context: Math.round(averageContext),
      effective: card.bandwidthGBps * eta,
      bandwidth: card.bandwidthGBps,
      efficiency: eta * 100,
    }),
  );
  if (tp > 1)
    assumptions.push(
      msg('speed.tensorParallel', { gpus: tp, allReduces: 2 * model.layers, ms: fmt(allReduceSeconds * 1e3) }),
    );

  // Prefill: compute-bound; tensor parallel splits the FLOPs, a layer split pipelines micro-batches of 512
  // tokens (llama.cpp default n_ubatch).
  const prefillOne = (achievedFlops * tp) / prefillFlopsPerToken(model, config.seqLen);
  const microBatches = Math.max(1, Math.ceil((config.seqLen * b) / SPEED.prefillMicroBatchTokens));
  const pipelineSpeedup = (stages * microBatches) / (microBatches + stages - 1);
  if (stages > 1) {
    assumptions.push(msg('speed.layerSplit', { gpus: stages, speedup: pipelineSpeedup, microBatches }));
  }
  return {
    kind: 'inference',
    decodeTokensPerSecond: b / stepSeconds,
    prefillTokensPerSecond: prefillOne * pipelineSpeedup,
    bound,
    decodeBandwidthGBps: card.bandwidthGBps,
    assumptions,
  };
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
