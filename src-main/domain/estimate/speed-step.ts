import type { Card } from '../catalog';
import type { FittedConstants } from './fitted';
import type { Optimizer, Precision, ResolvedModel, Sharding } from './input';
import { trainingStateBytes } from './training-state';
import { dtypeBytes } from './units';

/**
 * PyTorch operator calls of one eager decoder layer's forward (each costs CPU dispatch time, views
 * included). A gated-MLP layer, counted in transformers' LlamaDecoderLayer with SDPA attention
 * (huggingface/transformers@5dd4a635, src/transformers/models/llama/modeling_llama.py): two RMSNorms of
 * 8 calls (to fp32, pow, mean, add, rsqrt, mul, to dtype, weight mul), q/k/v projections with view and
 * transpose (9), rotary embedding (2 unsqueezes + 7 calls each for q and k), repeat_kv and SDPA (7),
 * reshape, contiguous and o_proj (3), the MLP (gate, act, up, mul, down: 5), two residual adds: 58.
 * A layer without a gated MLP (BERT / GPT-2 style: fused LayerNorm, absolute positions), counted in
 * BertLayer (huggingface/transformers@8ec58104, src/transformers/models/bert/modeling_bert.py): q/k/v with
 * view and permute (9), scores matmul, scale, mask, softmax, dropout, context matmul and its reshape (9),
 * and the two dense + dropout + add + LayerNorm blocks with the intermediate dense and activation (10): 30.
 */
export function opsPerLayerForward(model: ResolvedModel): number {
  return model.gatedMlp ? 58 : 30;
}
/**
 * Calls a PEFT LoRA Linear adds: dropout, lora_A, lora_B, the scaling and the add to the base output
 * (huggingface/peft@b28a09c4, src/peft/tuners/lora/layer.py, Linear.forward:
 * `result + lora_B(lora_A(dropout(x))) * scaling`).
 */
export const OPS_PER_LORA_LINEAR = 5;
/** An unfused quantized Linear dequantizes its weight before the matmul: one more call (bitsandbytes dequantize_4bit). */
export const OPS_PER_QUANT_LINEAR = 1;
/**
 * auto-gptq's PyTorch path rebuilds a 4-bit weight in 23 calls more than a Linear's one (AutoGPTQ/AutoGPTQ@179776bd
 * auto_gptq/nn_modules/qlinear/qlinear_cuda_old.py forward: reshape of x; zeros: unsqueeze, expand, wf.unsqueeze,
 * bitwise_right_shift, to(int8), bitwise_and, + 1, reshape; scales reshape; weight: unsqueeze, expand,
 * wf.unsqueeze, bitwise_right_shift, to(int8), bitwise_and, reshape, − zeros, × scales, reshape; x.half(),
 * matmul, out.half(), reshape: 24 calls), in each forward pass (the forward and, under checkpointing, the
 * recompute; backward multiplies by the weight autograd kept).
 */
export const OPS_PER_GPTQ_PYTORCH_LINEAR = 23;
/**
 * Bytes per weight that path moves in a forward pass, read from the same calls: the packed int32 read (0.5),
 * the shift's int32 result written (4) and read by to(int8) (4), which writes int8 (1); bitwise_and in place
 * (1 + 1); the subtraction (1 + 1); the scaling to fp16 (1 + 2); the matmul's read (2).
 */
export const GPTQ_PYTORCH_BYTES_PER_WEIGHT = 0.5 + 4 + 4 + 1 + 2 + 2 + 3 + 2;
/** Linear matrices of a decoder layer: q, k, v, o, gate (gated MLPs), up, down. */
const linearsPerLayer = (model: ResolvedModel) => (model.gatedMlp ? 7 : 6);

/**
 * Where the weights of a quantized base are turned back into 16-bit numbers each pass. 'unfused': a
 * separate dequantization kernel writes a 16-bit copy that the matmul reads back (bitsandbytes); 'pytorch':
 * auto-gptq's PyTorch path rebuilds it in a chain of elementwise calls and autograd keeps it for backward;
 * 'fused': the matmul reads the packed weights (Triton/exllama/Marlin/AWQ kernels).
 */
export type DequantPath = 'none' | 'unfused' | 'pytorch' | 'fused';

