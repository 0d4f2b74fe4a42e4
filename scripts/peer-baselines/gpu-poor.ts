/**
 * RahulSChand/gpu_poor memory formulas, re-implemented from the description in
 * gpu_poor src/App.js, https://github.com/RahulSChand/gpu_poor (the repo has no licence: no code was copied).
 * All results in MiB, unrounded; the web app shows each term and the total ceil'd.
 */

/** The inputs gpu_poor takes for memory (gpu_poor src/App.js, https://github.com/RahulSChand/gpu_poor). Always 2-byte floats, MHA, no GQA. */
export interface GpuPoorInput {
  vocab: number;
  hidden: number;
  heads: number;
  layers: number;
  intermediate: number;
  /** 'inf' = HuggingFace / vLLM inference, 'trn' = training. */
  mode: 'inf' | 'trn';
  training: 'full' | 'lora' | 'qlora';
  quant: 'none' | 'bnb_int8' | 'bnb_q4';
  optimizer: 'adam' | 'sgd';
  /** prompt + context length (inference) or training sequence length. */
  seqLen: number;
  batchSize: number;
  gradientCheckpointing: boolean;
}

/** Output terms, MiB (gpu_poor src/App.js, https://github.com/RahulSChand/gpu_poor "Output" object). */
export interface GpuPoorResult {
  totalMiB: number;
  kvCacheMiB: number;
  modelSizeMiB: number;
  activationMiB: number;
  gradOptMiB: number;
  overheadMiB: number;
}

const FLOAT_BYTES = 2; // gpu_poor src/App.js, https://github.com/RahulSChand/gpu_poor: convertToBytes always returns 2
const OVERHEAD_MIB = 650; // gpu_poor src/App.js, https://github.com/RahulSChand/gpu_poor: constant "cuda + other overhead"
const toMiB = (bytes: number): number => bytes / 2 ** 20;

/** Parameter count: V·h·2 + L·4·h² + L·3·inter·h (gpu_poor src/App.js, https://github.com/RahulSChand/gpu_poor computeModelSize; untied, MHA, SwiGLU). */
export function gpuPoorParams(m: Pick<GpuPoorInput, 'vocab' | 'hidden' | 'layers' | 'intermediate'>): number {
  return m.vocab * m.hidden * 2 + m.layers * 4 * m.hidden ** 2 + m.layers * 3 * m.intermediate * m.hidden;
}

/** Model size in MiB (gpu_poor src/App.js, https://github.com/RahulSChand/gpu_poor convertToMBModelSize): 2P, bnb int8 /2, nf4 /4, +6 % of fp16; QLoRA subtracts 2P/64. */
export function gpuPoorModelSizeMiB(
  params: number,
  quant: GpuPoorInput['quant'],
  training: GpuPoorInput['training'] | null,
): number {
  const fp16MiB = toMiB(FLOAT_BYTES * params);
  if (training === 'qlora') return fp16MiB / 4 - toMiB((FLOAT_BYTES * params) / 64) + 0.06 * fp16MiB;
  if (quant === 'bnb_int8') return fp16MiB / 2 + 0.06 * fp16MiB;
  if (quant === 'bnb_q4') return fp16MiB / 4 + 0.06 * fp16MiB;
  return fp16MiB;
}

/** bitsandbytes dequant buffers, bytes (gpu_poor src/App.js, https://github.com/RahulSChand/gpu_poor getExtraMemory): k·(15h + 6·inter)·L·50·√max(1, s/50). */
export function gpuPoorExtraBytes(
  m: Pick<GpuPoorInput, 'hidden' | 'intermediate' | 'layers'>,
  kind: 'bnb_int8' | 'bnb_q4' | 'qlora',
  seqLen: number,
): number {
  const common = (15 * m.hidden + 6 * m.intermediate) * m.layers;
  const k = kind === 'bnb_int8' ? 0.75 * 1.25 : kind === 'bnb_q4' ? 1.0 : 0.75;
  return k * common * 50 * Math.sqrt(Math.max(1, seqLen / 50));
}

