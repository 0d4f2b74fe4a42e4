import type { EstimateInput } from '../../src-main/domain/estimate/input';
import { loraTargetsOf, sequenceLengthOf, shapeOf } from './reading';
import type { Reader } from './readers';

/**
 * huggingface/peft method_comparison/MetaMathQA results (huggingface/peft@5d602fdb, results/*.json): Llama-3.2-3B
 * on one L40S through run.py, a plain PyTorch loop (no Trainer): bf16 weights without AMP, batches of 4 samples
 * padded to their longest, one optimizer step per batch, no gradient checkpointing, transformers' default SDPA
 * attention (default_training_params.json). PEFT upcasts the LoRA weights to fp32 (autocast_adapter_dtype true).
 * Only the methods the estimate input can express are read: LoRA and full fine-tuning.
 */
export const readPeftComparison: Reader = (r, ctx) => {
  const rec = r.record;
  if ((rec.task !== 'lora' && rec.task !== 'full') || rec.batch_size === null)
    throw new Error(`${rec.id}: a PEFT method-comparison row needs LoRA or full and a batch`);
  let lora: EstimateInput['lora'];
  if (rec.task === 'lora') {
    if (rec.lora_rank === null || rec.lora_targets === null)
      throw new Error(`${rec.id}: a LoRA row needs its rank and targets`);
    lora = { rank: rec.lora_rank, targets: loraTargetsOf(r, rec.lora_targets) };
  }
  r.say('dtype bfloat16, use_amp false -> bf16, no fp32 master weights');
  if (lora) r.say('autocast_adapter_dtype true: PEFT keeps the LoRA weights in fp32 -> mixedPrecision true');
  r.say(
    "attn_implementation null: transformers' SDPA, whose fused kernels keep attention linear in memory -> flashAttention true",
  );
  r.say('torch.optim.AdamW -> adamw');
  return {
    model: shapeOf(r, ctx),
    method: rec.task,
    precision: 'bf16',
    quant: 'none',
    batchSize: rec.batch_size,
    seqLen: sequenceLengthOf(r),
    optimizer: 'adamw',
    // For LoRA the field says the adapters' dtype: PEFT's autocast_adapter_dtype keeps them in fp32.
    mixedPrecision: lora !== undefined,
    gradientCheckpointing: rec.gradient_checkpointing ?? false,
    flashAttention: true,
    ...(lora ? { lora } : {}),
    gpus: 1,
    sharding: 'none',
  };
};
