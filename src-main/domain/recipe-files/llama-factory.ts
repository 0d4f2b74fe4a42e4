import { msg } from '../messages';
import { readTargets, setQuantizedBase } from './common';
import { readTrainerKeys } from './hf-trainer';
import { RecipeReader, type RecipeFile } from './recipe';

/** finetuning_type to the estimator's method; freeze tuning (some layers full) is bounded by full. */
const METHOD: Record<string, 'full' | 'lora'> = { full: 'full', lora: 'lora', freeze: 'full', oft: 'lora' };

/**
 * A LLaMA-Factory training YAML (or JSON), as its examples/ write them: the model, the method
 * and the TrainingArguments it passes to the HF Trainer. Defaults that differ from the HF Trainer
 * (checkpointing on, lora_rank 8, lora_target all) come from the llama-factory framework preset;
 * `packing` defaults to on for stage pt (hiyouga/LLaMA-Factory@ff6d4d12
 * src/llamafactory/hparams/data_args.py, model_args.py, finetuning_args.py).
 */
export function readLlamaFactory(data: Record<string, unknown>, file: string): RecipeFile {
  const r = new RecipeReader('llama-factory', file, data);
  r.set('(format)', 'framework', 'llama-factory', 'LLaMA-Factory');
  r.recipe.modelId = r.text('model_name_or_path') ?? null;
  const stage = r.text('stage') ?? 'sft';
  if (!['sft', 'pt'].includes(stage)) r.note(msg('recipeFile.stage', { key: 'stage', value: stage }));
  const type = r.text('finetuning_type') ?? 'lora';
  const method = METHOD[type];
  if (!method) throw r.bad('finetuning_type', type, 'method');
  r.set('finetuning_type', 'method', method, type);
  if (type === 'freeze' || type === 'oft')
    r.note(msg('recipeFile.approximated', { key: 'finetuning_type', value: type }));
  r.number('lora_rank', 'lora.rank');
  const target = r.get('lora_target');
  if (target === 'all') r.set('lora_target', 'lora.targets', 'all-linear', 'all');
  else if (typeof target === 'string')
    readTargets(
      r,
      'lora_target',
      target.split(',').map((t) => t.trim()),
    );
  const bits = r.get('quantization_bit');
  if (bits !== undefined) {
    if (bits !== 4 && bits !== 8) throw r.bad('quantization_bit', bits, 'precision');
    const backend = r.text('quantization_method') ?? 'bnb';
    if (backend !== 'bnb') r.note(msg('recipeFile.unmodelled', { key: 'quantization_method', value: backend }));
    setQuantizedBase(r, 'quantization_bit', bits, method === 'lora');
  }
  r.number('cutoff_len', 'seqLen');
  readTrainerKeys(r);
  if (r.get('neat_packing') === true) r.set('neat_packing', 'packing', 'packed', true);
  else if (stage === 'pt' && r.get('packing') === undefined) r.set('stage', 'packing', 'packed', 'pt');
  r.flag('disable_gradient_checkpointing', 'gradientCheckpointing', (off) => !off);
  if (r.get('pure_bf16') === true) {
    r.set('pure_bf16', 'precision', 'bf16', true);
    r.set('pure_bf16', 'mixedPrecision', false, true);
  }
  const attention = r.text('flash_attn');
  if (attention !== undefined) r.set('flash_attn', 'flashAttention', attention !== 'disabled', attention);
  r.flag('enable_liger_kernel', 'chunkedCrossEntropy');
  return r.finish();
}
