import type { Card } from '../catalog';
import { memoryClass } from '../estimate/speed-constants';
import { GIB } from '../estimate/units';
import type { ServeEngine } from '../fields/serve-fields';

/**
 * Constants of the serving model that no fit produced: engine defaults read from their code, and
 * memory terms read from published engine logs. Each says what it rests on.
 */
export const SERVE = {
  /** vLLM's KV block (page) size in tokens: CacheConfig block_size default 16 on CUDA. */
  blockTokens: 16,
  /**
   * Memory outside torch that grows while vLLM profiles (cuBLAS workspaces, attention-backend buffers), one GPU:
   * "non_torch_memory takes 0.16GiB" in two vLLM 0.6–0.8 startup logs (kubernetes-sigs/gateway-api-inference-
   * extension#550, generative-computing/mellea#416) and 0.15 GiB per rank in vllm-project/vllm#15340. Rests on logs.
   */
  nonTorchBytesOneGpu: 0.16 * GIB,
  /** With tensor parallel NCCL adds its buffers: 0.33 GiB per rank in vllm-project/vllm#14452 (RTX 5090, TP). One source. */
  nonTorchBytesTensorParallel: 0.33 * GIB,
  /**
   * CUDA graphs of the decode batch sizes. Since vLLM 0.21 the profiler estimates them and takes them out of the
   * budget ("CUDA graph memory profiling is enabled (default since v0.21.0)"): "Estimated CUDA graph memory: 0.36 GiB
   * total" in the one such log we have (gpustack/runner#251). Older logs give 0.13–0.21 GiB for 0.5–1B models
   * (vllm-project/vllm#11349, generative-computing/mellea#416). One source for the value taken.
   */
  cudaGraphBytes: 0.36 * GIB,
  /** llama.cpp's default number of server slots, common/common.h `n_parallel = 1`. */
  llamaCppParallel: 1,
  /**
   * SGLang's default request slots, the clamp of `max_num_reqs` in ModelRunner.init_memory_pool
   * (sgl-project/sglang@01cc04e2 python/sglang/srt/model_executor/model_runner.py: between 2048 and 5120;
   * we take 4096 as the bound the decode batch meets first in practice, a choice).
   */
  sglangMaxRequests: 4096,
  /**
   * Share of a card's nominal memory that CUDA reports as its total (torch.cuda.mem_get_info, what vLLM multiplies
   * by gpu_memory_utilization): "total_gpu_memory (79.19GiB)" of an 80 GB H100 (kubernetes-sigs/gateway-api-
   * inference-extension#550), 0.990; of 24 GB GeForce cards 23.58 GiB (vllm-project/vllm#15340) and of a 32 GB
   * RTX 5090 31.37 GiB (vllm-project/vllm#14452), 0.982 and 0.980. One log per memory class.
   */
  cudaVisibleShareHbm: 0.99,
  cudaVisibleShareGddr: 0.981,
} as const;

/** The memory CUDA reports as the card's total, in bytes: the nominal size less what the driver keeps. */
export function cudaTotalBytes(card: Pick<Card, 'name' | 'bandwidthGBps' | 'memoryGiB'>): number {
  const share = memoryClass(card) === 'hbm' ? SERVE.cudaVisibleShareHbm : SERVE.cudaVisibleShareGddr;
  return card.memoryGiB * GIB * share;
}

/** vLLM's batch defaults for the OpenAI server by card (EngineArgs.get_batch_defaults). */
export interface BatchDefaults {
  maxNumBatchedTokens: number;
  maxNumSeqs: number;
}

/**
 * vLLM's scheduler defaults for `vllm serve` (vllm-project/vllm@99d7eb5d vllm/engine/arg_utils.py,
 * EngineArgs.get_batch_defaults): 8192 batched tokens and 1024 sequences on cards of 70 GiB or more that are
 * not an A100, else 2048 and 256. SGLang and llama.cpp are given theirs (SERVE above).
 */
export function batchDefaults(card: Pick<Card, 'name' | 'memoryGiB'>, engine: ServeEngine): BatchDefaults {
  const large = card.memoryGiB >= 70 && !/a100/i.test(card.name);
  const vllm = large ? { maxNumBatchedTokens: 8192, maxNumSeqs: 1024 } : { maxNumBatchedTokens: 2048, maxNumSeqs: 256 };
  if (engine === 'sglang')
    return { maxNumBatchedTokens: vllm.maxNumBatchedTokens, maxNumSeqs: SERVE.sglangMaxRequests };
  if (engine === 'llamacpp')
    return { maxNumBatchedTokens: vllm.maxNumBatchedTokens, maxNumSeqs: SERVE.llamaCppParallel };
  return vllm;
}
