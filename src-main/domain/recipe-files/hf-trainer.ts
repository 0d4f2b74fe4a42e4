import { msg } from '../messages';
import { readHalfPrecision, readOptimizer, readTrainerFsdp } from './common';
import { RecipeReader, type RecipeFile } from './recipe';

/**
 * The Hugging Face TrainingArguments keys that change memory or speed (huggingface/transformers
 * src/transformers/training_args.py; TRL's SFTConfig adds max_length / max_seq_length, packing and
 * padding_free). LLaMA-Factory and axolotl pass these names through, so their readers use it too.
 */
export function readTrainerKeys(r: RecipeReader): void {
  r.number('per_device_train_batch_size', 'batchSize');
  r.number('gradient_accumulation_steps', 'gradientAccumulationSteps');
  readHalfPrecision(r, 'bf16', 'fp16');
  r.flag('gradient_checkpointing', 'gradientCheckpointing');
  readOptimizer(r, 'optim');
  r.flag('torch_compile', 'torchCompile');
  for (const key of ['max_seq_length', 'max_length']) r.number(key, 'seqLen');
  r.flag('packing', 'packing', (on) => (on ? 'packed' : 'padded'));
  if (r.get('padding_free') === true) r.set('padding_free', 'packing', 'padding-free', true);
  const deepspeed = r.get('deepspeed');
  if (typeof deepspeed === 'string') r.recipe.deepspeedFile = deepspeed;
  else if (deepspeed !== undefined) r.note(msg('recipeFile.inlineDeepSpeed', { key: 'deepspeed' }));
  const fsdp = readTrainerFsdp(r, 'fsdp');
  if (fsdp && r.recipe.deepspeedFile) {
    r.conflict(msg('recipeFile.conflict.zeroAndFsdp', { file: r.recipe.file }));
  }
}

/** A TrainingArguments JSON (or YAML of the same keys, as TRL's scripts take). */
export function readHfTrainer(data: Record<string, unknown>, file: string): RecipeFile {
  const r = new RecipeReader('hf-trainer', file, data);
  r.set('(format)', 'framework', 'hf-trainer-peft', 'TrainingArguments');
  readTrainerKeys(r);
  const model = r.text('model_name_or_path');
  if (model) r.recipe.modelId = model;
  return r.finish();
}
