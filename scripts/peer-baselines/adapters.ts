/**
 * Maps a reference row (EstimateInput with a full shape) onto each peer's own inputs. A row is
 * "not supported" when the peer has no way to express its method, quantization or GPU layout;
 * settings the peer simply has no field for (FlashAttention, GQA, LoRA rank…) are listed in
 * `ignored` and the peer answers anyway, as it would for a user.
 */
import type { ModelShape } from '../../src-main/domain/catalog';
import type { ResolvedModel } from '../../src-main/domain/estimate/input';
import { fillDefaults } from '../../src-main/domain/estimate/resolve-input';
import { loraParams } from '../../src-main/domain/estimate/trainable';
import { accelerateTotalSizeBytes, accelerateTrainingPeakBytes } from './accelerate-estimate';
import { canItRunMemory } from './can-it-run';
import { zero2GpuBytes, zero3GpuBytes } from './deepspeed-zero';
import { gpuPoorMemory } from './gpu-poor';
import {
  transformerMathInferenceBytes,
  transformerMathTrainingBytes,
  type TransformerMathSharding,
} from './transformer-math';
import { fullShape, MIB, unsupported, type Peer, type PeerInput, type PeerVerdict } from './types';
import { vramCalculatorMemory } from './vram-calculator';

const gpusOf = (r: PeerInput): number => r.gpus ?? 1;
const shardingOf = (r: PeerInput): NonNullable<PeerInput['sharding']> => r.sharding ?? 'none';
const training = (r: PeerInput): boolean => r.method !== 'inference';
const sixteenBit = (r: PeerInput): boolean => r.precision === 'bf16' || r.precision === 'fp16';

/**
 * gpu_poor and can-it-run give one whole-job total and "GPUs needed = ceil(total / GPU memory)"
 * (gpu_poor src/App.js handleClick, https://github.com/RahulSChand/gpu_poor; can-it-run-llm): on N GPUs that is total/N each. A data-parallel replica
 * (training, no sharding) holds the whole total on every GPU.
 */
function perGpuOfJobTotal(r: PeerInput, totalBytes: number): number {
  const n = gpusOf(r);
  return training(r) && shardingOf(r) === 'none' ? totalBytes : totalBytes / n;
}

/** Row settings that change memory and that a peer without the matching input ignores. */
function commonIgnored(
  r: PeerInput,
  shape: ModelShape,
  has: { batchSeq: boolean; gqa: boolean; flash: boolean; checkpointing: boolean },
): string[] {
  const out: string[] = [];
  if (!has.batchSeq) out.push('batch/seq');
  if (!has.gqa && shape.kvHeads < shape.heads) out.push('GQA');
  if (!has.flash && r.flashAttention) out.push('FlashAttention');
  if (!has.checkpointing && r.gradientCheckpointing) out.push('grad checkpointing');
  if (shape.experts > 1) out.push('MoE');
  // No peer models these memory-saving switches.
  if (r.optimizerInBackward) out.push('optimizer in backward');
  if (r.chunkedCrossEntropy) out.push('chunked cross-entropy');
  if (r.activationOffload) out.push('activation offload');
  if (r.optimizerOffload) out.push('optimizer offload');
  return out;
}

const gpuPoor: Peer = {
  id: 'gpu_poor',
  source: 'gpu_poor src/App.js, https://github.com/RahulSChand/gpu_poor',
  predict(r) {
    const shape = fullShape(r);
    if (!shape) return unsupported('model shape incomplete');
    const bnbBase = r.quant === 'bnb' && (r.precision === 'int4' || r.precision === 'int8');
    if (!sixteenBit(r) && r.method !== 'qlora' && !bnbBase)
      return unsupported(
        `no ${r.precision}/${r.quant ?? 'none'} weights (always 2-byte floats; GGML k-quant factors not documented)`,
      );
    if (r.method === 'qlora' && r.quant !== 'bnb') return unsupported(`QLoRA on a ${r.quant} base`);
    if (r.method === 'lora' && r.quant && r.quant !== 'none') return unsupported('LoRA on a quantized base');
    if (r.method === 'full' && r.quant && r.quant !== 'none') return unsupported('full FT on a quantized base');
    if (r.optimizer === 'sgd' && r.method === 'qlora') return unsupported('QLoRA with SGD');
    const ignored = commonIgnored(r, shape, { batchSeq: true, gqa: false, flash: false, checkpointing: true });
    if (r.optimizer === 'adamw-8bit' || r.optimizer === 'paged-adamw-8bit') ignored.push('8-bit optimizer');
    if (r.lora && !(r.lora.rank === 8 && Array.isArray(r.lora.targets) && r.lora.targets.join() === 'q,k'))
      ignored.push('LoRA rank/targets (hard-wired r=8 q,k)');
    if (r.method === 'full' && r.mixedPrecision) ignored.push('fp32 master weights');
    const result = gpuPoorMemory({
      vocab: shape.vocab,
      hidden: shape.hidden,
      heads: shape.heads,
      layers: shape.layers,
      intermediate: shape.intermediate,
      mode: training(r) ? 'trn' : 'inf',
      training: r.method === 'inference' ? 'full' : r.method,
      quant: r.quant === 'bnb' ? (r.precision === 'int8' ? 'bnb_int8' : 'bnb_q4') : 'none',
      optimizer: r.optimizer === 'sgd' ? 'sgd' : 'adam',
      seqLen: r.seqLen,
      batchSize: r.batchSize,
      gradientCheckpointing: r.gradientCheckpointing ?? false,
    });
    return { supported: true, perGpuBytes: perGpuOfJobTotal(r, result.totalMiB * MIB), ignored };
  },
};

