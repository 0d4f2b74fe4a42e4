import { GIB } from './units';
import type { FittedConstants } from './fitted';
import { FITTED } from './fitted-constants';

/**
 * CUDA context, cuBLAS/cuDNN workspaces and kernel images: counted by nvidia-smi, never by torch's
 * allocator. DESIGN gives 0.3–0.6 GiB for current drivers; peers use 650 MB (gpu_poor) to 1000 MiB
 * (vram.asmirnov). We take 0.5 GiB.
 */
export const CUDA_CONTEXT_BYTES = 0.5 * GIB;

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
 * within a step, of which the caching allocator keeps a fitted share reserved (block rounding,
 * fragmentation); `growingCacheBytes` a cache that grows by re-allocation (the HF dynamic KV
 * cache is extended with torch.cat each token, so the freed smaller blocks cannot hold the
 * larger ones and a fitted share of an extra cache copy stays reserved). Both shares are in
 * fitted-constants.ts. llama.cpp preallocates, so it has neither.
 */
export function runtimeBytes(
  transientBytes: number,
  growingCacheBytes: number,
  preallocated: boolean,
  k: FittedConstants = FITTED,
): RuntimeParts {
  if (preallocated) return { reserveBytes: 0, contextBytes: CUDA_CONTEXT_BYTES };
  return {
    reserveBytes: k.allocatorReserveFraction * transientBytes + k.growingCacheReserveFraction * growingCacheBytes,
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