/** What one optimizer step of a training run depends on, per GPU. */
export interface StepSetup {
  model: ResolvedModel;
  card: Card;
  gpus: number;
  sharding: Sharding;
  /** Micro-batches per optimizer step (gradient accumulation). */
  microBatches: number;
  /** Tokens one GPU processes per micro-batch (batch × sequence). */
  tokensPerMicroBatch: number;
  /** Training FLOPs per token (speed-flops.ts), recompute included. */
  flopsPerToken: number;
  /** Dense peak the MFU applies to, TFLOPS. */
  peakTflops: number;
  /** Share of peak the matmuls reach (fitted). */
  mfu: number;
  /**
   * The elementwise ops between the matmuls run fused, through torch.compile or hand-written Triton kernels
   * (fms-acceleration FOAK, unsloth, Liger): the same fitted speed-up shortens the GPU time.
   */
  fusedElementwise: boolean;
  gradientCheckpointing: boolean;
  /** Bytes of the whole model's weights as stored. */
  weightBytes: number;
  /** Linear-layer parameters (what a quantized base dequantizes). */
  linearParams: number;
  /** Bits per stored weight of the linear layers. */
  weightBits: number;
  dequant: DequantPath;
  /** LoRA-wrapped linear matrices per layer (0 for full fine-tuning). */
  loraLinearsPerLayer: number;
  trainableParams: number;
  /** dtype the trainable weights live in (LoRA adapters: as PEFT keeps them). */
  trainablePrecision: Precision;
  mixedPrecision: boolean;
  optimizer: Optimizer;
  /**
   * FSDP calls per micro-batch (fsdpCollectiveCalls), each with a fitted time: exposed communication on several
   * GPUs (fsdpCollectiveSeconds), the units' hooks on one (hookCallSeconds, counted as compute).
   */
  fsdpCollectiveCalls: number;
  /** Bytes/s of the link the collectives run over (speed-scaling.ts). */
  linkBytesPerSecond: number;
  /** Seconds per step the CPU offload adds (speed-offload.ts). */
  offloadSeconds: number;
  /** False when the optimizer steps on the CPU (optimizer offload: speed-offload.ts times it). */
  optimizerOnGpu: boolean;
  /** The optimizer updates each tensor group in one kernel instead of torch's foreach passes. */
  fusedOptimizer: boolean;
}

/** One optimizer step, term by term (seconds, per GPU). */
export interface StepTime {
  /** Matmul time of one micro-batch: FLOPs ÷ (peak × MFU). */
  flopSeconds: number;
  /** Reading every weight once per pass: the floor of a micro-batch too small to be compute-bound. */
  weightStreamSeconds: number;
  /** Dequantizing a quantized base, per micro-batch. */
  dequantSeconds: number;
  /** GPU time of one micro-batch: max(matmuls, weight streaming) + dequantization. */
  gpuSeconds: number;
  /** CPU time to dispatch one micro-batch's kernels, ZeRO-3's parameter fetch hooks included. */
  dispatchSeconds: number;
  /** The part of the shorter of GPU and dispatch time that does not overlap the longer, per micro-batch. */
  unoverlappedSeconds: number;
  /** One micro-batch: max(GPU time, CPU dispatch floor) + what of the shorter is not overlapped + exposed collectives. */
  microBatchSeconds: number;
  optimizerSeconds: number;
  /** Collective time per step that compute did not hide (all micro-batches). */
  exposedCommSeconds: number;
  /** Step time without any communication (what one GPU alone would take on its share). */
  computeSeconds: number;
  stepSeconds: number;
  bound: 'compute' | 'weights' | 'dispatch';
}

/**
 * Time of one optimizer step = Σ over micro-batches of max(GPU time, CPU dispatch floor) + optimizer step
 * + exposed communication (the three regimes of Horace He, "Making Deep Learning Go Brrrr From First
 * Principles", https://horace.io/brrr_intro.html: compute, memory bandwidth, overhead).
 * - Overlap: the CPU hides its dispatch behind GPU work only while it runs ahead, and a loop that waits on the
 *   GPU every micro-batch lets it fall behind: HF Trainer tests each micro-batch's loss with torch.isnan in a
 *   Python condition (TrainingArguments.logging_nan_inf_filter, on by default,
 *   https://huggingface.co/docs/transformers/main_classes/trainer), a plain loop calls loss.item(). A fitted
 *   share of the shorter of the two adds to the longer.
 * - GPU time: FLOPs at the fitted MFU, or the weights streamed once per pass (forward, two backward reads,
 *   one recompute), whichever is longer, plus dequantization of a quantized base.
 * - CPU floor: eager PyTorch launches every kernel from Python; the GPU idles when its kernels are shorter
 *   than their launch (same post, "Overhead"). Ops per layer and pass × fitted seconds per op, and under
 *   ZeRO-3 the hooks that fetch each module's parameters (zero3FetchCalls).
 * - Optimizer: a memory-bound pass over the trainable parameters of this GPU's shard.
 * - Collectives (commSchedule): FSDP/ZeRO-3 gather the weights twice and reduce-scatter the gradients in
 *   every micro-batch, ZeRO-2 reduces gradients in every micro-batch, DDP and ZeRO-1 once per step; the
 *   fitted overlap share of them hides behind the micro-batch's compute.
 */
