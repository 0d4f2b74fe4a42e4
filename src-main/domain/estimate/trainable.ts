import type { LoraTarget, ResolvedInput, ResolvedModel } from './input';

type Lora = NonNullable<ResolvedInput['lora']>;

const ATTENTION: LoraTarget[] = ['q', 'k', 'v', 'o'];
const ALL_LINEAR: LoraTarget[] = ['q', 'k', 'v', 'o', 'gate', 'up', 'down'];

/** The matrices a LoRA target list names, without gate on a non-gated MLP. */
export function loraTargets(targets: Lora['targets'], model: ResolvedModel): LoraTarget[] {
  const list = targets === 'attention' ? ATTENTION : targets === 'all-linear' ? ALL_LINEAR : targets;
  return [...new Set(list)].filter((t) => t !== 'gate' || model.gatedMlp);
}

/** (d_in, d_out, copies per layer) of one targeted matrix, GQA- and MoE-aware. */
function matrixDims(target: LoraTarget, m: ResolvedModel): [number, number, number] {
  const q = m.heads * m.headDim;
  const kv = m.kvHeads * m.headDim;
  switch (target) {
    case 'q':
      return [m.hidden, q, 1];
    case 'k':
    case 'v':
      return [m.hidden, kv, 1];
    case 'o':
      return [q, m.hidden, 1];
    case 'gate':
    case 'up':
      return [m.hidden, m.intermediate, m.experts];
    case 'down':
      return [m.intermediate, m.hidden, m.experts];
  }
}

/** LoRA adapter parameters: Σ over targeted matrices r·(d_in + d_out)·L (Hu et al. 2021). */
export function loraParams(lora: Lora, model: ResolvedModel): number {
  let perLayer = 0;
  for (const target of loraTargets(lora.targets, model)) {
    const [dIn, dOut, copies] = matrixDims(target, model);
    perLayer += lora.rank * (dIn + dOut) * copies;
  }
  return perLayer * model.layers;
}

/**
 * Elements per token, per layer, of the inputs LoRA dropout keeps for backward: with lora_dropout > 0 each adapted
 * module runs `lora_B(lora_A(dropout(x)))` (PEFT LoraLayer, torchtune LoRALinear), so lora_A saves the dropped copy
 * of its input and dropout its mask; with 0 the input is the base layer's, already stored. litgpt's fused QKV linear
 * drops its input once for q, k and v (Lightning-AI/litgpt@00af8b0d litgpt/lora.py LoRAQKVLinear.forward).
 */
export function loraDropoutInputs(lora: Lora, model: ResolvedModel, fusedQkv: boolean): number {
  if (lora.dropout === 0) return 0;
  let inputs = 0;
  let qkvDropped = false;
  for (const target of loraTargets(lora.targets, model)) {
    if (fusedQkv && (target === 'q' || target === 'k' || target === 'v')) {
      if (qkvDropped) continue;
      qkvDropped = true;
    }
    const [dIn] = matrixDims(target, model);
    // An expert's adapters see only the tokens routed to it.
    inputs += dIn * (target === 'gate' || target === 'up' || target === 'down' ? model.expertsPerToken : 1);
  }
  return inputs;
}
