import type { Framework } from './choices';

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
