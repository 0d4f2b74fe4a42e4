import type { EstimateInput } from '../../src-main/domain/estimate/input';
import { loraTargetsOf, shapeOf } from './reading';
import type { Reader } from './readers';

/**
 * foundation-model-stack/fms-acceleration benchmark CSVs: HF Trainer runs on A100-80GB under accelerate
 * FSDP FULL_SHARD (also on one GPU), flash-attn 2, gradient checkpointing on. Full and LoRA runs hold
 * the model in bf16/fp16 without AMP; bnb and GPTQ bases keep their LoRA adapters in the 16-bit dtype.
 */
export const readFms: Reader = (r, ctx) => {
  const rec = r.record;
  if (rec.batch_size === null || rec.seq_len === null) throw new Error(`${rec.id}: fms row without batch/seq`);
  const gptq = /GPTQ/.test(rec.precision);
  const quantized = rec.task === 'qlora';
  const config: EstimateInput = {
    model: shapeOf(r, ctx),
    method: rec.task,
    precision: quantized
      ? 'int4'
      : /float16|fp16/.test(rec.compute_dtype ?? '') && !/bfloat16/.test(rec.compute_dtype ?? '')
        ? 'fp16'
        : 'bf16',
    quant: quantized ? (gptq ? 'gptq' : 'bnb') : 'none',
    batchSize: rec.batch_size,
    seqLen: rec.seq_len,
    optimizer: 'adamw',
    mixedPrecision: false,
    gradientCheckpointing: rec.gradient_checkpointing ?? true,
    flashAttention: true,
  };
  if (rec.task !== 'full' && rec.lora_rank !== null && rec.lora_targets !== null)
    config.lora = { rank: rec.lora_rank, targets: loraTargetsOf(r, rec.lora_targets) };
  if (rec.nvidia_smi_peak_mib !== undefined)
    r.say('nvidia-smi peak (MiB in notes/nvidia_smi_peak_mib) -> measured.nvidiaSmiPeakBytes');
  if (!quantized) r.say('pure bf16 (no fp32 master weights)');
  else if (gptq) r.say('GPTQ 4-bit base + LoRA fp16 per source -> method qlora, int4/gptq, mixedPrecision false');
  else r.say('bnb base + LoRA held in bf16 per source (bf16 autocast) -> mixedPrecision false');
  config.gpus = rec.num_gpus ?? 1;
  config.sharding = 'fsdp';
  r.say('FSDP FULL_SHARD also on 1 GPU -> fsdp');
  return config;
};
