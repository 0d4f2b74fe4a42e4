import type { EstimateInput } from '../../src-main/domain/estimate/input';
import { shapeOf } from './reading';
import type { Reader } from './readers';

/**
 * QwenLM/Qwen README 'Profiling of Memory and Speed': LoRA and Q-LoRA on one A100-SXM4-80G through the repo's
 * finetune.py, batch 1 × gradient accumulation 8, every sample padded to the sequence length, flash attention 2
 * (QwenLM/Qwen@2df8e8ac, README.md and finetune.py). LoRA: HF Trainer + PEFT in bf16 without DeepSpeed
 * (finetune/finetune_lora_single_gpu.sh). Q-LoRA: the *-Chat-Int4 GPTQ checkpoint with ExLlama off, in
 * DeepSpeed's fp16 mode under ZeRO-2 on the one GPU (finetune/finetune_qlora_single_gpu.sh with
 * finetune/ds_config_zero2.json). The rate is tokens per optimizer step over the printed seconds per step.
 */
export const readQwenReadme: Reader = (r, ctx) => {
  const rec = r.record;
  const qlora = rec.task === 'qlora';
  if ((rec.task !== 'lora' && !qlora) || rec.batch_size === null || rec.seq_len === null || rec.lora_rank === null)
    throw new Error(`${rec.id}: a Qwen README row needs LoRA or Q-LoRA, a batch, a length and a rank`);
  const config: EstimateInput = {
    model: shapeOf(r, ctx),
    method: rec.task,
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
  if (qlora) {
    Object.assign(config, {
      precision: 'int4',
      quant: 'gptq',
      quantBackend: 'dequant',
      framework: 'deepspeed-zero2',
      sharding: 'zero2',
      deepspeed: { reduceBucketSize: 2e8, allgatherBucketSize: 2e8, overlapComm: true },
      mixedPrecision: true,
      fusedOptimizer: true,
    } satisfies Partial<EstimateInput>);
    r.say('Qwen *-Chat-Int4 GPTQ base -> method qlora, int4/gptq');
    r.say(
      'GPTQConfig(bits=4, disable_exllama=True): auto-gptq QuantLinear rebuilds fp16 weights in PyTorch on a micro-batch of 128 rows or more -> quantBackend dequant',
    );
    r.say(
      'finetune_qlora_single_gpu.sh --deepspeed ds_config_zero2.json: ZeRO-2 on one GPU, reduce/allgather buckets 2e8, overlap_comm true -> sharding zero2 with those buckets',
    );
    r.say('--fp16 True: DeepSpeed fp16 mode, fp32 master of the adapters in the ZeRO optimizer -> mixedPrecision true');
    r.say('ds_config_zero2.json optimizer AdamW: DeepSpeed FusedAdam, no foreach temporaries -> fusedOptimizer true');
  } else {
    r.say("Qwen's remote code sets bf16 weights (config bf16/fp16/fp32 all false) -> bf16, mixedPrecision false");
  }
  r.say('LoRA targets c_attn, c_proj (attention and MLP), w1, w2 -> every linear of the layer');
  r.cannotExpress('c_attn is one fused q,k,v linear: one LoRA pair for the three, where the input counts three');
  r.say('flash attention 2 per the README -> flashAttention true');
  return config;
};