export function stepTime(s: StepSetup, k: FittedConstants): StepTime {
  const tokens = s.tokensPerMicroBatch;
  const compile = s.fusedElementwise ? k.compileSpeedup : 1;
  const flopSeconds = (tokens * s.flopsPerToken) / (s.peakTflops * 1e12 * s.mfu * compile);
  const stream = s.card.bandwidthGBps * 1e9 * k.trainingStreamEfficiency;
  const passes = 3 + (s.gradientCheckpointing ? 1 : 0);
  const weightStreamSeconds = (passes * s.weightBytes) / stream;
  const dequantSeconds = dequantSecondsPerMicroBatch(s, stream);
  const gpuSeconds = Math.max(flopSeconds, weightStreamSeconds) + dequantSeconds;
  const dispatchSeconds = dispatchSecondsPerMicroBatch(s, k);
  const comm = commSchedule(s);
  const alone = s.gpus <= 1;
  const fsdpSeconds = s.fsdpCollectiveCalls * (alone ? k.hookCallSeconds : k.fsdpCollectiveSeconds);
  const exposedPerMicro =
    Math.max(0, comm.perMicroBatchSeconds - k.commOverlap * gpuSeconds) + (alone ? 0 : fsdpSeconds);
  const exposedPerStep = Math.max(0, comm.perStepSeconds - k.commOverlap * gpuSeconds);
  const unoverlappedSeconds = k.overheadExposedShare * Math.min(gpuSeconds, dispatchSeconds);
  const busy = Math.max(gpuSeconds, dispatchSeconds) + unoverlappedSeconds + (alone ? fsdpSeconds : 0);
  const optimizerSeconds = optimizerStepSeconds(s, k);
  const computeSeconds = s.microBatches * busy + optimizerSeconds + s.offloadSeconds;
  const exposedCommSeconds = s.microBatches * exposedPerMicro + exposedPerStep;
  const bound = dispatchSeconds > gpuSeconds ? 'dispatch' : weightStreamSeconds > flopSeconds ? 'weights' : 'compute';
  return {
    flopSeconds,
    weightStreamSeconds,
    dequantSeconds,
    gpuSeconds,
    dispatchSeconds,
    unoverlappedSeconds,
    microBatchSeconds: busy + exposedPerMicro,
    optimizerSeconds,
    exposedCommSeconds,
    computeSeconds,
    stepSeconds: computeSeconds + exposedCommSeconds,
    bound,
  };
}

/**
 * Dequantizing a frozen quantized base (QLoRA, Dettmers et al. 2023): each pass that multiplies by the
 * weights (forward, input gradient, recompute) reads the packed weights, writes a 16-bit copy and the
 * matmul reads it back: bits/8 + 2 + 2 bytes per weight. Fused kernels read the packed weights in the
 * matmul itself, so the weight-streaming floor already counts them.
 */
function dequantSecondsPerMicroBatch(s: StepSetup, bytesPerSecond: number): number {
  if (s.dequant === 'pytorch') {
    // Rebuilt in the forward and the recompute; backward reads the kept fp16 weight once more.
    const forwards = s.gradientCheckpointing ? 2 : 1;
    return (s.linearParams * (forwards * GPTQ_PYTORCH_BYTES_PER_WEIGHT + 2)) / bytesPerSecond;
  }
  if (s.dequant !== 'unfused') return 0;
  const passes = s.gradientCheckpointing ? 3 : 2;
  return (passes * s.linearParams * (s.weightBits / 8 + 4)) / bytesPerSecond;
}

/**
 * CPU time to launch one micro-batch's kernels: layers × (forward + backward ≈ 2 forwards + recompute)
 * × ops per layer (base layer, + 5 per LoRA Linear, + 1 per unfused quantized Linear) × fitted seconds per op,
 * the GPTQ PyTorch path's rebuild calls in each forward pass, and ZeRO-3's parameter fetches (zero3FetchCalls)
 * × the fitted time of one hook call.
 */
