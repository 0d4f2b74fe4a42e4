import type { Card } from '../catalog';
import { inferenceLogitsBytes, inferenceTransientBytes } from '../estimate/activations';
import type { Precision, Quant, ResolvedModel } from '../estimate/input';
import { cachedLayerTokens, kvElementsPerTokenPerLayer } from '../estimate/kv-cache';
import { CUDA_CONTEXT_BYTES, LLAMA_CPP_UBATCH_TOKENS } from '../estimate/runtime';
import { GIB } from '../estimate/units';
import { weightBytes } from '../estimate/weights';
import type { ServeEngine } from '../fields/serve-fields';
import { cudaTotalBytes, SERVE } from './serve-constants';

/** One server: the engine, its settings and the GPUs it spans, every default already settled. */
export interface EngineSetup {
  engine: ServeEngine;
  gpus: number;
  precision: Precision;
  quant: Quant;
  maxModelLen: number;
  /** vLLM gpu_memory_utilization / SGLang mem_fraction_static (unused by llama.cpp). */
  gpuMemoryUtilization: number;
  /** Bytes per KV element: 2 for auto (16-bit compute), 1 for fp8. */
  kvBytes: number;
  maxNumBatchedTokens: number;
  /** Sequences decoded at once: vLLM max_num_seqs, SGLang max_running_requests, llama.cpp --parallel. */
  maxNumSeqs: number;
}

/** Memory of one GPU of the server, by what holds it (bytes). `budgetBytes` is null for llama.cpp. */
export interface ServeMemoryLines {
  /** The card's nominal memory (what nvidia-smi's total shows). */
  cardBytes: number;
  budgetBytes: number | null;
  weightsBytes: number;
  /** vLLM: torch's peak during the profiling run; SGLang: the same run, kept outside its static share; llama.cpp: the compute buffer. */
  activationBytes: number;
  nonTorchBytes: number;
  cudaGraphBytes: number;
  kvPoolBytes: number;
  contextBytes: number;
  /** What nvidia-smi shows for the process on this GPU once serving. */
  nvidiaSmiBytes: number;
  /** The total CUDA reports (torch.cuda.mem_get_info), which the engines take their share of. */
  cudaTotalBytes: number;
}

export interface ServeMemory {
  lines: ServeMemoryLines;
  /** KV bytes one token takes on this GPU, every layer counted. */
  kvBytesPerToken: number;
  kvPoolTokens: number;
  kvPoolBlocks: number;
}

/** KV elements per token per layer on one GPU: a tensor-parallel rank keeps kv_heads / t heads (at least one); MLA's latent is replicated. */
function kvElementsPerRank(model: ResolvedModel, tp: number): number {
  if (model.kvLatentDim !== null) return kvElementsPerTokenPerLayer(model, 'efficient');
  return kvElementsPerTokenPerLayer({ ...model, kvHeads: Math.max(1, model.kvHeads / tp) }, 'efficient');
}

/** The model as one tensor-parallel rank holds it: heads and the MLP split t ways (Megatron-LM, Shoeybi et al. 2019, §3). */
function rankShape(model: ResolvedModel, tp: number): ResolvedModel {
  return {
    ...model,
    heads: Math.max(1, model.heads / tp),
    kvHeads: Math.max(1, model.kvHeads / tp),
    intermediate: model.intermediate / tp,
  };
}

/**
 * Memory of one GPU of a serving engine.
 * vLLM (vllm-project/vllm@35d5cda1 vllm/v1/worker/gpu_worker.py determine_available_memory, and @a6d5c390
 * vllm/utils/mem_utils.py memory_profiling): requested = CUDA's total × gpu_memory_utilization; the KV cache gets what is
 * left after the weights, torch's peak increase during profile_run (@4e179065 vllm/v1/worker/gpu_model_runner.py:
 * _dummy_run of max_num_tokens, then _dummy_sampler_run over min(max_num_seqs, tokens) rows) and the non-torch increase; since v0.21 the CUDA graphs' estimate too. The
 * CUDA context existed before the baseline snapshot, so nvidia-smi shows the budget plus the context.
 * SGLang (sgl-project/sglang@01cc04e2 python/sglang/srt/model_executor/model_runner.py profile_max_num_token):
 * pool = free memory after loading − free memory before × (1 − mem_fraction_static); activations and CUDA graphs
 * live in the share left out.
 * llama.cpp: the KV of n_parallel slots of n_ctx tokens plus a compute buffer for one 512-token micro-batch, the
 * layers (and their KV) split over the cards.
 */
