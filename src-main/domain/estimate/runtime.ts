import { GIB } from './units';

/**
 * CUDA context, cuBLAS/cuDNN workspaces and kernel images: counted by nvidia-smi, never by torch's
 * allocator. DESIGN gives 0.3–0.6 GiB for current drivers; peers use 650 MB (gpu_poor) to 1000 MiB
 * (vram.asmirnov). We take 0.5 GiB.
 */
export const CUDA_CONTEXT_BYTES = 0.5 * GIB;

/**
 * Share of the short-lived tensors (activations, logits, prefill buffers) that PyTorch's caching
 * allocator keeps reserved beyond the allocated peak (block rounding and fragmentation).
 * Fitted on published rows, see data/reference-runs.json (fms rows report both torch peak
 * allocated and nvidia-smi peak): one global constant.
 */
const ALLOCATOR_RESERVE_FRACTION = 0.25;

/**
 * Share of a re-allocated growing cache (HF dynamic KV cache) left reserved on average.
 * Fitted on published rows, see data/reference-runs.json (optimum GPTQ benchmark, batch 1–16).
 */
export const GROWING_CACHE_RESERVE_FRACTION = 0.5;

/** llama.cpp evaluates prompts in micro-batches of 512 tokens (n_ubatch default) into a fixed compute buffer. */
export const LLAMA_CPP_UBATCH_TOKENS = 512;

export interface RuntimeParts {
  /** Allocator reserve (reserved − allocated), bytes. */
  reserveBytes: number;
  /** CUDA context, bytes. */
  contextBytes: number;
}

/**
 * Memory outside torch's allocated peak. `transientBytes` are the tensors that come and go
 * within a step; `growingCacheBytes` a cache that grows by re-allocation (the HF dynamic KV
 * cache is extended with torch.cat each token, so the freed smaller blocks cannot hold the
 * larger ones and part of an extra cache copy stays reserved — fitted on the optimum GPTQ
 * benchmark rows, see data/reference-runs.json). llama.cpp preallocates, so it has neither.
 */
export function runtimeBytes(transientBytes: number, growingCacheBytes: number, preallocated: boolean): RuntimeParts {
  if (preallocated) return { reserveBytes: 0, contextBytes: CUDA_CONTEXT_BYTES };
  return {
    reserveBytes: ALLOCATOR_RESERVE_FRACTION * transientBytes + GROWING_CACHE_RESERVE_FRACTION * growingCacheBytes,
    contextBytes: CUDA_CONTEXT_BYTES,
  };
}

/**
 * bitsandbytes / GPTQ kernels dequantize one weight matrix to 16 bits for each matmul in
 * training (forward and the backward's transposed use): about two of the largest matrix at
 * once (QLoRA paper §3 "dequantize the storage data type to the computation data type").
 */
export function dequantBufferBytes(largestMatrixParams: number): number {
  return 2 * largestMatrixParams * 2;
}