/** A ResolvedModel for Cardwise's LoRA parameter count (the peer's "% trainable" input). */
function asResolved(shape: ModelShape): ResolvedModel {
  return {
    ...shape,
    id: null,
    name: 'row',
    activeParams: shape.params,
    slidingWindow: null,
    slidingWindowLayers: 0,
    kvLatentDim: null,
  };
}

const canItRun: Peer = {
  id: 'can-it-run-llm',
  source: 'can-it-run-llm src/utils.py, https://huggingface.co/spaces/Vokturz/can-it-run-llm',
  predict(r) {
    const shape = fullShape(r);
    if (!shape) return unsupported('model shape incomplete');
    if (r.method === 'qlora') return unsupported('no QLoRA');
    const dtype =
      r.precision === 'fp32'
        ? 'float32'
        : sixteenBit(r)
          ? 'float16/bfloat16'
          : r.precision === 'int8'
            ? 'int8'
            : r.precision === 'int4'
              ? 'int4'
              : null;
    if (dtype === null) return unsupported(`no ${r.precision} dtype`);
    if (training(r) && dtype !== 'float16/bfloat16' && dtype !== 'float32')
      return unsupported('training on a quantized base');
    const ignored = commonIgnored(r, shape, { batchSeq: false, gqa: false, flash: false, checkpointing: false });
    if (training(r)) ignored.push('optimizer/precision details');
    // The peer's LoRA input is "% trainable parameters"; we give it the row's true share (best case for the peer).
    const lora = r.lora ? fillDefaults(r).lora : undefined;
    const pct = lora ? (100 * loraParams(lora, asResolved(shape))) / shape.params : 2;
    const result = canItRunMemory(shape.params, dtype, pct);
    const total =
      r.method === 'inference'
        ? result.inferenceBytes
        : r.method === 'full'
          ? result.fullTrainingAdamBytes
          : result.loraBytes;
    return { supported: true, perGpuBytes: perGpuOfJobTotal(r, total), ignored };
  },
};

const vramCalculator: Peer = {
  id: 'vram-calculator',
  source: 'vram-calculator, https://github.com/furiousteabag/vram-calculator',
  predict(r) {
    const shape = fullShape(r);
    if (!shape) return unsupported('model shape incomplete');
    if (r.method === 'lora' || r.method === 'qlora') return unsupported('no LoRA/QLoRA');
    if (r.precision !== 'fp32' && !sixteenBit(r)) return unsupported('no quantization');
    const sharding = shardingOf(r);
    if (sharding === 'zero1' || sharding === 'zero2') return unsupported(`no ${sharding} (FSDP only)`);
    const ignored = commonIgnored(r, shape, { batchSeq: true, gqa: true, flash: false, checkpointing: false });
    if (r.method === 'full' && sixteenBit(r) && !r.mixedPrecision)
      ignored.push('pure 16-bit training (only fp32 or mixed)');
    if (r.method === 'inference') ignored.push('KV cache');
    if (r.optimizer === 'adamw-8bit' || r.optimizer === 'paged-adamw-8bit') ignored.push('8-bit optimizer');
    const result = vramCalculatorMemory({
      params: shape.params,
      hidden: shape.hidden,
      vocab: shape.vocab,
      heads: shape.heads,
      kvHeads: shape.kvHeads,
      intermediate: shape.intermediate,
      layers: shape.layers,
      training: training(r),
      precision: r.precision === 'fp32' && !(training(r) && r.mixedPrecision) ? 'full' : training(r) ? 'mixed' : 'half',
      optimizer: r.optimizer === 'sgd' ? 'sgd' : 'adam',
      sgdMomentum: true,
      seqLen: r.seqLen,
      batchSize: r.batchSize,
      gpus: gpusOf(r),
      parallel: training(r) ? sharding !== 'none' : gpusOf(r) > 1,
    });
    return { supported: true, perGpuBytes: result.totalBytes, ignored };
  },
};

