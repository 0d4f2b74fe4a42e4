import type { Card } from '../catalog';
import type { EstimateInput, ResolvedModel } from '../estimate/input';
import { resolveInput } from '../estimate/resolve-input';
import type { InferenceSpeed } from '../estimate/speed';
import { inferenceStep, type InferenceStep } from '../estimate/speed-inference';
import { linkBusBandwidth } from '../estimate/speed-scaling';
import type { Message } from '../messages';
import type { EngineSetup } from './engine-memory';

/** Traffic of one server: mean lengths per request and the arrival rate. */
export interface Traffic {
  promptTokens: number;
  outputTokens: number;
  requestsPerSecond: number;
}

/** How fast one server steps: decode step time by batch size, and the prefill rate. */
export interface StepModel {
  /** Seconds of one decode step of `batch` sequences at the traffic's mean context. */
  stepSeconds(batch: number): number;
  /** Prompt tokens per second of a prefill (compute-bound). */
  prefillTokensPerSecond: number;
  /** What bounds a decode step at `batch`. */
  bound(batch: number): InferenceSpeed['bound'];
  /** The GPUs' link when tensor parallel, else null. */
  link: Message | null;
}

/**
 * The estimator's decode and prefill model (estimate/speed-inference.ts, its fitted constants) for one server.
 * A step reads the weights and the batch's KV once: max(bytes ÷ (bandwidth × η), FLOPs ÷ (peak × efficiency))
 * plus the per-layer overhead unless CUDA graphs replay it, plus 2·L tensor-parallel all-reduces over NVLink or
 * PCIe. inferenceStep reads the KV at seqLen / 2, so seqLen = 2 × the mean context of a request in
 * decode, prompt + output / 2 (its cache grows linearly from the prompt to prompt + output). vLLM and SGLang
 * replay decode as CUDA graphs and split tensor parallel (runtime 'vllm'); llama.cpp splits by layers.
 * GPTQ and AWQ checkpoints run vLLM's Marlin kernels (gptq_marlin / awq_marlin on Ampere and later).
 */
export function stepModel(
  model: ResolvedModel,
  modelInput: EstimateInput['model'],
  card: Card,
  setup: EngineSetup,
  traffic: Pick<Traffic, 'promptTokens' | 'outputTokens'>,
): StepModel {
  const llama = setup.engine === 'llamacpp';
  const tp = llama ? 1 : setup.gpus;
  const marlin = setup.quant === 'gptq' || setup.quant === 'awq';
  const base = resolveInput({
    model: modelInput,
    method: 'inference',
    precision: setup.precision,
    quant: setup.quant,
    ...(marlin && !llama ? { quantBackend: 'marlin' as const } : {}),
    gpus: setup.gpus,
    tensorParallel: tp,
    kvCachePrecision: setup.kvBytes === 1 ? 'fp8' : undefined,
    inferenceRuntime: llama ? 'llama.cpp' : 'vllm',
  }).resolved;
  const meanContext = traffic.promptTokens + traffic.outputTokens / 2;
  const decodeSeqLen = Math.max(2, Math.round(2 * meanContext));
  const speeds = new Map<number, InferenceStep>();
  const at = (batch: number): InferenceStep => {
    const b = Math.max(1, Math.ceil(batch));
    let speed = speeds.get(b);
    if (!speed) {
      speed = inferenceStep({ ...base, batchSize: b, seqLen: decodeSeqLen }, model, card, base.inferenceRuntime);
      speeds.set(b, speed);
    }
    return speed;
  };
  const prefill = inferenceStep(
    { ...base, batchSize: 1, seqLen: traffic.promptTokens },
    model,
    card,
    base.inferenceRuntime,
  );
  return {
    stepSeconds: (batch) => Math.max(1, Math.ceil(batch)) / at(batch).decodeTokensPerSecond,
    prefillTokensPerSecond: prefill.prefillTokensPerSecond,
    bound: (batch) => at(batch).bound,
    link: tp > 1 ? linkBusBandwidth(card, tp, base.peerToPeer).label : null,
  };
}
