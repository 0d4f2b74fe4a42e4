import type { ResolvedModel } from './input';

/** What the activation formulas need to know about a run. */
export interface ActivationSetup {
  model: ResolvedModel;
  batchSize: number;
  seqLen: number;
  /** Bytes per activation element (2 for 16-bit compute, 4 for pure fp32). */
  activationBytes: number;
  /**
   * Bytes per element of the norm and MLP tensors inside a layer: 4 where they run in fp32, as in
   * bnb QLoRA (PEFT's prepare_model_for_kbit_training keeps norms in fp32 and bnb Linear4bit returns
   * its input dtype). Checkpointed layer inputs stay in `activationBytes`: fitted on published rows,
   * see data/reference-runs.json (litgpt bnb rows without checkpointing hold fp32 norm/MLP tensors,
   * fms bnb rows with checkpointing add only one fp32 layer).
   */
  residualBytes: number;
  flashAttention: boolean;
  gradientCheckpointing: boolean;
  /** Saved activations wait in CPU memory between forward and backward. */
  activationOffload?: boolean;
  /** LoRA rank when adapters are trained (their A outputs are stored), else 0. */
  loraRank: number;
  /** Number of LoRA-targeted matrices per layer. */
  loraMatricesPerLayer: number;
  /** Elements per token per layer that LoRA dropout keeps (trainable.ts loraDropoutInputs), 0 without dropout. */
  loraDropoutInputs?: number;
  /** 16-bit compute under torch.autocast (AMP, fp32 weights): softmax runs in fp32 there. */
  autocast?: boolean;
}

/**
 * Bytes one decoder layer stores for backward, per token, with FlashAttention/SDPA (no s² term).
 * Re-derived for a Llama-style block after Korthikanti et al. 2022 (2205.05198, §4.1):
 * two RMSNorms each keep their fp32 upcast input and 16-bit output (4h + e·h); attention keeps
 * q, k, v and the output (e·(2·a·d + 2·a_kv·d), GQA-aware); a SwiGLU MLP keeps gate, up, SiLU
 * output and their product (4·e·f), a GELU MLP its input and output (2·e·f), times the experts
 * each token visits (MoE).
 */
export function layerActivationBytesPerToken(s: ActivationSetup): number {
  const { model: m, activationBytes: e, residualBytes: r } = s;
  const norms = 2 * (4 * m.hidden + r * m.hidden);
  const attention = e * (2 * m.heads * m.headDim + 2 * (s.flashAttention ? m.kvHeads : m.heads) * m.headDim);
  const mlp = r * (m.gatedMlp ? 4 : 2) * m.intermediate * m.expertsPerToken;
  // Each dropped input is saved in the compute dtype with its bool mask (torch native_dropout).
  const lora = e * s.loraRank * s.loraMatricesPerLayer + (e + 1) * (s.loraDropoutInputs ?? 0);
  return norms + attention + mlp + lora;
}

/**
 * Bytes of the attention score/softmax storage per layer without FlashAttention: 5·a·s²·b at 16 bits, the softmax
 * output, the dropout mask and the dropout output (Korthikanti et al. 2022, eq. 1). Under autocast softmax is an
 * fp32 op (PyTorch "Automatic Mixed Precision", CUDA ops that autocast to float32), so its output is saved in fp32
 * and the probabilities are cast back to 16 bits for the matmul with V: 4 + 1 + 2 = 7·a·s²·b.
 */
function eagerAttentionBytes(s: ActivationSetup): number {
  const perScore = s.autocast && s.activationBytes === 2 ? 4 + 1 + 2 : 2.5 * s.activationBytes;
  return perScore * s.model.heads * s.seqLen * s.seqLen * s.batchSize;
}

/**
 * Activation bytes held at the start of backward (training).
 * No recompute: every layer's storage (Korthikanti et al. 2022, eq. 2 generalised above).
 * Full recompute: each layer's 16-bit input (2·s·b·h, Korthikanti et al. 2022 §4.2) plus one
 * layer's full storage while it is recomputed.
 */
