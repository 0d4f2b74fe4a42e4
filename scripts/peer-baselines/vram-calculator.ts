/**
 * furiousteabag/vram-calculator (vram.asmirnov.xyz, MIT) memory formulas, re-implemented from
 * vram-calculator, https://github.com/furiousteabag/vram-calculator. Terms the calculator only names ("per Korthikanti with GQA-aware
 * q/k/v", the FSDP divisor) were checked against the public source, app/_lib/index.ts at
 * commit b367569542a8bf5a2fb0e53dd978e5e22987d928 (MIT); this file is our own code.
 */

export interface VramCalculatorInput {
  params: number;
  hidden: number;
  vocab: number;
  heads: number;
  kvHeads: number;
  intermediate: number;
  layers: number;
  training: boolean;
  /** Inference: 'full' fp32 or 'half'. Training: 'full' fp32 or 'mixed'. */
  precision: 'full' | 'half' | 'mixed';
  optimizer: 'adam' | 'sgd';
  sgdMomentum: boolean;
  seqLen: number;
  batchSize: number;
  gpus: number;
  /** Training with FSDP, or inference split across GPUs: divides the states by the GPU count. */
  parallel: boolean;
}

/** Bytes by term, for the first GPU (the one that also holds the outputs). */
export interface VramCalculatorResult {
  cudaKernels: number;
  parameters: number;
  outputs: number;
  activations: number;
  gradients: number;
  firstMoments: number;
  secondMoments: number;
  totalBytes: number;
}

/** Activation bytes: one Korthikanti block with GQA k/v (×L for training, one layer for inference; /n under FSDP). */
export function vramCalculatorActivationBytes(m: VramCalculatorInput): number {
  const e = (m.training && m.precision === 'mixed') || (!m.training && m.precision !== 'full') ? 2 : 4;
  const bs = m.batchSize * m.seqLen;
  const headDim = m.hidden / m.heads; // the tool derives head dim from hidden/heads
  const scores = m.batchSize * m.heads * m.seqLen ** 2;
  // Korthikanti et al. 2022 (Korthikanti et al. 2022, https://arxiv.org/abs/2205.05198): attention input, q, k, v, output-projection input, s² softmax + dropout, masks
  const attention =
    e * bs * m.hidden +
    e * bs * headDim * m.heads +
    2 * e * bs * headDim * m.kvHeads +
    e * bs * m.heads * headDim +
    e * scores +
    scores +
    e * scores +
    bs * m.hidden;
  const mlp = e * bs * m.hidden + 2 * e * bs * m.intermediate + bs * m.hidden; // input, act input, down input, dropout mask
  const norms = 2 * e * bs * m.hidden;
  const layer = attention + mlp + norms;
  const all = m.training ? layer * m.layers : layer;
  return m.training && m.gpus > 1 && m.parallel ? all / m.gpus : all;
}

/** The calculator's per-GPU result (vram-calculator, https://github.com/furiousteabag/vram-calculator estimateResult + getTotalUsagePerGPU, first GPU). */
export function vramCalculatorMemory(m: VramCalculatorInput): VramCalculatorResult {
  const bytesPerParam = m.training ? (m.precision === 'mixed' ? 6 : 4) : m.precision === 'full' ? 4 : 2;
  const divisor = m.gpus > 1 && m.parallel ? m.gpus : 1;
  const cudaKernels = 1000 * 2 ** 20; // "PyTorch allocates 300 MiB–2 GiB on first CUDA use"
  const parameters = (bytesPerParam * m.params) / divisor;
  const outputs = 4 * m.batchSize * m.seqLen * m.vocab * (m.training ? 2 : 1); // fp32 logits (+ softmax probs in training)
  const activations = vramCalculatorActivationBytes(m);
  const gradients = m.training ? (4 * m.params) / divisor : 0;
  const firstMoments = m.training && (m.optimizer === 'adam' || m.sgdMomentum) ? (4 * m.params) / divisor : 0;
  const secondMoments = m.training && m.optimizer === 'adam' ? (4 * m.params) / divisor : 0;
  const totalBytes = cudaKernels + parameters + outputs + activations + gradients + firstMoments + secondMoments;
  return { cudaKernels, parameters, outputs, activations, gradients, firstMoments, secondMoments, totalBytes };
}
