import { parse as parseYaml } from 'yaml';
import { InputError } from '../errors';
import { msg } from '../messages';
import { readAccelerate } from './accelerate';
import { readAxolotl } from './axolotl';
import { readDeepSpeed } from './deepspeed';
import { readHfTrainer } from './hf-trainer';
import { readLlamaFactory } from './llama-factory';
import { asObject, type RecipeFile, type RecipeFormat } from './recipe';
import { readTorchtune } from './torchtune';

export { withDeepSpeed } from './deepspeed';
export { presetForModelId } from './model-id';
export { RECIPE_FORMATS, type RecipeFile, type RecipeFormat, type RecipeValue } from './recipe';

/** The largest recipe file read: real ones are a few KB; this refuses a 10 GB file before reading it. */
export const MAX_RECIPE_BYTES = 2 ** 20;

const READERS: Record<RecipeFormat, (data: Record<string, unknown>, file: string) => RecipeFile> = {
  'llama-factory': readLlamaFactory,
  'hf-trainer': readHfTrainer,
  accelerate: readAccelerate,
  deepspeed: readDeepSpeed,
  torchtune: readTorchtune,
  axolotl: readAxolotl,
};

/**
 * Which framework wrote the settings, by the keys only it uses; the file name only decides where
 * the keys are shared ones (a ds_config.json of fp16 alone), since LLaMA-Factory and axolotl both
 * call theirs config.yaml. Null when none matches.
 */
export function detectRecipeFormat(data: Record<string, unknown>, file = ''): RecipeFormat | null {
  const has = (...keys: string[]) => keys.some((key) => key in data);
  if (has('zero_optimization', 'train_micro_batch_size_per_gpu', 'zero_allow_untested_optimizer')) return 'deepspeed';
  if (has('distributed_type', 'compute_environment')) return 'accelerate';
  if (Object.values(data).some((value) => typeof asObject(value)?._component_ === 'string')) return 'torchtune';
  if (has('finetuning_type', 'cutoff_len') || (has('model_name_or_path') && has('stage', 'template'))) {
    return 'llama-factory';
  }
  if (has('base_model', 'micro_batch_size', 'sequence_len', 'lora_r', 'sample_packing')) return 'axolotl';
  if (has('per_device_train_batch_size', 'gradient_accumulation_steps', 'output_dir')) return 'hf-trainer';
  // Keys every framework shares (fp16, bf16, optimizer): the name decides, as DeepSpeed's docs name theirs.
  if (/(^|[^a-z])(ds|deepspeed|zero)[^a-z]?/i.test(file) && has('fp16', 'bf16', 'optimizer')) return 'deepspeed';
  return null;
}

/**
 * Reads a recipe file's text (YAML or JSON; JSON is YAML) into estimate input, refusing with an
 * InputError('recipe', …) that names `file`: text that is neither, settings that are not one
 * mapping, a framework it cannot tell, or a value no field takes.
 */
export function recipeFromText(text: string, file: string): RecipeFile {
  if (text.length > MAX_RECIPE_BYTES)
    throw new InputError('recipe', msg('recipeFile.tooLarge', { file, max: MAX_RECIPE_BYTES }));
  let parsed: unknown;
  try {
    parsed = parseYaml(text, { maxAliasCount: 100 });
  } catch (error) {
    const detail = String((error as Error).message).split('\n')[0] ?? '';
    throw new InputError('recipe', msg('recipeFile.notYaml', { file, detail }));
  }
  const data = asObject(parsed);
  if (!data) throw new InputError('recipe', msg('recipeFile.notMapping', { file }));
  const format = detectRecipeFormat(data, file);
  if (!format) throw new InputError('recipe', msg('recipeFile.unknownFormat', { file }));
  return READERS[format](data, file);
}
