import type { Card, ModelPreset } from '../catalog';
import { msg, type Message } from '../messages';
import {
  type ActivationSetup,
  inferenceLogitsBytes,
  inferenceTransientBytes,
  kvCacheBytes,
  trainingActivationBytes,
  trainingLogitsBytes,
} from './activations';
import type { CardFit, EstimateInput, MemoryBreakdown, MemoryEstimate, Precision, ResolvedModel } from './input';
import { resolveInput, type ResolvedInput } from './resolve-input';
import { dequantBufferBytes, LLAMA_CPP_UBATCH_TOKENS, runtimeBytes } from './runtime';
import { layerParams, resolveModel } from './shape';
import { deepSpeedBucketBytes, deepSpeedGradientBytes } from './deepspeed-memory';
import { frameworkTraits } from './framework-traits';
import { loraDropoutInputs, loraParams, loraTargets } from './trainable';
import { trainingStateBytes, type TrainingStateBytes } from './training-state';
import { computeDtype, dtypeBytes, GIB } from './units';
import type { FittedConstants } from './fitted';
import { FITTED } from './fitted-constants';
import { largestMatrixParams, linearBytesPerParam, weightBytes } from './weights';

/** Share of each card's memory kept free by default (fragmentation spikes, other processes). */
export const DEFAULT_HEADROOM_FRACTION = 0.1;

/** What the estimator needs besides the input. */
export interface EstimateContext {
  presets: ModelPreset[];
  cards: Card[];
  /** Share of card memory to keep free, 0–0.9; DEFAULT_HEADROOM_FRACTION when absent. */
  headroomFraction?: number;
  /** Fitted constants to use instead of fitted-constants.ts (the accuracy harness refits them per fold). */
  constants?: FittedConstants;
}

interface PerGpu {
  totalBytes: number;
  allocatedBytes: number;
  breakdown: MemoryBreakdown;
}

/**
 * Peak memory per GPU for one configuration, broken down by what holds it, with the fit on
 * every card of `ctx.cards`. Pure: throws InputError for incoherent input.
 */
export function estimateMemory(input: EstimateInput, ctx: EstimateContext): MemoryEstimate {
  const { resolved, model, assumptions } = resolveEstimate(input, ctx.presets);
  const { perGpu, trainableParams } = peakPerGpu(model, resolved, assumptions, ctx.constants);
  return {
    model,
    resolvedInput: resolved,
    trainableParams,
    perGpu,
    assumptions,
    fits: cardFits(perGpu.totalBytes, ctx.cards, ctx.headroomFraction ?? DEFAULT_HEADROOM_FRACTION),
  };
}

/**
 * The input with every default filled in and its model resolved to a shape, with the assumptions
 * made: everything estimateMemory settles before it computes a peak. Throws InputError for incoherent input.
 */
export function resolveEstimate(
  input: EstimateInput,
  presets: ModelPreset[],
): { resolved: ResolvedInput; model: ResolvedModel; assumptions: Message[] } {
  const { resolved, assumptions: inputAssumptions } = resolveInput(input);
  const { model, assumptions: modelAssumptions } = resolveModel(input.model, presets);
  return { resolved, model, assumptions: [...modelAssumptions, ...inputAssumptions] };
}

/** Peak memory per GPU of a resolved configuration; notable modelling choices are pushed onto `assumptions`. */
export function peakPerGpu(
  model: ResolvedModel,
  resolved: ResolvedInput,
  assumptions: Message[],
  k: FittedConstants = FITTED,
): { perGpu: PerGpu; trainableParams: number } {
  const { trainableParams, at } = peakAt(model, resolved, assumptions, k);
  return { perGpu: at(resolved.batchSize, resolved.seqLen, assumptions), trainableParams };
}

/**
 * The peak per GPU at any batch and sequence, with what does not depend on them (weights, optimizer
 * states, gradients, buffers) computed once; `at` pushes the assumptions its own terms make when given a list.
 */
interface PeakAt {
  trainableParams: number;
  at: (batchSize: number, seqLen: number, assumptions?: Message[]) => PerGpu;
  /** `at(…).totalBytes` without the breakdown: what the solvers probe, dozens of times per card. */
  totalAt: (batchSize: number, seqLen: number) => number;
}

function peakAt(model: ResolvedModel, resolved: ResolvedInput, assumptions: Message[], k: FittedConstants): PeakAt {
  return resolved.method === 'inference'
    ? inferencePeakAt(model, resolved, assumptions, k)
    : trainingPeakAt(model, resolved, assumptions, k);
}