export function engineMemory(model: ResolvedModel, card: Card, setup: EngineSetup): ServeMemory {
  const cardBytes = card.memoryGiB * GIB;
  const totalBytes = cudaTotalBytes(card);
  const n = setup.gpus;
  const contextBytes = CUDA_CONTEXT_BYTES;
  const weightsBytes = weightBytes(model, setup.precision, setup.quant) / n;
  if (setup.engine === 'llamacpp') return llamaCppMemory(model, setup, cardBytes, totalBytes, weightsBytes);

  const kvBytesPerToken = kvElementsPerRank(model, n) * model.layers * setup.kvBytes;
  const tokens = setup.maxNumBatchedTokens;
  const activationBytes =
    inferenceTransientBytes(rankShape(model, n), tokens, Math.min(setup.maxModelLen, tokens), 2, true) +
    inferenceLogitsBytes(model, Math.min(setup.maxNumSeqs, tokens), 2);
  const nonTorchBytes = n > 1 ? SERVE.nonTorchBytesTensorParallel : SERVE.nonTorchBytesOneGpu;
  const cudaGraphBytes = SERVE.cudaGraphBytes;
  const u = setup.gpuMemoryUtilization;

  if (setup.engine === 'sglang') {
    const freeBefore = totalBytes - contextBytes - nonTorchBytes;
    const kvPoolBytes = Math.max(0, u * freeBefore - weightsBytes);
    const kvPoolTokens = Math.floor(kvPoolBytes / kvBytesPerToken);
    const used = contextBytes + nonTorchBytes + weightsBytes + kvPoolBytes + activationBytes + cudaGraphBytes;
    return {
      lines: {
        cardBytes,
        budgetBytes: u * freeBefore,
        weightsBytes,
        activationBytes,
        nonTorchBytes,
        cudaGraphBytes,
        kvPoolBytes,
        contextBytes,
        nvidiaSmiBytes: Math.min(totalBytes, used),
        cudaTotalBytes: totalBytes,
      },
      kvBytesPerToken,
      kvPoolTokens,
      kvPoolBlocks: Math.floor(kvPoolTokens / SERVE.blockTokens),
    };
  }

  const budgetBytes = u * totalBytes;
  const kvPoolBytes = Math.max(0, budgetBytes - weightsBytes - activationBytes - nonTorchBytes - cudaGraphBytes);
  // vLLM sizes the pool in whole blocks: num_gpu_blocks = available // (block_size × bytes per token).
  const kvPoolBlocks = Math.floor(kvPoolBytes / (SERVE.blockTokens * kvBytesPerToken));
  return {
    lines: {
      cardBytes,
      budgetBytes,
      weightsBytes,
      activationBytes,
      nonTorchBytes,
      cudaGraphBytes,
      kvPoolBytes,
      contextBytes,
      nvidiaSmiBytes: budgetBytes + contextBytes,
      cudaTotalBytes: totalBytes,
    },
    kvBytesPerToken,
    kvPoolTokens: kvPoolBlocks * SERVE.blockTokens,
    kvPoolBlocks,
  };
}

function llamaCppMemory(
  model: ResolvedModel,
  setup: EngineSetup,
  cardBytes: number,
  totalBytes: number,
  weightsBytes: number,
): ServeMemory {
  const n = setup.gpus;
  // A layer split puts L/n layers, and their KV, on each card (llama.cpp --split-mode layer, the default).
  const kvBytesPerToken = (kvElementsPerRank(model, 1) * model.layers * setup.kvBytes) / n;
  const slotTokens = setup.maxModelLen;
  const kvPoolBytes =
    (kvElementsPerRank(model, 1) * cachedLayerTokens(model, slotTokens) * setup.kvBytes * setup.maxNumSeqs) / n;
  const ubatch = Math.min(LLAMA_CPP_UBATCH_TOKENS, slotTokens * setup.maxNumSeqs);
  // The compute buffer holds one micro-batch's working set and its fp32 logits (as estimate/memory.ts for GGUF).
  const activationBytes =
    inferenceTransientBytes(model, ubatch, Math.min(slotTokens, ubatch), 2, true) + ubatch * model.vocab * 4;
  const contextBytes = CUDA_CONTEXT_BYTES;
  const kvPoolTokens = slotTokens * setup.maxNumSeqs;
  return {
    lines: {
      cardBytes,
      budgetBytes: null,
      weightsBytes,
      activationBytes,
      nonTorchBytes: 0,
      cudaGraphBytes: 0,
      kvPoolBytes,
      contextBytes,
      nvidiaSmiBytes: weightsBytes + kvPoolBytes + activationBytes + contextBytes,
      cudaTotalBytes: totalBytes,
    },
    kvBytesPerToken,
    kvPoolTokens,
    kvPoolBlocks: Math.floor(kvPoolTokens / SERVE.blockTokens),
  };
}

/** Tokens-equivalent of one sequence of `length` tokens in the pool: sliding-window layers keep only their window. */
export function sequenceTokens(model: ResolvedModel, length: number): number {
  return cachedLayerTokens(model, length) / model.layers;
}

/**
 * Sequences of `length` tokens the pool holds at once, as vLLM's "Maximum concurrency for N tokens per request"
 * (pool tokens ÷ tokens per request), each sequence rounded up to whole blocks for the paged engines.
 */
export function kvLimitedSequences(
  model: ResolvedModel,
  memory: ServeMemory,
  engine: ServeEngine,
  length: number,
): number {
  const perSequence = sequenceTokens(model, length);
  if (engine === 'vllm') return memory.kvPoolBlocks / Math.ceil(perSequence / SERVE.blockTokens);
  return memory.kvPoolTokens / perSequence;
}
