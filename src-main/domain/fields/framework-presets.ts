import { frameworkSchema, type Framework, type Sharding } from '../estimate/choices';
import { msg, type Message } from '../messages';
import { optionLabel } from './resolve';

/** What a preset reads: the framework field, listed before every detail it sets. */
interface PresetContext {
  framework: Framework;
}

/** "the torchtune default": one message per framework preset, made once. */
const FRAMEWORK_DEFAULT = Object.fromEntries(
  frameworkSchema.options.map((name) => [
    name,
    msg('reason.frameworkDefault', { framework: optionLabel('framework', name) }),
  ]),
) as Record<Framework, Message>;
const byFramework = (c: PresetContext): Message => FRAMEWORK_DEFAULT[c.framework];

/**
 * The recipe details each framework preset sets when they are not given (a detail absent here
 * keeps its own default). Each rests on the framework's documented default or shipped configs:
 * - DeepSpeed/FSDP presets: the sharding they are named after.
 * - unsloth: `FastLanguageModel.get_peft_model(r = 16, target_modules = [q,k,v,o,gate,up,down],
 *   use_gradient_checkpointing = "unsloth")`, whose "unsloth" mode checkpoints and offloads the saved
 *   activations to CPU memory (unslothai/unsloth@015bdef0 unsloth/models/llama.py).
 * - torchtune: its configs train in pure bf16 (`dtype: bf16`, no fp32 master copy), with
 *   `enable_activation_checkpointing: True`, a chunked loss (`LinearCrossEntropyLoss`), `lora_rank: 8`
 *   (on q, v, output and the MLP, a list the form has no name for) (pytorch/torchtune@bd2a0fc7 recipes/configs/llama3_1/8B_lora_single_device.yaml),
 *   and `torch.optim.AdamW` with `fused: True` (every config since pytorch/torchtune@cca50f02, 2024-09-14, "add fused =
 *   true to adam, except pagedAdam").
 * - LLaMA-Factory: `disable_gradient_checkpointing = False` (checkpointing on), `lora_rank = 8`,
 *   `lora_target = "all"` (hiyouga/LLaMA-Factory@ff6d4d12 src/llamafactory/hparams/model_args.py,
 *   finetuning_args.py).
 * - litgpt: `finetune lora` defaults `lora_r = 8` (on query and value only, a list
 *   the form has no name for), precision "bf16-mixed"
 *   (Lightning-AI/litgpt@26857050 litgpt/finetune/lora.py, litgpt/utils.py); every config_hub LoRA/QLoRA
 *   config sets `lora_dropout: 0.05` or 0.1 (Lightning-AI/litgpt@00af8b0d config_hub/finetune), 0.05 taken.
 * - axolotl: `gradient_checkpointing` False, `sample_packing` unset (axolotl-ai-cloud/axolotl@067b021c
 *   src/axolotl/utils/schemas/config.py): the Hugging Face defaults, as for hf-trainer-peft.
 */
const PRESET: Partial<
  Record<
    Framework,
    {
      sharding?: Sharding;
      gradientCheckpointing?: boolean;
      activationOffload?: boolean;
      mixedPrecision?: boolean;
      chunkedCrossEntropy?: boolean;
      fusedOptimizer?: boolean;
      loraRank?: number;
      loraDropout?: number;
      /** A named set only: the form offers those (torchtune's q,v,o+MLP and litgpt's q,v are not one). */
      loraTargets?: 'attention' | 'all-linear';
    }
  >
> = {
  'deepspeed-zero1': { sharding: 'zero1' },
  'deepspeed-zero2': { sharding: 'zero2' },
  'deepspeed-zero3': { sharding: 'zero3' },
  fsdp: { sharding: 'fsdp' },
  unsloth: { gradientCheckpointing: true, activationOffload: true, loraRank: 16, loraTargets: 'all-linear' },
  torchtune: {
    gradientCheckpointing: true,
    mixedPrecision: false,
    chunkedCrossEntropy: true,
    fusedOptimizer: true,
    loraRank: 8,
  },
  'llama-factory': { gradientCheckpointing: true, loraRank: 8, loraTargets: 'all-linear' },
  litgpt: { loraRank: 8, loraDropout: 0.05 },
};
type PresetKey = keyof NonNullable<(typeof PRESET)[Framework]>;
/** The preset's value of a detail, or undefined where the framework leaves it to the detail's own default. */
export const preset = <K extends PresetKey>(c: PresetContext, key: K) => PRESET[c.framework]?.[key];
/** The framework's reason where its preset set the value, else `otherwise`. */
export const presetWhy =
  <C extends PresetContext>(key: PresetKey, otherwise: (c: C) => Message | undefined = () => undefined) =>
  (c: C): Message | undefined =>
    preset(c, key) !== undefined ? byFramework(c) : otherwise(c);