/**
 * The peak per GPU of `input` at any batch size and sequence length, the input resolved once and
 * the parts that do not depend on them computed once (the solvers and the sweep probe it many
 * times). Throws InputError for incoherent input.
 */
export function peakFunction(
  input: EstimateInput,
  ctx: EstimateContext,
): { resolved: ResolvedInput; peakBytes: (batchSize: number, seqLen: number) => number } {
  const { resolved, model } = resolveEstimate(input, ctx.presets);
  return { resolved, peakBytes: resolvedPeakFunction(model, resolved, ctx.constants) };
}

/** peakFunction of an input already resolved (by estimateMemory: its `model` and `resolvedInput`). */
export function resolvedPeakFunction(
  model: ResolvedModel,
  resolved: ResolvedInput,
  k: FittedConstants = FITTED,
): (batchSize: number, seqLen: number) => number {
  return peakAt(model, resolved, [], k).totalAt;
}

/** The memory a peak may use on `card`: memory × (1 − headroom). */
export function usableBytes(card: Card, headroomFraction: number): number {
  return card.memoryGiB * GIB * (1 - headroomFraction);
}

/** One CardFit per card: fits when the total stays under memory × (1 − headroom). */
function cardFits(totalBytes: number, cards: Card[], headroomFraction: number): CardFit[] {
  return cards.map((card) => {
    const memoryBytes = card.memoryGiB * GIB;
    return {
      card: card.id,
      memoryBytes,
      fits: totalBytes <= usableBytes(card, headroomFraction),
      headroomBytes: memoryBytes - totalBytes,
    };
  });
}

/** 16-bit compute unless the run is pure fp32. */
function activationBytes(precision: Precision, mixedPrecision: boolean, training: boolean): number {
  return precision === 'fp32' && !(training && mixedPrecision) ? 4 : 2;
}

function inferencePeakAt(model: ResolvedModel, r: ResolvedInput, assumptions: Message[], k: FittedConstants): PeakAt {
  const gguf = r.quant.startsWith('gguf');
  const e = activationBytes(r.precision, false, false);
  const weights = weightBytes(model, r.precision, r.quant) / r.gpus;
  const kvBytes = dtypeBytes(r.kvCachePrecision);
  // Only HF generate grows its KV cache by re-allocation; efficient runtimes preallocate or page it (vLLM).
  const growing = !gguf && r.inferenceRuntime === 'eager';
  if (growing) assumptions.push(msg('memory.eagerKvCache'));
  const at = (batchSize: number, seqLen: number): PerGpu => {
    const kvCache = kvCacheBytes(model, batchSize, seqLen, kvBytes, r.inferenceRuntime) / r.gpus;
    const tokens = batchSize * seqLen;
    const prefillTokens = gguf ? Math.min(tokens, LLAMA_CPP_UBATCH_TOKENS) : tokens;
    const activations = inferenceTransientBytes(
      model,
      prefillTokens,
      Math.min(seqLen, prefillTokens),
      e,
      r.flashAttention,
    );
    // llama.cpp sizes its output buffer for a whole micro-batch of fp32 logits.
    const logits = gguf ? prefillTokens * model.vocab * 4 : inferenceLogitsBytes(model, batchSize, e);
    const allocatedBytes = weights + kvCache + activations + logits;
    const { reserveBytes, contextBytes } = runtimeBytes(activations + logits, growing ? kvCache : 0, gguf, k);
    const breakdown: MemoryBreakdown = {
      weights,
      gradients: 0,
      optimizer: 0,
      activations,
      logits,
      kvCache,
      runtime: 0,
    };
    return finish(breakdown, allocatedBytes, reserveBytes + contextBytes);
  };
  return { trainableParams: 0, at, totalAt: (batchSize, seqLen) => at(batchSize, seqLen).totalBytes };
}