const transformerMath: Peer = {
  id: 'transformer-math-101',
  source:
    'Transformer Math 101, https://blog.eleuther.ai/transformer-math/; Korthikanti et al. 2022, https://arxiv.org/abs/2205.05198',
  predict(r) {
    const shape = fullShape(r);
    if (!shape) return unsupported('model shape incomplete');
    if (r.method === 'lora' || r.method === 'qlora') return unsupported('no LoRA/QLoRA');
    if (r.method === 'inference') {
      const bytes = r.precision === 'fp32' ? 4 : sixteenBit(r) ? 2 : r.precision === 'int8' ? 1 : null;
      if (bytes === null) return unsupported(`no ${r.precision} weights (fp32/16-bit/int8 only)`);
      if (gpusOf(r) > 1) return unsupported('no multi-GPU inference rule');
      const ignored = commonIgnored(r, shape, { batchSeq: false, gqa: false, flash: false, checkpointing: true });
      return { supported: true, perGpuBytes: transformerMathInferenceBytes(shape.params, bytes), ignored };
    }
    if (!sixteenBit(r) && r.precision !== 'fp32') return unsupported('full FT on a quantized base');
    const ignored = commonIgnored(r, shape, { batchSeq: true, gqa: false, flash: false, checkpointing: true });
    if (shape.gatedMlp) ignored.push('SwiGLU MLP width (formula assumes 4h)');
    if (!r.mixedPrecision) ignored.push('pure 16-bit training (formula keeps fp32 master)');
    const s = shardingOf(r);
    const sharding: TransformerMathSharding = gpusOf(r) === 1 ? 'none' : s === 'fsdp' ? 'zero3' : s;
    const bytes = transformerMathTrainingBytes({
      params: shape.params,
      seqLen: r.seqLen,
      batchSize: r.batchSize,
      hidden: shape.hidden,
      heads: shape.heads,
      layers: shape.layers,
      optimizer:
        r.optimizer === 'sgd'
          ? 'sgd-momentum'
          : r.optimizer === 'adamw-8bit' || r.optimizer === 'paged-adamw-8bit'
            ? 'adamw-8bit'
            : 'adamw',
      gradientBytes: r.precision === 'fp32' ? 4 : 2,
      recompute: r.gradientCheckpointing ? 'full' : 'none',
      sharding,
      gpus: gpusOf(r),
    });
    return { supported: true, perGpuBytes: bytes, ignored };
  },
};

const accelerate: Peer = {
  id: 'accelerate estimate-memory',
  source: 'accelerate src/accelerate/commands/estimate.py, https://github.com/huggingface/accelerate',
  predict(r) {
    const shape = fullShape(r);
    if (!shape) return unsupported('model shape incomplete');
    if (r.method === 'lora' || r.method === 'qlora') return unsupported('no LoRA/QLoRA');
    if (gpusOf(r) > 1) return unsupported('no GPU count or sharding');
    const dtype =
      r.precision === 'fp32'
        ? 'float32'
        : sixteenBit(r)
          ? 'float16'
          : r.precision === 'int8'
            ? 'int8'
            : r.precision === 'int4'
              ? 'int4'
              : null;
    if (dtype === null) return unsupported(`no ${r.precision} dtype`);
    const ignored = commonIgnored(r, shape, { batchSeq: false, gqa: false, flash: false, checkpointing: false });
    if (r.method === 'inference')
      return { supported: true, perGpuBytes: accelerateTotalSizeBytes(shape.params, dtype), ignored };
    const peak = accelerateTrainingPeakBytes(shape.params, dtype);
    if (peak === null) return unsupported('training on int8/int4 is N/A');
    return { supported: true, perGpuBytes: peak, ignored };
  },
};

/** Largest single module: embedding / LM head, one MLP matrix or the q projection (for ZeRO-3's largest layer). */
function largestLayerParams(shape: ModelShape): number {
  return Math.max(
    shape.vocab * shape.hidden,
    shape.hidden * shape.intermediate,
    shape.hidden * shape.heads * shape.headDim,
  );
}

const deepspeed: Peer = {
  id: 'deepspeed zero estimator',
  source: 'DeepSpeed deepspeed/runtime/zero/stage_1_and_2.py and stage3.py, https://github.com/deepspeedai/DeepSpeed',
  predict(r) {
    const shape = fullShape(r);
    if (!shape) return unsupported('model shape incomplete');
    if (r.method !== 'full') return unsupported('model states of full training only');
    if (!sixteenBit(r)) return unsupported('16-bit weights + fp32 Adam only');
    const s = shardingOf(r);
    if (s === 'zero1') return unsupported('ZeRO-2/3 only');
    const ignored = commonIgnored(r, shape, { batchSeq: false, gqa: true, flash: true, checkpointing: false });
    ignored.push('activations/CUDA context (model states only)');
    if (r.optimizer === 'adamw-8bit' || r.optimizer === 'paged-adamw-8bit') ignored.push('8-bit optimizer');
    const n = s === 'none' ? 1 : gpusOf(r);
    const bytes =
      s === 'zero3' || s === 'fsdp'
        ? zero3GpuBytes(shape.params, largestLayerParams(shape), n)
        : zero2GpuBytes(shape.params, n);
    return { supported: true, perGpuBytes: bytes, ignored };
  },
};

/** Every re-implemented peer, in the order the table prints them. */
export const PEERS: Peer[] = [gpuPoor, canItRun, vramCalculator, transformerMath, accelerate, deepspeed];

export type { PeerVerdict };
