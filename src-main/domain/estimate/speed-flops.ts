import type { Method, ResolvedModel } from './input';
import { msg, type Message } from '../messages';

/**
 * Parameters that cost matmul FLOPs per token: active params minus the input embedding table (a lookup);
 * with tied embeddings the one table is also the LM head, so it counts.
 */
export function computeParams(model: ResolvedModel): number {
  const embedding = model.vocab * model.hidden;
  return model.activeParams - (model.tiedEmbeddings ? 0 : embedding);
}

/** Width of the attention (query) projection: heads × head dim. */
function attentionWidth(model: ResolvedModel): number {
  return model.heads * model.headDim;
}

export interface TrainingFlops {
  flopsPerToken: number;
  /** Formula with this configuration's numbers, for explanations (built when asked: a ranking never asks it). */
  formula: () => Message;
}

/**
 * Training FLOPs per token. Full: 6·P + 12·L·s·h_attn (PaLM, Chowdhery et al. 2022, App. B).
 * LoRA/QLoRA: 4·P (forward + input gradients, no weight-gradient matmuls for frozen weights) + the same
 * attention term + 6·adapter params. Gradient checkpointing re-runs one forward: +2·P + 4·L·s·h_attn.
 */
export function trainingFlopsPerToken(
  model: ResolvedModel,
  method: Exclude<Method, 'inference'>,
  seqLen: number,
  gradientCheckpointing: boolean,
  adapterParams = 0,
): TrainingFlops {
  const p = computeParams(model);
  const attention = 12 * model.layers * seqLen * attentionWidth(model);
  const isAdapter = method !== 'full';
  const weightFactor = isAdapter ? 4 : 6;
  let flops = weightFactor * p + attention + (isAdapter ? 6 * adapterParams : 0);
  if (gradientCheckpointing) flops += 2 * p + attention / 3;
  const formula = () =>
    msg('speed.flopsFormula', {
      factor: weightFactor,
      params: fmt(p),
      layers: String(model.layers),
      seq: String(seqLen),
      width: String(attentionWidth(model)),
      adapters: isAdapter && adapterParams > 0 ? msg('speed.flopsAdapters', { params: fmt(adapterParams) }) : '',
      recompute: gradientCheckpointing ? msg('speed.flopsRecompute') : '',
      flops: fmt(flops),
    });
  return { flopsPerToken: flops, formula };
}

/** Prefill FLOPs per prompt token: 2·P + 2·L·s·h_attn (causal attention over on average s/2 keys). */
export function prefillFlopsPerToken(model: ResolvedModel, seqLen: number): number {
  return 2 * computeParams(model) + 2 * model.layers * seqLen * attentionWidth(model);
}

/** Short engineering notation for explanations: 7.24e9 → "7.24e9". */
export function fmt(x: number): string {
  if (x === 0) return '0';
  const exp = Math.floor(Math.log10(Math.abs(x)));
  if (exp >= -2 && exp < 4) return String(Number(x.toPrecision(3)));
  return `${Number((x / 10 ** exp).toPrecision(3))}e${exp}`;
}
