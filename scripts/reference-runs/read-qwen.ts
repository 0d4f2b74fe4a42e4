import type { EstimateInput } from '../../src-main/domain/estimate/input';
import { shapeOf } from './reading';
import type { Reader } from './readers';

/**
 * QwenLM/Qwen README 'Profiling of Memory and Speed': LoRA on one A100-SXM4-80G through the repo's
 * finetune.py (HF Trainer + PEFT, finetune/finetune_lora_single_gpu.sh: bf16, gradient checkpointing, no
 * DeepSpeed), batch 1 × gradient accumulation 8, every sample padded to the sequence length, flash
 * attention 2 (QwenLM/Qwen@2df8e8ac, README.md and finetune.py). The rate is tokens per optimizer step
 * over the printed seconds per step.
 */
export const readQwenReadme: Reader = (r, ctx) => {
  const rec = r.record;
  if (rec.task !== 'lora' || rec.batch_size === null || rec.seq_len === null || rec.lora_rank === null)
    throw new Error(`${rec.id}: a Qwen README row needs LoRA, a batch, a length and a rank`);
  const config: EstimateInput = {
    model: shapeOf(r, ctx),
    method: 'lora',
    precision: 'bf16',
    quant: 'none',
    batchSize: rec.batch_size,
    seqLen: rec.seq_len,
    optimizer: 'adamw',
    mixedPrecision: false,
    gradientCheckpointing: rec.gradient_checkpointing ?? true,
    flashAttention: true,
    lora: { rank: rec.lora_rank, targets: ['q', 'k', 'v', 'o', 'gate', 'up', 'down'] },
    gpus: 1,
    sharding: 'none',
  };
  r.say("Qwen's remote code sets bf16 weights (config bf16/fp16/fp32 all false) -> bf16, mixedPrecision false");
  r.say('LoRA targets c_attn, c_proj (attention and MLP), w1, w2 -> every linear of the layer');
  r.cannotExpress('c_attn is one fused q,k,v linear: one LoRA pair for the three, where the input counts three');
  r.say('flash attention 2 per the README -> flashAttention true');
  return config;
};
