import type { Card } from '../catalog';
import type { ResolvedModel } from './input';
import { SPEED, memoryClass } from './speed-constants';
import type { FittedConstants } from './fitted';
import { FITTED } from './fitted-constants';
import { kvCacheBytes } from './activations';
import { decodeWeightBytes, fmt, prefillFlopsPerToken } from './speed-flops';
import type { InferenceRuntime, InferenceSpeed, SpeedConfig } from './speed';
import { dtypeBytes } from './units';
import { msg, type Message } from '../messages';

/**
 * Inference throughput. GPU time of a decode step = max(bytes read ÷ (bandwidth × η), FLOPs ÷ achieved
 * FLOP/s). An efficient runtime adds a fixed per-layer time (kernel launches, sync) that bounds small models
 * at batch 1; an eager one takes the larger of the GPU time and a per-layer CPU dispatch floor. Several GPUs
 * split the layers (pipeline, as llama.cpp does): memory is split, a decode step gets no faster and pays one
 * activation hop per extra GPU.
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
  const b = config.batchSize;
  const eta = memoryClass(card) === 'hbm' ? k.decodeBandwidthEfficiencyHbm : k.decodeBandwidthEfficiencyGddr;
  const bandwidth = card.bandwidthGBps * 1e9 * eta;

  const weights = decodeWeightBytes(model, config.precision, config.quant);
  // The whole KV cache is read per step, at the full context seqLen: conservative for a generation that
  // starts with a short prompt.
  const kv = kvCacheBytes(model, b, config.seqLen, dtypeBytes(config.kvCachePrecision));
  const memorySeconds = (weights + kv) / bandwidth;
  const achievedFlops = card.bf16Tflops * 1e12 * k.prefillEfficiency;
  const computeSeconds = (b * prefillFlopsPerToken(model, config.seqLen)) / achievedFlops;
  const gpuSeconds = Math.max(memorySeconds, computeSeconds);
  const hopSeconds = (n - 1) * k.pipelineHopSeconds;
  let overheadSeconds: number;
  let stepSeconds: number;
  if (runtime !== 'eager') {
    // Launches and synchronisation add a fixed time per layer to each step (fitted on the llama.cpp grid).
    overheadSeconds = model.layers * k.layerOverheadSeconds;
    stepSeconds = gpuSeconds + overheadSeconds + hopSeconds;
    assumptions.push(msg('speed.runtime.efficient', { ms: fmt(overheadSeconds * 1e3), layers: model.layers }));
  } else {
    // Eager PyTorch dispatches from Python: the GPU waits on the CPU unless its own work takes longer.
    overheadSeconds = model.layers * k.eagerLayerFloorSeconds;
    stepSeconds = Math.max(gpuSeconds, overheadSeconds) + hopSeconds;
    assumptions.push(msg('speed.runtime.eager', { ms: fmt(overheadSeconds * 1e3) }));
  }
  const bound: InferenceSpeed['bound'] =
    overheadSeconds >= gpuSeconds ? 'overhead' : memorySeconds >= computeSeconds ? 'memory' : 'compute';
  assumptions.push(
    msg('speed.decodeReads', {
      weights: fmt(weights / 1e9),
      kv: fmt(kv / 1e9),
      effective: card.bandwidthGBps * eta,
      bandwidth: card.bandwidthGBps,
      efficiency: eta * 100,
    }),
  );

  // Prefill: compute-bound; a layer split pipelines micro-batches of 512 tokens (llama.cpp default n_ubatch).
  const prefillOne = achievedFlops / prefillFlopsPerToken(model, config.seqLen);
  const microBatches = Math.max(1, Math.ceil((config.seqLen * b) / SPEED.prefillMicroBatchTokens));
  const pipelineSpeedup = (n * microBatches) / (microBatches + n - 1);
  if (n > 1) {
    assumptions.push(msg('speed.layerSplit', { gpus: n, speedup: pipelineSpeedup, microBatches }));
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