export function trainingActivationBytes(s: ActivationSetup): number {
  const tokens = s.batchSize * s.seqLen;
  const oneLayer = tokens * layerActivationBytesPerToken(s) + (s.flashAttention ? 0 : eagerAttentionBytes(s));
  const layerInput = tokens * s.model.hidden * s.activationBytes;
  // Offloading (torchtune OffloadActivations) copies each saved tensor to CPU in forward and brings it back
  // one layer ahead of backward on a side stream: the GPU holds the layer in backward and the next one.
  const storedLayers = s.activationOffload ? Math.min(2, s.model.layers) : s.model.layers;
  if (s.gradientCheckpointing) return storedLayers * layerInput + oneLayer;
  // The final norm's input and output feed the LM head.
  return storedLayers * oneLayer + tokens * s.model.hidden * (4 + s.residualBytes);
}

/** Chunks of torchtune's CEWithChunkedOutputLoss (num_output_chunks default, torchtune/modules/loss). */
export const CROSS_ENTROPY_CHUNKS = 8;

/** How the training loss is computed over the logits. */
export type CrossEntropyKind = 'eager' | 'chunked' | 'fused';

/**
 * Logits and loss in training: b·s·V in 16-bit from the LM head, its fp32 upcast for the
 * cross-entropy, and the fp32 gradient of the logits (DESIGN "Estimating memory"). Chunked
 * cross-entropy upcasts and differentiates one chunk at a time, so the fp32 pair is per chunk
 * (torchtune's chunked-CE row in data/reference-runs.json frees ≈ 8 bytes per b·s·V). A fused kernel
 * (unsloth's Fast_CrossEntropyLoss, used by fms-acceleration's fast_loss) saves the fp32 logits and
 * logsumexp and writes the gradient into the saved logits in backward (`return logits, None, None`), so
 * no separate fp32 gradient exists (foundation-model-stack/fms-acceleration@876e2ed6
 * plugins/fused-ops-and-kernels/src/fms_acceleration_foak/kernels/unsloth/cross_entropy_loss.py).
 */
export function trainingLogitsBytes(
  model: ResolvedModel,
  batchSize: number,
  seqLen: number,
  activationBytes: number,
  crossEntropy: CrossEntropyKind = 'eager',
): number {
  const elements = batchSize * seqLen * model.vocab;
  if (crossEntropy === 'fused') return elements * (activationBytes + 4);
  const chunks = crossEntropy === 'chunked' ? CROSS_ENTROPY_CHUNKS : 1;
  return elements * (activationBytes + (4 + 4) / chunks);
}

/**
 * Inference: logits of the last position only (b·V, 16-bit + fp32 upcast), as generate() has
 * done since transformers 4.45 and llama.cpp always does.
 */
export function inferenceLogitsBytes(model: ResolvedModel, batchSize: number, activationBytes: number): number {
  return batchSize * model.vocab * (activationBytes + 4);
}

/**
 * Inference working set of one layer during prefill of `tokens` tokens (buffers are freed
 * layer by layer): residual + normed input and the larger of attention q/k/v/out or the MLP's
 * gate, up and product (3·f per token), plus the s² scores when attention is eager.
 */
export function inferenceTransientBytes(
  model: ResolvedModel,
  tokens: number,
  seqLen: number,
  activationBytes: number,
  flashAttention: boolean,
): number {
  const attention = 2 * model.heads * model.headDim + 2 * model.kvHeads * model.headDim;
  const mlp = 3 * model.intermediate * model.expertsPerToken;
  const perToken = activationBytes * (2 * model.hidden + Math.max(attention, mlp));
  const batch = tokens / seqLen;
  // Eager attention materialises a·s² scores per sequence in fp32 plus the 16-bit copy (HF eager attention).
  const scores = flashAttention ? 0 : batch * model.heads * seqLen * seqLen * (4 + activationBytes);
  return tokens * perToken + scores;
}

/** KV cache bytes (sliding-window layers and MLA's latent in kv-cache.ts). */
export { kvCacheBytes } from './kv-cache';
