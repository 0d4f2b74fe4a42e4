/**
 * EleutherAI "Transformer Math 101" (Anthony, Biderman, Schoelkopf 2023) memory rules, from
 * Transformer Math 101, https://blog.eleuther.ai/transformer-math/, with the activation formula of Korthikanti et al. 2022 (https://arxiv.org/abs/2205.05198).
 */

export type TransformerMathOptimizer = 'adamw' | 'adamw-8bit' | 'sgd-momentum';
export type TransformerMathSharding = 'none' | 'zero1' | 'zero2' | 'zero3';
export type TransformerMathRecompute = 'none' | 'selective' | 'full';

/** Inference bytes ≈ 1.2 × bytes/param × P (Transformer Math 101, https://blog.eleuther.ai/transformer-math/: "overhead ≤ 20 %"). */
export function transformerMathInferenceBytes(params: number, bytesPerParam: 4 | 2 | 1): number {
  return 1.2 * bytesPerParam * params;
}

/** Optimizer bytes/param: AdamW 12 (fp32 copy + 2 moments), 8-bit AdamW 6, SGD + momentum 8 (Transformer Math 101, https://blog.eleuther.ai/transformer-math/). */
export const OPTIMIZER_BYTES_PER_PARAM: Record<TransformerMathOptimizer, number> = {
  adamw: 12,
  'adamw-8bit': 6,
  'sgd-momentum': 8,
};

/** Activation bytes, all layers, tensor parallel t (Transformer Math 101, https://blog.eleuther.ai/transformer-math/, Korthikanti et al. 2022 eq. for 16-bit activations). */
export function transformerMathActivationBytes(
  m: { seqLen: number; batchSize: number; hidden: number; heads: number; layers: number },
  recompute: TransformerMathRecompute,
  tensorParallel = 1,
): number {
  const sbhL = m.seqLen * m.batchSize * m.hidden * m.layers;
  const t = tensorParallel;
  if (recompute === 'full') return 2 * sbhL;
  if (recompute === 'selective') return sbhL * (10 + 24 / t);
  return sbhL * (10 + 24 / t + (5 * m.heads * m.seqLen) / (m.hidden * t));
}

export interface TransformerMathTrainingInput {
  params: number;
  seqLen: number;
  batchSize: number;
  hidden: number;
  heads: number;
  layers: number;
  optimizer: TransformerMathOptimizer;
  /** 2 (fp16/bf16) or 4 (fp32) bytes per gradient. */
  gradientBytes: 2 | 4;
  recompute: TransformerMathRecompute;
  sharding: TransformerMathSharding;
  gpus: number;
}

/** Per-GPU training bytes = model + optimizer + gradients + activations, ZeRO-sharded (Transformer Math 101, https://blog.eleuther.ai/transformer-math/). */
export function transformerMathTrainingBytes(m: TransformerMathTrainingInput): number {
  const n = m.gpus;
  const model = (2 * m.params) / (m.sharding === 'zero3' ? n : 1); // mixed precision keeps a 2-byte copy
  const optimizer = (OPTIMIZER_BYTES_PER_PARAM[m.optimizer] * m.params) / (m.sharding === 'none' ? 1 : n);
  const gradients = (m.gradientBytes * m.params) / (m.sharding === 'zero2' || m.sharding === 'zero3' ? n : 1);
  return model + optimizer + gradients + transformerMathActivationBytes(m, m.recompute);
}