function trainingPeakAt(model: ResolvedModel, r: ResolvedInput, assumptions: Message[], k: FittedConstants): PeakAt {
  const n = r.gpus;
  const multi = n > 1;
  const shardOptimizer = multi && r.sharding !== 'none';
  const shardGradients = multi && (r.sharding === 'zero2' || r.sharding === 'zero3' || r.sharding === 'fsdp');
  const shardWeights = multi && (r.sharding === 'zero3' || r.sharding === 'fsdp');
  const computePrecision = computeDtype(r.precision);
  // bnb QLoRA: norms upcast to fp32 (PEFT prepare_model_for_kbit_training, field kbitUpcast) promote the norm and
  // MLP tensors to fp32, and bnb Linear4bit returns its input dtype (see activations.ts residualBytes). torchtune's
  // torchao NF4 linear returns bf16 and its RMSNorm `.type_as(x)`: no upcast (the field's default there).
  const e = activationBytes(r.precision, r.mixedPrecision, true);
  const fp32Residual = r.method === 'qlora' && r.quant === 'bnb' && r.kbitUpcast;
  const residual = fp32Residual ? 4 : e;
  if (fp32Residual) assumptions.push(msg('memory.bnbFp32Activations'));

  let trainableParams: number;
  let modelWeights: number;
  let state: TrainingStateBytes;
  let loraRank = 0;
  let loraMatrices = 0;
  let loraDropped = 0;
  if (r.method === 'full') {
    trainableParams = model.params;
    modelWeights = weightBytes(model, r.precision, r.quant);
    state = trainingStateBytes(r.optimizer, r.precision, r.mixedPrecision, r.fusedOptimizer);
  } else {
    // resolveInput gives every LoRA/QLoRA run its adapters (rank 16 on attention unless set).
    const lora = r.lora;
    if (!lora) throw new Error(`a resolved ${r.method} input has its LoRA settings`);
    trainableParams = loraParams(lora, model);
    loraRank = lora.rank;
    loraMatrices = loraTargets(lora.targets, model).length;
    loraDropped = loraDropoutInputs(lora, model, frameworkTraits(r.framework).fusedQkvLora);
    // Adapters live in fp32 with mixed precision (PEFT's default upcast), else in the compute dtype.
    const adapterPrecision: Precision = r.mixedPrecision ? 'fp32' : computePrecision;
    modelWeights = weightBytes(model, r.precision, r.quant) + trainableParams * dtypeBytes(adapterPrecision);
    state = trainingStateBytes(r.optimizer, adapterPrecision, false, r.fusedOptimizer);
  }
  if (r.optimizer === 'adamw' && r.fusedOptimizer) assumptions.push(msg('memory.fusedOptimizer'));

  // FSDP's CPUOffload moves the parameter shards along with gradients and optimizer states (PyTorch FSDP docs,
  // CPUOffload(offload_params=True)); ZeRO-Offload keeps the 16-bit weights on the GPU (DeepSpeed offload_optimizer).
  const offloadWeights = r.optimizerOffload && r.sharding === 'fsdp';
  const weights = offloadWeights ? 0 : shardWeights ? modelWeights / n : modelWeights;
  if (offloadWeights) assumptions.push(msg('memory.fsdpOffloadWeights'));
  const layerBytes = layerParams(model) * linearBytesPerParam(r.precision, r.quant);
  // FSDP / ZeRO-3 gather one layer for compute and prefetch the next (PyTorch FSDP docs, backward_prefetch).
  const gathered = offloadWeights ? 2 * layerBytes : shardWeights ? 2 * layerBytes * (1 - 1 / n) : 0;
  // Offloaded optimizers keep states, master weights and gradients in CPU memory and step there
  // (ZeRO-Offload, Ren et al. 2021; FSDP CPUOffload): none of them stays on the GPU.
  const onGpu = r.optimizerOffload ? 0 : 1;
  const gradients = (onGpu * trainableParams * state.gradient) / (shardGradients ? n : 1);
  // DDP keeps gradient buckets beside .grad for the whole run (Scott Logic 2023: DDP ≈ +4 B/param).
  const ddpBuckets = multi && r.sharding === 'none' ? trainableParams * state.gradient : 0;
  if (ddpBuckets > 0) assumptions.push(msg('memory.ddpReplica', { count: n }));
  // Paged optimizer states sit in CUDA managed memory, outside torch's allocator, and move to host memory when
  // the GPU fills up (training-state.ts managedState): never part of the peak. bnb pages only tensors of ≥ 1e5
  // elements, which every weight matrix of a full fine-tune is and LoRA adapters mostly are not: paging is
  // counted for full fine-tuning only.
  const managed = r.method === 'full' ? state.managedState : 0;
  if (managed > 0 && onGpu > 0) assumptions.push(msg('memory.pagedOptimizer'));
  const optimizer = (onGpu * trainableParams * (state.optimizer - managed)) / (shardOptimizer ? n : 1);
  const stepTemporary = (onGpu * trainableParams * state.stepTemporary) / (shardOptimizer ? n : 1);
  // Optimizer in backward (torchtune optimizer_in_bwd, PyTorch "How to save memory by fusing the optimizer step
  // into the backward pass"): each parameter steps as soon as its gradient is ready and the gradient is freed, so
  // only the largest parameter's gradient and step temporaries exist at once (LoRA adapters: negligible).
  const largestTrainable = r.method === 'full' ? Math.max(model.vocab * model.hidden, largestMatrixParams(model)) : 0;
  const fusedStep =
    r.optimizerInBackward && !r.optimizerOffload
      ? (largestTrainable * (state.gradient + state.stepTemporary)) / (shardGradients ? n : 1)
      : 0;
  const fullGradients = r.optimizerInBackward ? 0 : gradients;
  const fullStepTemporary = r.optimizerInBackward ? 0 : stepTemporary;
  // Gradient accumulation sums each micro-batch's gradients into .grad, which is zeroed only after the optimizer
  // step: from the second micro-batch on, backward runs with the whole gradient buffer held (PyTorch autograd
  // accumulates into .grad; Lightning-AI/litgpt@00af8b0d litgpt/finetune/full.py steps and zeroes once per
  // gradient_accumulation_iters micro-batches, HF Trainer likewise per gradient_accumulation_steps).
  // DeepSpeed holds its gradients its own way (deepspeed-memory.ts): 16-bit, fp32 only for what it steps at once.
  const ds = deepSpeedGradientBytes(r, trainableParams, computePrecision);
  const accumulatedGradients = ds ? ds.backward : r.gradientAccumulationSteps > 1 ? fullGradients : 0;
  if (!ds && accumulatedGradients > 0) {
    assumptions.push(msg('memory.accumulatedGradients', { steps: r.gradientAccumulationSteps }));
  }
  const stepGradients = ds ? ds.step : fullGradients;
  if (ds && !r.optimizerOffload) {
    assumptions.push(msg('memory.deepSpeedGradients', { backwardGib: toGib(ds.backward), stepGib: toGib(ds.step) }));
  }

  const buckets = deepSpeedBucketBytes(r, computePrecision) + (ds?.persistentBucket ?? 0);
  if (buckets > 0) assumptions.push(msg('memory.deepSpeedBuckets', { gib: toGib(buckets) }));

  // A fused kernel is what runs when one is named: it replaces the loss, chunked or not.
  const crossEntropy = r.fusedCrossEntropy ? 'fused' : r.chunkedCrossEntropy ? 'chunked' : 'eager';
  const dequant = r.precision === 'int4' || r.precision === 'int8' ? dequantBufferBytes(largestMatrixParams(model)) : 0;
  const gptqSaved = gptqSavedWeightBytes(model, r);
  if (gptqSaved > 0) assumptions.push(msg('memory.gptqSavedWeights', { gib: toGib(gptqSaved) }));
  // With mixed precision the fp32 master is the parameter (PyTorch AMP, FSDP MixedPrecision): the 16-bit compute
  // copies live from forward to backward and are gone at the step, which then holds 4 + 4 + 8 + 4 = 20 B/param
  // (DeepSpeed's ZeRO estimator counts the same 20: 2 + 18).
  // DeepSpeed keeps its 16-bit parameters through the step (bit16_groups_flat) and copies the fp32 master into
  // them after it (stage_1_and_2.py step: `bit16_partitions[partition_id].data.copy_(fp32_partition.data)`).
  const computeCopy =
    r.method === 'full' && r.mixedPrecision && r.precision !== 'fp32' && !r.optimizerOffload && !ds ? weights : 0;
  // At the step the fp32 master is what holds the weights: report it there rather than under optimizer.
  const master = computeCopy > 0 ? (trainableParams * 4) / (shardOptimizer ? n : 1) : 0;
  const persistentBucket = ds?.persistentBucket ?? 0;
  // Two peaks: activations are largest at the start of backward (gradients not yet formed, set_to_none);
  // gradients and the optimizer's temporaries peak at the step. Only the activations and logits depend on b and s.
  const backwardFixed =
    weights + gathered + optimizer + ddpBuckets + buckets + fusedStep + accumulatedGradients + gptqSaved + dequant;
  const stepPeak =
    weights - computeCopy + optimizer + ddpBuckets + persistentBucket + stepGradients + fullStepTemporary;
  // A literal per probe: on Node 20's V8 `{ ...setup, batchSize, seqLen }` costs about 1 µs (a spread that adds
  // properties leaves V8's fast clone path), most of a probe (scripts/bench/spread.ts measures it).
  const setupAt = (batchSize: number, seqLen: number): ActivationSetup => ({
    model,
    batchSize,
    seqLen,
    activationBytes: e,
    residualBytes: residual,
    flashAttention: r.flashAttention,
    gradientCheckpointing: r.gradientCheckpointing,
    activationOffload: r.activationOffload,
    loraRank,
    loraMatricesPerLayer: loraMatrices,
    loraDropoutInputs: loraDropped,
    autocast: r.mixedPrecision && r.precision !== 'fp32',
  });

  const activationsAt = (batchSize: number, seqLen: number) => trainingActivationBytes(setupAt(batchSize, seqLen));
  const logitsAt = (batchSize: number, seqLen: number) =>
    trainingLogitsBytes(model, batchSize, seqLen, e, crossEntropy);
  const allocatedWith = (transientBytes: number) => Math.max(backwardFixed + transientBytes, stepPeak);
  const extraWith = (transientBytes: number) => {
    const { reserveBytes, contextBytes } = runtimeBytes(transientBytes, 0, false, k);
    return reserveBytes + contextBytes;
  };

  const at = (batchSize: number, seqLen: number, atAssumptions?: Message[]): PerGpu => {
    const activations = activationsAt(batchSize, seqLen);
    const logits = logitsAt(batchSize, seqLen);
    const transientBytes = activations + logits;
    const atStep = stepPeak > backwardFixed + transientBytes;
    if (atStep) atAssumptions?.push(msg('memory.peakAtStep'));
    const breakdown: MemoryBreakdown = atStep
      ? {
          weights: weights - computeCopy + master,
          gradients: stepGradients + ddpBuckets + persistentBucket,
          optimizer: optimizer - master + fullStepTemporary,
          activations: 0,
          logits: 0,
          kvCache: 0,
          runtime: 0,
        }
      : {
          weights: weights + gathered,
          gradients: ddpBuckets + buckets + fusedStep + accumulatedGradients,
          optimizer,
          activations: activations + gptqSaved,
          logits,
          kvCache: 0,
          runtime: 0,
        };
    return finish(breakdown, allocatedWith(transientBytes), extraWith(transientBytes));
  };
  const totalAt = (batchSize: number, seqLen: number): number => {
    const transientBytes = activationsAt(batchSize, seqLen) + logitsAt(batchSize, seqLen);
    return allocatedWith(transientBytes) + extraWith(transientBytes);
  };
  return { trainableParams, at, totalAt };
}

