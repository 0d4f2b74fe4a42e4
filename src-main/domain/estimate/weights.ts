import type { Precision, Quant, ResolvedModel } from './input';
import { embeddingParams } from './shape';
import { dtypeBytes } from './units';

/**
 * Bits per weight of the quantized linear layers, scales and zero points included.
 * bnb NF4 + double quant: 4 + 8/64 + 32/(64·256) = 4.127 (QLoRA paper, Dettmers et al. 2023, §3);
 * bnb LLM.int8(): 8 bits + one fp32 scale per row (bnb docs), ≈ 8 for h ≥ 1024;
 * GPTQ/AWQ group 128: 4 + (16-bit scale + 4-bit zero)/128 ≈ 4.25 (AutoGPTQ/AWQ packing);
 * GGUF: whole-file averages Q4_K_M 4.85, Q8_0 8.5 (llama.cpp GGML_QUANT_SIZES, NyxKrage table).
 */
export function quantBitsPerWeight(precision: Precision, quant: Quant): number {
  switch (quant) {
    case 'bnb':
      return precision === 'int4' ? 4.127 : 8;
    case 'gptq':
      return precision === 'int4' ? 4.25 : 8.25;
    case 'awq':
      return 4.25;
    case 'gguf-q4_k_m':
      return 4.85;
    case 'gguf-q8_0':
      return 8.5;
    case 'none':
      return dtypeBytes(precision) * 8;
  }
}

/** Parameters outside the decoder layers' linear matrices: embeddings, LM head, norms. */
function nonLinearParams(model: ResolvedModel): number {
  return Math.min(model.params, embeddingParams(model) + (2 * model.layers + 1) * model.hidden);
}

/**
 * Bytes of the whole model's weights (before any sharding).
 * Plain dtypes: P × bytes (Transformer Math 101). Quantized bases quantize only the linear layers;
 * embeddings, LM head and norms stay 16-bit (bnb/GPTQ/AWQ skip them). fp8 likewise casts only
 * the linear layers. GGUF applies its average bits to every tensor, and llama.cpp keeps the
 * input token embedding in host memory (the "CPU buffer" of the llama.cpp load log in
 * data/reference-runs.json).
 */
export function weightBytes(model: ResolvedModel, precision: Precision, quant: Quant): number {
  if (quant.startsWith('gguf')) {
    const onDevice = model.params - model.vocab * model.hidden;
    return (Math.max(onDevice, model.params / 2) * quantBitsPerWeight(precision, quant)) / 8;
  }
  if (precision === 'fp32' || precision === 'bf16' || precision === 'fp16') return model.params * dtypeBytes(precision);
  const other = nonLinearParams(model);
  const linear = model.params - other;
  return (linear * quantBitsPerWeight(precision, quant)) / 8 + other * 2;
}

/** Largest single linear matrix (params): what a bnb layer dequantizes at once. */
export function largestMatrixParams(model: ResolvedModel): number {
  return Math.max(model.hidden * model.intermediate, model.hidden * model.heads * model.headDim);
}

/** Bytes per parameter of a decoder layer's linear weights in this precision and scheme. */
export function linearBytesPerParam(precision: Precision, quant: Quant): number {
  return quantBitsPerWeight(precision, quant) / 8;
}
