import type { EstimateInput } from '../../src-main/domain/estimate/input';
import { loraTargetsOf, sequenceLengthOf, shapeOf } from './reading';
import type { Reader } from './readers';

/**
 * foundation-model-stack/fms-acceleration benchmark CSVs: HF Trainer runs on A100-80GB under accelerate
 * FSDP FULL_SHARD (also on one GPU), flash-attn 2, gradient checkpointing on. Full and LoRA runs hold
 * the model in bf16/fp16 without AMP; bnb and GPTQ bases keep their LoRA adapters in the 16-bit dtype. The
 * accelerated-peft bnb plugin does not upcast the base's norms to fp32 (foundation-model-stack/fms-acceleration@876e2ed6
 * plugins/accelerated-peft/src/fms_acceleration_peft/framework_plugin_bnb.py _prepare_model_for_kbit_training);
 * FOAK runs replace the loss with unsloth's fused cross-entropy (fast_loss: true in the same commit's
 * sample-configurations/accelerated-peft-{bnb-nf4,autogptq}-foak-sample-configuration.yaml).
 * The orca-math runs are unpacked: their sequence length is the mean tokens per sample.
 */
export const readFms: Reader = (r, ctx) => {
  const rec = r.record;
  if (rec.batch_size === null) throw new Error(`${rec.id}: fms row without a batch size`);
  const gptq = /GPTQ/.test(rec.precision);
  const quantized = rec.task === 'qlora';
  const fp16 = /float16|fp16/.test(rec.compute_dtype ?? '') && !/bfloat16/.test(rec.compute_dtype ?? '');
  const config: EstimateInput = {
    model: shapeOf(r, ctx),
    method: rec.task,
    precision: quantized ? 'int4' : fp16 ? 'fp16' : 'bf16',
    quant: quantized ? (gptq ? 'gptq' : 'bnb') : 'none',
    batchSize: rec.batch_size,
    seqLen: sequenceLengthOf(r),
    optimizer: 'adamw',
    mixedPrecision: false,
    gradientCheckpointing: rec.gradient_checkpointing ?? true,
    flashAttention: true,
  };
  if (gptq) {
    config.quantBackend = 'triton';
    r.say(
      'accelerated-peft autogptq: kernel triton_v2, the only 4-bit GPTQ kernel that trains (plugins/accelerated-peft/README.md) -> quantBackend triton',
    );
  }
  if (rec.task !== 'full' && rec.lora_rank !== null && rec.lora_targets !== null)
    config.lora = { rank: rec.lora_rank, targets: loraTargetsOf(r, rec.lora_targets) };
  if (rec.nvidia_smi_peak_mib !== undefined)
    r.say('nvidia-smi peak (MiB in notes/nvidia_smi_peak_mib) -> measured.nvidiaSmiPeakBytes');
  const amp = /fp16=True \(AMP\)/.test(rec.precision);
  if (!quantized) r.say(fp16 ? 'pure fp16 (no fp32 master weights)' : 'pure bf16 (no fp32 master weights)');
  else if (amp) {
    // fp16 AMP scales gradients with a GradScaler, which refuses fp16 trainable params: the adapters are fp32.
    config.mixedPrecision = true;
    r.say(
      `${gptq ? 'GPTQ' : 'bnb'} 4-bit base with fp16=True (AMP) -> method qlora, int4/${gptq ? 'gptq' : 'bnb'}, mixedPrecision true (fp32 adapters)`,
    );
  } else if (gptq) r.say('GPTQ 4-bit base + LoRA fp16 per source -> method qlora, int4/gptq, mixedPrecision false');
  else r.say('bnb base + LoRA held in bf16 per source (bf16 autocast) -> mixedPrecision false');
  if (quantized && !gptq && /accelerated-peft \(bnb/.test(rec.framework)) {
    config.kbitUpcast = false;
    r.say(
      "fms-acceleration accelerated-peft bnb plugin: its own _prepare_model_for_kbit_training skips PEFT's fp32 upcast -> kbitUpcast false",
    );
  }
  if (/FOAK/.test(rec.framework)) {
    config.fusedCrossEntropy = true;
    config.fusedKernels = true;
    r.say(
      'FOAK kernels: fast_loss true (sample-configurations/accelerated-peft-*-foak-sample-configuration.yaml) -> fusedCrossEntropy true',
    );
    r.say(
      'FOAK kernels: fused RMSNorm, RoPE and LoRA/MLP ops (plugins/fused-ops-and-kernels/README.md) -> fusedKernels true',
    );
  }
  config.gpus = rec.num_gpus ?? 1;
  config.sharding = 'fsdp';
  r.say('FSDP FULL_SHARD also on 1 GPU -> fsdp');
  if (/padding-free/.test(rec.framework) && rec.packing !== 'padding-free')
    throw new Error(`${rec.id}: a padding-free run whose record does not say packing padding-free`);
  return config;
};
