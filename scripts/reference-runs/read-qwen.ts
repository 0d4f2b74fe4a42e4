import type { EstimateInput } from '../../src-main/domain/estimate/input';
import { shapeOf } from './reading';
import type { Reader } from './readers';

/**
 * QwenLM/Qwen README 'Profiling of Memory and Speed': single-node runs on A100-SXM4-80G through the repo's
 * finetune.py, batch 1 × gradient accumulation 8 per GPU, every sample padded to the sequence length, flash
 * attention 2, gradient checkpointing (QwenLM/Qwen@2df8e8ac, README.md, finetune.py and finetune/*.sh). LoRA: HF
 * Trainer + PEFT in bf16 without DeepSpeed (finetune/finetune_lora_single_gpu.sh). Q-LoRA: the *-Chat-Int4 GPTQ
 * checkpoint with ExLlama off, in DeepSpeed's fp16 mode under ZeRO-2 on the one GPU
 * (finetune/finetune_qlora_single_gpu.sh with finetune/ds_config_zero2.json). Full-parameter (1.8B on one GPU,
 * 7B on two) and the 72B's LoRA on four GPUs: DeepSpeed ZeRO-3 in bf16 mode (finetune/finetune_ds.sh,
 * finetune/finetune_lora_ds.sh with finetune/ds_config_zero3.json). The rate is tokens per optimizer step, of
 * every GPU, over the printed seconds per step.
 */
export const readQwenReadme: Reader = (r, ctx) => {
  const rec = r.record;
  const { task } = rec;
  if ((task !== 'lora' && task !== 'qlora' && task !== 'full') || rec.batch_size === null || rec.seq_len === null)
    throw new Error(`${rec.id}: a Qwen README row needs full, LoRA or Q-LoRA, a batch and a length`);
  const adapter = task !== 'full';
  if (adapter && rec.lora_rank === null) throw new Error(`${rec.id}: a Qwen README LoRA row needs its rank`);
  const zero3 = /ZeRO-3/.test(rec.parallelism ?? '');
  const gpus = rec.num_gpus ?? 1;
  const config: EstimateInput = {
    model: shapeOf(r, ctx),
    method: task,
    precision: 'bf16',
    quant: 'none',
    batchSize: rec.batch_size,
    seqLen: rec.seq_len,
    optimizer: 'adamw',
    mixedPrecision: false,
    gradientCheckpointing: rec.gradient_checkpointing ?? true,
    flashAttention: true,
    ...(adapter ? { lora: { rank: rec.lora_rank!, targets: ['q', 'k', 'v', 'o', 'gate', 'up', 'down'] } } : {}),
    gpus,
    sharding: 'none',
  };
  if (task === 'qlora') {
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
  } else if (zero3) {
    Object.assign(config, {
      framework: 'deepspeed-zero3',
      sharding: 'zero3',
      mixedPrecision: true,
      fusedOptimizer: true,
    } satisfies Partial<EstimateInput>);
    r.say(
      `--deepspeed ds_config_zero3.json: ZeRO-3 on ${gpus} GPU${gpus > 1 ? 's' : ''}, no offload -> sharding zero3`,
    );
    r.say('--bf16 True: DeepSpeed bf16 mode, fp32 master weights in the ZeRO optimizer -> mixedPrecision true');
    r.say('ds_config_zero3.json optimizer AdamW: DeepSpeed FusedAdam, no foreach temporaries -> fusedOptimizer true');
  } else {
    r.say("Qwen's remote code sets bf16 weights (config bf16/fp16/fp32 all false) -> bf16, mixedPrecision false");
  }
  if (adapter) {
    r.say('LoRA targets c_attn, c_proj (attention and MLP), w1, w2 -> every linear of the layer');
    r.cannotExpress('c_attn is one fused q,k,v linear: one LoRA pair for the three, where the input counts three');
  } else {
    r.cannotExpress(
      'c_attn is one fused q,k,v linear: one matrix, one ZeRO-3 fetch and one kernel, where the input counts three',
    );
  }
  r.say('flash attention 2 per the README -> flashAttention true');
  return config;
};
