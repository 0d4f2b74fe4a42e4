import { msg } from '../messages';
import { readHalfPrecision, readOptimizer, readTargets, readTrainerFsdp, setQuantizedBase } from './common';
import { RecipeReader, type RecipeFile } from './recipe';

/**
 * An axolotl config YAML (axolotl-ai-cloud/axolotl examples/, schema in
 * src/axolotl/utils/schemas/config.py): base model, adapter and its 4/8-bit base, LoRA rank and
 * targets, sequence length and sample packing, micro-batch, accumulation, checkpointing, optimizer
 * (HF Trainer names), attention, DeepSpeed and FSDP.
 */
export function readAxolotl(data: Record<string, unknown>, file: string): RecipeFile {
  const r = new RecipeReader('axolotl', file, data);
  r.set('(format)', 'framework', 'axolotl', 'axolotl');
  r.recipe.modelId = r.text('base_model') ?? null;
  const adapter = r.text('adapter');
  if (adapter !== undefined && adapter !== 'lora' && adapter !== 'qlora') throw r.bad('adapter', adapter, 'method');
  r.set('adapter', 'method', adapter ?? 'full', adapter ?? '(none)');
  const fourBit = r.get('load_in_4bit') === true;
  const eightBit = r.get('load_in_8bit') === true;
  if (fourBit && eightBit) r.conflict(msg('recipeFile.conflict.bothBits', { file }));
  else if (fourBit || eightBit)
    setQuantizedBase(r, fourBit ? 'load_in_4bit' : 'load_in_8bit', fourBit ? 4 : 8, adapter !== undefined);
  if (adapter === 'qlora' && !fourBit) r.conflict(msg('recipeFile.conflict.qloraNot4bit', { file }));
  r.number('lora_r', 'lora.rank');
  const modules = r.get('lora_target_modules');
  if (r.get('lora_target_linear') === true) r.set('lora_target_linear', 'lora.targets', 'all-linear', true);
  else if (Array.isArray(modules)) readTargets(r, 'lora_target_modules', modules);
  r.number('sequence_len', 'seqLen');
  r.flag('sample_packing', 'packing', (on) => (on ? 'packed' : 'padded'));
  r.number('micro_batch_size', 'batchSize');
  r.number('gradient_accumulation_steps', 'gradientAccumulationSteps');
  const checkpointing = r.get('gradient_checkpointing');
  if (checkpointing === 'offload' || checkpointing === 'unsloth') {
    r.set('gradient_checkpointing', 'gradientCheckpointing', true, checkpointing);
    r.set('gradient_checkpointing', 'activationOffload', true, checkpointing);
  } else r.flag('gradient_checkpointing', 'gradientCheckpointing');
  readOptimizer(r, 'optimizer');
  // bf16: auto = bf16 where the card has it (the estimator's default dtype): nothing to set.
  if (r.get('bf16') === 'auto') r.note(msg('recipeFile.bf16Auto', { key: 'bf16' }));
  else readHalfPrecision(r, 'bf16', 'fp16');
  const attention = r.text('attn_implementation');
  if (attention !== undefined) r.set('attn_implementation', 'flashAttention', attention !== 'eager', attention);
  for (const key of ['flash_attention', 'sdp_attention']) r.flag(key, 'flashAttention');
  r.flag('torch_compile', 'torchCompile');
  if (r.get('cut_cross_entropy') === true || r.get('liger_fused_linear_cross_entropy') === true) {
    r.set('cut_cross_entropy', 'chunkedCrossEntropy', true, true);
  }
  const deepspeed = r.text('deepspeed');
  if (deepspeed) r.recipe.deepspeedFile = deepspeed;
  const fsdp = readTrainerFsdp(r, 'fsdp') || readAxolotlFsdpConfig(r);
  if (fsdp && deepspeed) r.conflict(msg('recipeFile.conflict.zeroAndFsdp', { file }));
  return r.finish();
}

/** axolotl's own `fsdp_config` block (fsdp_version 2 examples carry no `fsdp` list). */
function readAxolotlFsdpConfig(r: RecipeReader): boolean {
  const version = r.get('fsdp_version');
  const offload = r.get('fsdp_config.offload_params') ?? r.get('fsdp_config.fsdp_offload_params');
  if (version === undefined && r.get('fsdp_config') === undefined) return false;
  const reshard = r.get('fsdp_config.reshard_after_forward');
  r.set(
    version !== undefined ? 'fsdp_version' : 'fsdp_config',
    'sharding',
    reshard === false ? 'zero2' : 'fsdp',
    String(version ?? 'fsdp_config'),
  );
  if (offload === true) r.set('fsdp_config.offload_params', 'optimizerOffload', true, true);
  r.flag('fsdp_config.activation_checkpointing', 'gradientCheckpointing');
  return true;
}
