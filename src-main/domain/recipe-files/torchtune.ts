import { msg } from '../messages';
import { readOptimizer, readTargets } from './common';
import { RecipeReader, type RecipeFile } from './recipe';

/** Loss components that compute the cross-entropy in chunks (torchtune.modules.loss). */
const CHUNKED_LOSS = /(LinearCrossEntropyLoss|CEWithChunkedOutputLoss|ChunkedCrossEntropy)$/;

/**
 * A torchtune recipe config (pytorch/torchtune recipes/configs): the model builder names the model
 * and the method (lora_… / qlora_…), its LoRA arguments, batch, accumulation, checkpointing and
 * offload, the optimizer and loss components, dtype and compile. The framework preset supplies
 * what torchtune does without saying (pure bf16, no fp32 master copy).
 */
export function readTorchtune(data: Record<string, unknown>, file: string): RecipeFile {
  const r = new RecipeReader('torchtune', file, data);
  r.set('(format)', 'framework', 'torchtune', 'torchtune');
  const builder = r.text('model._component_') ?? '';
  const name = builder.split('.').pop() ?? '';
  const method = name.startsWith('qlora_') ? 'qlora' : name.startsWith('lora_') ? 'lora' : 'full';
  r.set('model._component_', 'method', method, builder);
  r.recipe.modelId = name.replace(/^q?lora_/, '') || null;
  if (method !== 'full') {
    r.number('model.lora_rank', 'lora.rank');
    const modules = r.get('model.lora_attn_modules');
    const mlp = r.get('model.apply_lora_to_mlp') === true;
    if (Array.isArray(modules))
      readTargets(r, 'model.lora_attn_modules', [...modules, ...(mlp ? ['w1', 'w2', 'w3'] : [])]);
    if (r.get('model.apply_lora_to_output') === true) {
      r.note(msg('recipeFile.unmodelled', { key: 'model.apply_lora_to_output', value: 'true' }));
    }
  }
  r.number('batch_size', 'batchSize');
  r.number('gradient_accumulation_steps', 'gradientAccumulationSteps');
  r.flag('enable_activation_checkpointing', 'gradientCheckpointing');
  r.flag('enable_activation_offloading', 'activationOffload');
  r.flag('optimizer_in_bwd', 'optimizerInBackward');
  r.flag('fsdp_cpu_offload', 'optimizerOffload');
  readOptimizer(r, 'optimizer._component_');
  const loss = r.text('loss._component_');
  if (loss !== undefined) r.set('loss._component_', 'chunkedCrossEntropy', CHUNKED_LOSS.test(loss), loss);
  const dtype = r.text('dtype');
  // A QLoRA base is 4-bit whatever the compute dtype; otherwise the weights are held in `dtype`.
  if (dtype !== undefined && method !== 'qlora') {
    if (dtype !== 'bf16' && dtype !== 'fp32' && dtype !== 'fp16') throw r.bad('dtype', dtype, 'precision');
    r.set('dtype', 'precision', dtype, dtype);
  }
  const maxSeq = r.get('tokenizer.max_seq_len');
  if (maxSeq === undefined) r.note(msg('recipeFile.noSeqLen', { key: 'tokenizer.max_seq_len' }));
  else r.number('tokenizer.max_seq_len', 'seqLen');
  r.flag('dataset.packed', 'packing', (on) => (on ? 'packed' : 'padded'));
  r.flag('compile', 'torchCompile');
  return r.finish();
}
