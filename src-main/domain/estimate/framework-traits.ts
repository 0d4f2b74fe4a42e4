import type { Framework, Method, Sharding } from './choices';

/**
 * What a framework's training loop does by construction, whatever its settings (the settings it defaults are
 * its preset, fields/framework-presets.ts).
 */
interface FrameworkTraits {
  /**
   * LoRA on q, k and v runs on one fused QKV linear that drops its input once for all three
   * (Lightning-AI/litgpt@00af8b0d litgpt/lora.py LoRAQKVLinear.forward).
   */
  fusedQkvLora: boolean;
  /**
   * Sharded with FSDP by its own loop, which keeps LoRA adapters in their layer's unit; HF Trainer with PEFT
   * wraps each adapter matrix as a unit of its own (speed-step.ts FsdpWrapping.adaptersOwnUnits).
   */
  ownFsdpLoop: boolean;
}

const PLAIN: FrameworkTraits = { fusedQkvLora: false, ownFsdpLoop: false };
const TRAITS: Partial<Record<Framework, FrameworkTraits>> = {
  torchtune: { fusedQkvLora: false, ownFsdpLoop: true },
  litgpt: { fusedQkvLora: true, ownFsdpLoop: true },
  custom: { fusedQkvLora: false, ownFsdpLoop: true },
};

export const frameworkTraits = (framework: Framework): FrameworkTraits => TRAITS[framework] ?? PLAIN;

/**
 * The shardings tried, in order, where plain data parallel does not fit a card on several GPUs, by how the framework
 * splits a model. DeepSpeed (HF Trainer, LLaMA-Factory and axolotl take it from a config file; Unsloth through
 * Accelerate, https://unsloth.ai/docs/basics/multi-gpu-training-with-unsloth): ZeRO-2 splits the gradients and
 * optimizer states, ZeRO-3 the weights too, with more communication per step (speed-step.ts), so the first that fits
 * is taken (https://www.deepspeed.ai/tutorials/zero/). LoRA and QLoRA train adapters alone: ZeRO-2 would split their
 * gradients and optimizer states, a sliver of the memory, so only ZeRO-3 (the frozen base's weights too) is tried.
 * A framework with its own FSDP loop (torchtune, LitGPT, a custom loop) shards with FSDP:
 * pytorch/torchtune recipes/lora_finetune_distributed.py, "FSDP … DDP is currently not supported"; Lightning-AI/litgpt
 * litgpt/finetune/lora.py, FSDPStrategy on several devices.
 */
const SHARDINGS_TO_FIT = {
  deepspeed: { full: ['zero2', 'zero3'], adapters: ['zero3'] },
  fsdp: { full: ['fsdp'], adapters: ['fsdp'] },
} as const satisfies Record<string, Record<'full' | 'adapters', readonly Sharding[]>>;

/** The shardings `framework` splits a `method` run with that one GPU cannot hold, the lightest first. */
export function shardingsToFit(framework: Framework, method: Exclude<Method, 'inference'>): readonly Sharding[] {
  const by = frameworkTraits(framework).ownFsdpLoop ? SHARDINGS_TO_FIT.fsdp : SHARDINGS_TO_FIT.deepspeed;
  return method === 'full' ? by.full : by.adapters;
}
