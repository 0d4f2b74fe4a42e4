import type { Precision, Quant, QuantBackend, ResolvedModel } from './input';
import { embeddingParams } from './shape';
import { quantBitsPerWeight } from './weights';

/**
 * ExLlama rebuilds the 16-bit weight and calls cuBLAS once a matmul has this many rows or more
 * (turboderp/exllama@30d80517, model.py, ExLlamaConfig.matmul_recons_thd = 8).
 */
export const EXLLAMA_RECONSTRUCT_ROWS = 8;

/**
 * auto-gptq's cuda-old QuantLinear runs its CUDA kernel below this many rows and dequantizes then matmuls from
 * it (AutoGPTQ/AutoGPTQ@9f7d3707, auto_gptq/nn_modules/qlinear/qlinear_cuda_old.py, kernel_switch_threshold=128).
 */
export const CUDA_OLD_SWITCH_ROWS = 128;

/**
 * Bytes one decode step moves to apply the weights, for a batch of `batch` sequences:
 * - 16-bit, GGUF, AWQ GEMM, Marlin, ExLlama under 8 rows: the stored weights, read once.
 * - Dequantize-then-matmul (GPTQ's PyTorch path, ExLlama from 8 rows, bitsandbytes NF4 beyond one row,
 *   bitsandbytes 0.40 release notes: the fused 4-bit inference kernel is for batch size 1): read the
 *   packed weights, write a 16-bit copy, read it back: bits/8 + 2 + 2 bytes per weight.
 * - AWQ GEMV: the kernel walks the weights once per sequence of the batch (casper-hansen/AutoAWQ@88e4c76b
 *   README: GEMV is fastest at batch 1 and falls behind GEMM as the batch grows).
 * - auto-gptq cuda-old under 128 rows: the same, one pass per row; its kernels put the row on the grid's z axis
 *   (`int b = blockIdx.z`) and every block reads its tile of packed weights (AutoGPTQ/AutoGPTQ@9f7d3707,
 *   autogptq_extension/cuda_64/autogptq_cuda_kernel_64.cu, VecQuant4MatMulKernel_old and ..Faster_old).
 * - bitsandbytes LLM.int8(): no faster than 16-bit at small batch: every call quantizes the activations,
 *   splits out the outlier columns and dequantizes the output (Dettmers et al. 2022, arXiv:2208.07339,
 *   runtime discussion), so its weights cost what 16-bit ones do.
 * Every active linear weight counts, plus the LM head once (the input embedding is a one-row lookup); GGUF
 * files quantize the head too, other schemes keep it 16-bit.
 */
export function decodeWeightTraffic(
  model: ResolvedModel,
  precision: Precision,
  quant: Quant,
  kernel: QuantBackend,
  batch: number,
): number {
  const head = model.vocab * model.hidden;
  const linear = Math.max(0, model.activeParams - embeddingParams(model));
  const bits = quantBitsPerWeight(precision, quant);
  const headBytes = (head * (quant.startsWith('gguf') ? bits : precision === 'fp32' ? 32 : 16)) / 8;
  const packed = (linear * bits) / 8;
  const rebuilt = linear * (bits / 8 + 4);
  switch (linearPath(quant, precision, kernel, batch)) {
    case 'packed':
      return packed + headBytes;
    case 'rebuilt':
      return rebuilt + headBytes;
    case 'per-sequence':
      return batch * packed + headBytes;
    case 'as-16-bit':
      return linear * 2 + headBytes;
  }
}

function linearPath(
  quant: Quant,
  precision: Precision,
  kernel: QuantBackend,
  batch: number,
): 'packed' | 'rebuilt' | 'per-sequence' | 'as-16-bit' {
  if (quant === 'bnb') return precision === 'int8' ? 'as-16-bit' : batch > 1 ? 'rebuilt' : 'packed';
  if (quant === 'gptq' || quant === 'awq') {
    if (kernel === 'dequant') return 'rebuilt';
    if (kernel === 'gemv') return 'per-sequence';
    if (kernel === 'cuda-old') return batch < CUDA_OLD_SWITCH_ROWS ? 'per-sequence' : 'rebuilt';
    if (kernel === 'exllama' && batch >= EXLLAMA_RECONSTRUCT_ROWS) return 'rebuilt';
  }
  return 'packed';
}