function dispatchSecondsPerMicroBatch(s: StepSetup, k: FittedConstants): number {
  const passes = 3 + (s.gradientCheckpointing ? 1 : 0);
  const quantOps = s.dequant === 'unfused' ? OPS_PER_QUANT_LINEAR * linearsPerLayer(s.model) : 0;
  const ops = opsPerLayerForward(s.model) + OPS_PER_LORA_LINEAR * s.loraLinearsPerLayer + quantOps;
  const forwards = 1 + (s.gradientCheckpointing ? 1 : 0);
  const rebuildOps = s.dequant === 'pytorch' ? forwards * OPS_PER_GPTQ_PYTORCH_LINEAR * linearsPerLayer(s.model) : 0;
  const launches = s.model.layers * (passes * ops + rebuildOps) * k.dispatchSecondsPerOp;
  return launches + zero3FetchCalls(s) * k.hookCallSeconds;
}

/**
 * DeepSpeed ZeRO-3 parameter fetches per micro-batch. ZeRO-3 hooks every module of the model, and each module's
 * pre-forward and pre-backward hooks fetch its own partitioned parameters through the parameter coordinator
 * (deepspeedai/DeepSpeed@edaa7221, deepspeed/runtime/zero/parameter_offload.py: _register_deepspeed_module,
 * pre_sub_module_forward_function and pre_sub_module_backward_function call fetch_sub_module), on one GPU too.
 * Counted per layer: the modules holding parameters (two norms, every linear matrix, and each LoRA-wrapped
 * linear's lora_A and lora_B), fetched in the forward, in the backward and, under gradient checkpointing, in the
 * recompute. The gathered bytes are in commSchedule (the coordinator prefetches them while earlier modules
 * compute); what each fetch adds is the hooks' Python work on the CPU, a share of the dispatch floor.
 */
export function zero3FetchCalls(
  s: Pick<StepSetup, 'sharding' | 'model' | 'loraLinearsPerLayer' | 'gradientCheckpointing'>,
): number {
  if (s.sharding !== 'zero3') return 0;
  const modules = 2 + linearsPerLayer(s.model) + 2 * s.loraLinearsPerLayer;
  return s.model.layers * modules * (2 + (s.gradientCheckpointing ? 1 : 0));
}

/** How the trainable weights of a sharded run are wrapped: what sets the number of FSDP collective calls. */
export interface FsdpWrapping {
  layers: number;
  /** LoRA-wrapped linear matrices per layer (0 for full fine-tuning). */
  loraLinearsPerLayer: number;
  /**
   * HF Trainer with PEFT wraps every adapter matrix (lora_A, lora_B) as an FSDP unit of its own, so a layer's
   * unit holds only frozen weights (transformers Trainer._fsdp_qlora_plugin_updates sets PEFT's
   * fsdp_auto_wrap_policy: a unit per leaf module whose weight requires grad). Other loops keep the adapters
   * in their layer's unit.
   */
  adaptersOwnUnits: boolean;
  /**
   * fms-acceleration's fused kernels on a quantized base take the adapters out of FSDP and all-reduce each
   * adapter matrix's gradient in a hook of its own, every micro-batch, on one GPU too
   * (foundation-model-stack/fms-acceleration@876e2ed plugins/fused-ops-and-kernels/src/fms_acceleration_foak/
   * utils.py lora_adapters_switch_ddp_from_fsdp, installed by framework_plugin_fast_kernels.py whenever FSDP runs a
   * quantized model): one call per adapter matrix.
   */
  adaptersAllReduced: boolean;
}

/**
 * FSDP calls per micro-batch: each unit all-gathers its weights before the forward and again before the backward,
 * and reduce-scatters its gradients when it holds trainable weights (PyTorch FSDP docs,
 * https://pytorch.org/docs/stable/fsdp.html). Each call runs through FSDP's Python hooks, and limit_all_gathers
 * makes the CPU wait on the all-gather two units back, so per call its time adds to the step however small the
 * buffer. On one GPU FSDP clamps to NO_SHARD (pytorch/pytorch@39ec502d torch/distributed/fsdp/_init_utils.py,
 * _init_core_state) but keeps every unit and its hooks, and all-reduces each unit's gradients over the one-rank
 * group (pytorch/pytorch@3ade90a6 torch/distributed/fsdp/_runtime_utils.py, _reduce_grad_no_shard): the same
 * calls, without a link.
 */
export function fsdpCollectiveCalls(w: FsdpWrapping): number {
  const adapters = w.layers * w.loraLinearsPerLayer * 2;
  if (adapters === 0) return w.layers * 3;
  if (w.adaptersAllReduced) return w.layers * 2 + adapters;
  if (w.adaptersOwnUnits) return w.layers * 2 + adapters * 3;
  return w.layers * 3;
}

