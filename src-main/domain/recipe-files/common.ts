import { msg } from '../messages';
import type { RecipeReader } from './recipe';

/**
 * Optimizer names as the Hugging Face Trainer (`optim`, transformers' OptimizerNames), axolotl
 * (`optimizer`, the same names) and torchtune (`optimizer._component_`) spell them, to the ones the
 * estimator models. The paged ones keep their states in CUDA managed memory (training-state.ts).
 */
const OPTIMIZERS: Record<string, string> = {
  adamw_torch: 'adamw',
  adamw_torch_fused: 'adamw',
  adamw_hf: 'adamw',
  adamw_apex_fused: 'adamw',
  adamw: 'adamw',
  adam: 'adamw',
  paged_adamw_32bit: 'paged-adamw',
  paged_adamw: 'paged-adamw',
  adamw_bnb_8bit: 'adamw-8bit',
  adamw_8bit: 'adamw-8bit',
  paged_adamw_8bit: 'paged-adamw-8bit',
  sgd: 'sgd',
  'torch.optim.adamw': 'adamw',
  'torch.optim.adam': 'adamw',
  'torch.optim.sgd': 'sgd',
  'bitsandbytes.optim.adamw8bit': 'adamw-8bit',
  'bitsandbytes.optim.pagedadamw8bit': 'paged-adamw-8bit',
  'bitsandbytes.optim.pagedadamw': 'paged-adamw',
};

/** Reads an optimizer name; one the estimator does not model is noted and left to the default (AdamW). */
export function readOptimizer(r: RecipeReader, key: string): void {
  const name = r.text(key);
  if (name === undefined) return;
  const optimizer = OPTIMIZERS[name.toLowerCase()];
  if (optimizer) r.set(key, 'optimizer', optimizer, name);
  else r.note(msg('recipeFile.unmodelled', { key, value: name }));
}

/** Module names of LoRA targets in Llama-style models (PEFT, LLaMA-Factory, axolotl) and torchtune. */
const MODULES: Record<string, string> = {
  q_proj: 'q',
  k_proj: 'k',
  v_proj: 'v',
  o_proj: 'o',
  output_proj: 'o',
  gate_proj: 'gate',
  up_proj: 'up',
  down_proj: 'down',
  w1: 'gate',
  w3: 'up',
  w2: 'down',
};

/**
 * LoRA target modules as a field value: a list of q,k,v,o,gate,up,down, or 'all-linear' where
 * that is all seven. A module the estimator has no name for is noted and skipped.
 */
export function readTargets(r: RecipeReader, key: string, modules: readonly unknown[]): void {
  const names = modules.map(String);
  const known = [...new Set(names.flatMap((name) => (MODULES[name] ? [MODULES[name]] : [])))];
  for (const name of names.filter((name) => !MODULES[name])) {
    r.note(msg('recipeFile.unmodelled', { key, value: name }));
  }
  if (known.length === 0) return;
  r.set(key, 'lora.targets', known.length === 7 ? 'all-linear' : known, names);
}

/**
 * The training dtype from a pair of switches (bf16 / fp16, as the HF Trainer, LLaMA-Factory,
 * axolotl and DeepSpeed name them): both on is a conflict the file must settle.
 */
export function readHalfPrecision(r: RecipeReader, bf16Key: string, fp16Key: string): void {
  const bf16 = r.bool(bf16Key);
  const fp16 = r.bool(fp16Key);
  if (bf16 && fp16) {
    r.conflict(msg('recipeFile.conflict.bothHalf', { file: r.recipe.file, a: bf16Key, b: fp16Key }));
    return;
  }
  // On a 4- or 8-bit base the switch names the compute dtype, not how the weights are held.
  if (r.recipe.input.precision === 'int4' || r.recipe.input.precision === 'int8') return;
  if (bf16) r.set(bf16Key, 'precision', 'bf16', true);
  else if (fp16) r.set(fp16Key, 'precision', 'fp16', true);
}

/** The method a base in 4 or 8 bits trains with: QLoRA on 4-bit, LoRA on an 8-bit base, full otherwise. */
export function setQuantizedBase(r: RecipeReader, key: string, bits: 4 | 8, adapters: boolean): void {
  if (!adapters) {
    r.conflict(msg('recipeFile.conflict.quantizedFull', { file: r.recipe.file, key }));
    return;
  }
  if (bits === 4) r.set(key, 'method', 'qlora', 4);
  r.set(key, 'precision', bits === 4 ? 'int4' : 'int8', bits);
  r.set(key, 'quant', 'bnb', bits);
}

/** The HF Trainer's `fsdp` option ("full_shard auto_wrap offload", or a list): FSDP, with CPU offload when asked. */
export function readTrainerFsdp(r: RecipeReader, key: string): boolean {
  const value = r.get(key);
  const words = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(/\s+/) : [];
  if (value === true) words.push('full_shard');
  const options = words.filter(Boolean);
  if (options.length === 0) return false;
  const sharding = options.includes('shard_grad_op') ? 'zero2' : 'fsdp';
  r.set(key, 'sharding', sharding, options.join(' '));
  if (options.includes('offload')) r.set(key, 'optimizerOffload', true, options.join(' '));
  return true;
}