/** totalBytes = allocated + runtime extras; breakdown.runtime = total − the other parts. */
function finish(breakdown: MemoryBreakdown, allocatedBytes: number, extraBytes: number): PerGpu {
  const totalBytes = allocatedBytes + extraBytes;
  const named =
    breakdown.weights +
    breakdown.gradients +
    breakdown.optimizer +
    breakdown.activations +
    breakdown.logits +
    breakdown.kvCache;
  return { totalBytes, allocatedBytes, breakdown: { ...breakdown, runtime: Math.max(0, totalBytes - named) } };
}

/**
 * GPTQ through auto-gptq's PyTorch path (quantBackend dequant; cuda-old on a training micro-batch of 128 rows or
 * more) rebuilds each fp16 weight and multiplies by it (AutoGPTQ/AutoGPTQ@179776bd
 * auto_gptq/nn_modules/qlinear/qlinear_cuda_old.py forward: `weight = (scales * (weight - zeros))`, `out =
 * torch.matmul(x.half(), weight)`): autograd keeps that fp16 weight for the input's gradient until backward has
 * passed the layer. Without checkpointing every quantized linear's copy is alive when backward starts; with
 * it, the recomputed layer's. MoE layers rebuild the experts a token is routed to.
 */
function gptqSavedWeightBytes(model: ResolvedModel, r: ResolvedInput): number {
  if (r.quant !== 'gptq' || r.method === 'inference') return 0;
  if (r.quantBackend !== 'dequant' && r.quantBackend !== 'cuda-old') return 0;
  const perLayer = layerParams({ ...model, experts: model.expertsPerToken }) - 2 * model.hidden;
  return 2 * perLayer * (r.gradientCheckpointing ? 1 : model.layers);
}

function toGib(bytes: number): string {
  return (bytes / GIB).toFixed(1);
}
