import type { InferenceRuntime, ResolvedModel } from './input';

/**
 * Elements one layer caches per token: 2·a_kv·d for K and V (kipply, "Transformer inference
 * arithmetic"; GQA/MQA through a_kv), or MLA's compressed latent kv_lora_rank + qk_rope_head_dim
 * (DeepSeek-V2 paper, arXiv 2405.04434 Table 1: (d_c + d_h^R)·l per token) in runtimes that cache
 * the latent (vLLM, SGLang, llama.cpp). HF transformers' DeepSeek code decompresses K and V per
 * head before it caches them, so `eager` (HF generate) keeps the full 2·a·d.
 */
export function kvElementsPerTokenPerLayer(model: ResolvedModel, runtime: InferenceRuntime = 'efficient'): number {
  if (model.kvLatentDim !== null && runtime === 'efficient') return model.kvLatentDim;
  return 2 * model.kvHeads * model.headDim;
}

/**
 * Tokens of KV a sequence of `seqLen` holds, summed over layers: a sliding-window layer keeps only
 * its window (Mistral 7B paper, arXiv 2310.06825 §2: a rolling buffer of W tokens; Gemma 2/3
 * hybrid caches: the local layers keep `sliding_window` tokens, the global ones all of them).
 */
export function cachedLayerTokens(model: ResolvedModel, seqLen: number): number {
  const windowed = model.slidingWindow === null ? 0 : model.slidingWindowLayers;
  const windowTokens = model.slidingWindow === null ? seqLen : Math.min(seqLen, model.slidingWindow);
  return (model.layers - windowed) * seqLen + windowed * windowTokens;
}

/** KV cache bytes of `batchSize` sequences of `seqLen` tokens at `kvBytes` per element. */
export function kvCacheBytes(
  model: ResolvedModel,
  batchSize: number,
  seqLen: number,
  kvBytes: number,
  runtime: InferenceRuntime = 'efficient',
): number {
  return kvElementsPerTokenPerLayer(model, runtime) * cachedLayerTokens(model, seqLen) * batchSize * kvBytes;
}