/** Training activations, bytes, all layers (gpu_poor src/App.js, https://github.com/RahulSChand/gpu_poor getActivationMemory; s² terms always present). */
export function gpuPoorTrainingActivationBytes(m: GpuPoorInput): number {
  const { seqLen: s, hidden: h, heads: a, intermediate: f } = m;
  const fB = FLOAT_BYTES;
  const attention = 3 * s * h * fB + 2 * s * h * fB + s * s * a * fB + 4 * s * s * a + s * s * a * fB + 3 * s * h * fB;
  const ffn = 2 * h * s * fB + 5 * s * f * fB + f * s * fB;
  const norm = 8 * s + 6 * s * h * fB;
  return (attention + ffn + norm) * m.layers * m.batchSize;
}

/** Gradients + optimizer, bytes (gpu_poor src/App.js, https://github.com/RahulSChand/gpu_poor getGradOptMemory; LoRA rank/targets hard-wired). */
export function gpuPoorGradOptBytes(m: GpuPoorInput, params: number): number {
  const adam = m.optimizer === 'adam';
  if (m.training === 'full') {
    if (m.quant !== 'none') throw new Error('gpu_poor full FT on a bnb base: extra-memory batch factor undocumented');
    return adam ? 3 * FLOAT_BYTES * params : FLOAT_BYTES * params;
  }
  if (m.training === 'lora') {
    if (m.quant !== 'none') throw new Error('gpu_poor LoRA on a bnb base is not documented');
    return adam ? m.layers * 8 * m.hidden * 2 * 4 * 3 * 2 : m.layers * 8 * m.hidden * 2 * 4 * 2;
  }
  if (!adam) throw new Error('gpu_poor QLoRA with SGD is not documented');
  return m.layers * 8 * m.hidden * 0.5 * 4 * 3 + gpuPoorExtraBytes(m, 'qlora', m.seqLen) * m.batchSize;
}

/** gpu_poor's memory answer for one configuration (gpu_poor src/App.js, https://github.com/RahulSChand/gpu_poor "Total"). */
export function gpuPoorMemory(m: GpuPoorInput): GpuPoorResult {
  const params = gpuPoorParams(m);
  if (m.mode === 'inf') {
    const modelSizeMiB = gpuPoorModelSizeMiB(params, m.quant, null);
    // KV: batch·2·s·2·2·h·L bytes (twice the fp16 K+V, uses h: no GQA)
    const kvCacheMiB = toMiB(m.batchSize * 2 * m.seqLen * 2 * 2 * m.hidden * m.layers);
    // computeInferenceOnlyActivationMemory: batch·(s·h·5·2 + s²·a·2)
    const activationMiB = toMiB(m.batchSize * (m.seqLen * m.hidden * 5 * 2 + m.seqLen ** 2 * m.heads * 2));
    const totalMiB = kvCacheMiB + modelSizeMiB + activationMiB + OVERHEAD_MIB;
    return { totalMiB, kvCacheMiB, modelSizeMiB, activationMiB, gradOptMiB: 0, overheadMiB: OVERHEAD_MIB };
  }
  const modelSizeMiB = gpuPoorModelSizeMiB(params, m.quant, m.training);
  // gradient checkpointing multiplies activations by 0.15 (App.js L994–998)
  const activationMiB = toMiB(gpuPoorTrainingActivationBytes(m)) * (m.gradientCheckpointing ? 0.15 : 1);
  const gradOptMiB = toMiB(gpuPoorGradOptBytes(m, params));
  const totalMiB = modelSizeMiB + gradOptMiB + activationMiB + OVERHEAD_MIB;
  return { totalMiB, kvCacheMiB: 0, modelSizeMiB, activationMiB, gradOptMiB, overheadMiB: OVERHEAD_MIB };
}