/**
 * Collective seconds per micro-batch and per optimizer step, at the link's bus bandwidth (ring algorithms
 * move (n−1)/n of the buffer per GPU for a gather or a reduce-scatter, twice that for an all-reduce).
 * FSDP FULL_SHARD / ZeRO-3 all-gather the weights before the forward and again before the backward and
 * reduce-scatter the gradients (PyTorch FSDP docs, https://pytorch.org/docs/stable/fsdp.html; ZeRO paper,
 * Rajbhandari et al. 2020, §7). ZeRO-2 reduces gradients in every micro-batch, ZeRO-1 only at the
 * accumulation boundary (deepspeedai/DeepSpeed@edaa7221, deepspeed/runtime/zero/stage_1_and_2.py,
 * reduce_ready_partitions_and_remove_grads: `partition_gradients or is_gradient_accumulation_boundary()`),
 * and both all-gather the updated weights after the step. DDP all-reduces gradients once per step (no_sync
 * on the accumulation micro-batches).
 */
export function commSchedule(s: StepSetup): { perMicroBatchSeconds: number; perStepSeconds: number } {
  const n = s.gpus;
  if (n <= 1) return { perMicroBatchSeconds: 0, perStepSeconds: 0 };
  const share = (n - 1) / n;
  const gradientBytes = 2 * s.trainableParams;
  const link = s.linkBytesPerSecond;
  switch (s.sharding) {
    case 'fsdp':
    case 'zero3':
      return { perMicroBatchSeconds: (share * (2 * s.weightBytes + gradientBytes)) / link, perStepSeconds: 0 };
    case 'zero2':
      return { perMicroBatchSeconds: (share * gradientBytes) / link, perStepSeconds: (share * gradientBytes) / link };
    case 'zero1':
      return { perMicroBatchSeconds: 0, perStepSeconds: (2 * share * gradientBytes) / link };
    case 'none':
      return { perMicroBatchSeconds: 0, perStepSeconds: (2 * share * gradientBytes) / link };
  }
}

/**
 * The optimizer step on the GPU: a memory-bound pass over this GPU's shard of the trainable parameters, at a
 * fitted share of DRAM bandwidth, moving what its kernels read and write (optimizerBytesPerParam).
 */
function optimizerStepSeconds(s: StepSetup, k: FittedConstants): number {
  if (!s.optimizerOnGpu) return 0;
  const shards = s.sharding === 'none' ? 1 : Math.max(1, s.gpus);
  const bytesPerParam = optimizerBytesPerParam(s.optimizer, s.trainablePrecision, s.mixedPrecision, s.fusedOptimizer);
  return ((s.trainableParams / shards) * bytesPerParam) / (s.card.bandwidthGBps * 1e9 * k.optimizerBandwidthEfficiency);
}

/**
 * DRAM bytes one optimizer step moves per trainable parameter. A fused kernel (torch's fused AdamW, DeepSpeed's
 * FusedAdam, bitsandbytes' optimizers) reads the gradient, the states and the weight it updates (the fp32 master
 * where there is one) and writes the states and the weight back. torch's default AdamW runs foreach passes
 * instead, each reading and writing whole tensor lists (pytorch/pytorch@002d2f0b torch/optim/adamw.py
 * _multi_tensor_adamw): weight decay mul_ on the weight (2 weights), lerp_ of m with g (2 states + g), mul_ of v
 * (2 states), addcmul_ of v with g·g (2 states + g), sqrt of v into a new list (2 states), div_ and add_ on it
 * (2 + 2 states), addcdiv_ of the weight with m over it (2 weights + 2 states): 4 weights + 14 states + 2
 * gradients. A master copy is cast back into the 16-bit weight after the step (a master read, a weight write).
 */
export function optimizerBytesPerParam(
  optimizer: Optimizer,
  precision: Precision,
  mixedPrecision: boolean,
  fused: boolean,
): number {
  const state = trainingStateBytes(optimizer, precision, mixedPrecision);
  const weight = dtypeBytes(precision);
  const foreach = optimizer === 'adamw' && !fused;
  if (!foreach) return state.gradient + 2 * state.optimizer + 2 * weight;
  const moment = (state.optimizer - state.master) / 2;
  const updated = state.master || weight;
  const castBack = state.master ? state.master + weight : 0;
  return 4 * updated + 14 * moment + 2 * state.gradient + castBack;
}
