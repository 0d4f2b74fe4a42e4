import type { Card } from '../catalog';
import type { Precision, ResolvedModel } from './input';
import { memoryClass } from './speed-constants';
import type { FittedConstants } from './fitted';
import { FITTED } from './fitted-constants';
import { computeParams, fmt, trainingFlopsPerToken } from './speed-flops';
import { quantBitsPerWeight, weightBytes } from './weights';
import { offloadSecondsPerStep } from './speed-offload';
import { linkBusBandwidth } from './speed-scaling';
import {
  fsdpCollectiveCalls,
  stepTime,
  zero3FetchCalls,
  type DequantPath,
  type StepSetup,
  type StepTime,
} from './speed-step';
import { frameworkTraits } from './framework-traits';
import { loraTargets } from './trainable';
import type { SpeedConfig, TrainingSpeed } from './speed';
import { msg, type Message } from '../messages';

/** What the training speed needs besides the resolved input. */
export interface TrainingSpeedOptions {
  tokensPerSample?: number;
  trainableParams?: number;
  constants?: FittedConstants;
  /** Build the assumptions (default true; SpeedOptions.explain). */
  explain?: boolean;
}

/**
 * Training throughput from the time of one optimizer step (speed-step.ts): gradient-accumulation
 * micro-batches, each the longer of its GPU time and its CPU dispatch floor, the optimizer step and the
 * collectives compute does not hide. tokens/s per GPU = tokens per step ÷ step time.
 */
export function estimateTrainingSpeed(
  config: SpeedConfig,
  model: ResolvedModel,
  card: Card,
  opts: TrainingSpeedOptions,
): TrainingSpeed {
  const k = opts.constants ?? FITTED;
  const method = config.method === 'inference' ? 'full' : config.method;
  const adapter = method !== 'full';
  const adapterParams = adapter ? (opts.trainableParams ?? 0) : 0;
  const flops = trainingFlopsPerToken(model, method, config.seqLen, config.gradientCheckpointing, adapterParams);

  const fp32Math = config.precision === 'fp32' && !config.mixedPrecision;
  const peakTflops = fp32Math ? card.fp32Tflops : card.bf16Tflops;
  const moe = model.experts > 1;
  // MFU of the matmuls, fitted on published rows (fitted-constants.ts); the factors are global, never per row.
  const mfu = (adapter ? k.mfuLora : k.mfuFull) * (moe ? k.moeMfuFactor : 1);

  const microBatches = config.gradientAccumulationSteps;
  const tokensPerMicroBatch = config.batchSize * config.seqLen;
  const tokensPerStep = microBatches * tokensPerMicroBatch;
  const bits = quantBitsPerWeight(config.precision, config.quant);
  const trainableParams = adapter ? adapterParams : model.params;
  const weights = weightBytes(model, config.precision, config.quant);
  // Adapters live in fp32 with mixed precision (PEFT's default upcast) and step without a master copy.
  const trainablePrecision: Precision = adapter ? (config.mixedPrecision ? 'fp32' : 'bf16') : config.precision;
  const link = linkBusBandwidth(card, config.gpus, config.peerToPeer);
  const setup: StepSetup = {
    model,
    card,
    gpus: config.gpus,
    sharding: config.sharding,
    microBatches,
    tokensPerMicroBatch,
    flopsPerToken: flops.flopsPerToken,
    peakTflops,
    mfu,
    fusedElementwise: config.torchCompile || config.fusedKernels,
    gradientCheckpointing: config.gradientCheckpointing,
    weightBytes: weights,
    linearParams: computeParams(model),
    weightBits: bits,
    dequant: dequantPath(config, adapter, bits),
    loraLinearsPerLayer: adapter && config.lora ? loraTargets(config.lora.targets, model).length : 0,
    trainableParams,
    trainablePrecision,
    mixedPrecision: adapter ? false : config.mixedPrecision,
    optimizer: config.optimizer,
    fsdpCollectiveCalls:
      config.sharding === 'fsdp'
        ? fsdpCollectiveCalls({
            layers: model.layers,
            loraLinearsPerLayer: adapter && config.lora ? loraTargets(config.lora.targets, model).length : 0,
            adaptersOwnUnits: !frameworkTraits(config.framework).ownFsdpLoop,
            adaptersAllReduced: config.fusedKernels && bits < 16,
          })
        : 0,
    linkBytesPerSecond: link.bytesPerSecond,
    optimizerOnGpu: !config.optimizerOffload,
    fusedOptimizer: config.fusedOptimizer,
    offloadSeconds: 0,
  };
  const withoutOffload = stepTime(setup, k);
  const offload = offloadSecondsPerStep({
    model,
    card,
    gpus: config.gpus,
    sharding: config.sharding,
    optimizer: config.optimizer,
    stateBytes: config.mixedPrecision || config.precision === 'fp32' ? 4 : 2,
    trainableParams,
    weightBytes: weights,
    tokensPerStep,
    gradientCheckpointing: config.gradientCheckpointing,
    activationOffload: config.activationOffload,
    optimizerOffload: config.optimizerOffload,
    computeSecondsPerStep: withoutOffload.computeSeconds,
  });
  // Without offload the step is the one just timed: a ranking times thousands of card × GPU counts.
  const step = offload.seconds === 0 ? withoutOffload : stepTime({ ...setup, offloadSeconds: offload.seconds }, k);

  // Effective MFU: the matmul FLOPs of a step over its time without communication (PaLM's definition, App. B).
  const effectiveMfu = (tokensPerStep * flops.flopsPerToken) / (step.computeSeconds * peakTflops * 1e12);
  const scalingEfficiency = step.computeSeconds / step.stepSeconds;
  const assumptions =
    opts.explain === false
      ? []
      : explainStep({
          config,
          k,
          adapter,
          adapterFlopsLeftOut: adapter && opts.trainableParams === undefined,
          flopsFormula: flops.formula(),
          offload: offload.assumptions,
          step,
          setup,
          linkLabel: link.label,
          fp32Math,
          scalingEfficiency,
        });

  const tokensPerSecondPerGpu = tokensPerStep / step.stepSeconds;
  const tokensPerSecond = tokensPerSecondPerGpu * config.gpus;
  return {
    kind: 'train',
    tokensPerSecond,
    tokensPerSecondPerGpu,
    samplesPerSecond: opts.tokensPerSample ? tokensPerSecond / opts.tokensPerSample : undefined,
    peakTflops,
    mfu: effectiveMfu,
    achievedTflops: peakTflops * effectiveMfu,
    bound: 'compute',
    scalingEfficiency,
    flopsPerToken: flops.flopsPerToken,
    assumptions,
  };
}

/** What explainStep says a training step is made of. */
interface StepFacts {
  config: SpeedConfig;
  k: FittedConstants;
  /** LoRA or QLoRA (else full fine-tuning). */
  adapter: boolean;
  adapterFlopsLeftOut: boolean;
  flopsFormula: Message;
  /** The CPU offload's own lines (speed-offload.ts). */
  offload: Message[];
  step: StepTime;
  /** What the step was timed from: its MFU, peak, bits per weight, card and model among them. */
  setup: StepSetup;
  linkLabel: Message;
  fp32Math: boolean;
  scalingEfficiency: number;
}

/** The lines that explain a training step: its FLOPs, each term of its time and what bounds it. */
function explainStep(f: StepFacts): Message[] {
  const { config, k, step, setup } = f;
  const moe = setup.model.experts > 1;
  const assumptions: Message[] = [msg('speed.flops', { formula: f.flopsFormula })];
  if (f.adapterFlopsLeftOut) assumptions.push(msg('speed.adapterFlopsLeftOut'));
  assumptions.push(...f.offload);
  const regime = {
    method: msg(f.adapter ? 'speed.method.adapter' : 'speed.method.full'),
    memory: memoryClass(setup.card).toUpperCase(),
  };
  assumptions.push(
    msg('speed.step', {
      count: setup.microBatches,
      tokens: setup.tokensPerMicroBatch,
      matmul: fmt(step.flopSeconds),
      mfu: setup.mfu * 100,
      peak: setup.peakTflops,
      dtype: f.fp32Math ? 'FP32' : 'BF16',
      regime: msg(moe ? 'speed.regimeMoe' : 'speed.regime', regime),
      stream: fmt(step.weightStreamSeconds),
      dispatch: fmt(step.dispatchSeconds),
      optimizer: fmt(step.optimizerSeconds),
      bound: msg(`speed.trainBound.${step.bound}`),
    }),
  );
  if (config.torchCompile) assumptions.push(msg('speed.compile', { speedup: k.compileSpeedup }));
  else if (config.fusedKernels) assumptions.push(msg('speed.fusedKernels', { speedup: k.compileSpeedup }));
  if (step.dequantSeconds > 0)
    assumptions.push(msg('speed.dequantMicroBatch', { bits: setup.weightBits, seconds: fmt(step.dequantSeconds) }));
  assumptions.push(
    config.gpus > 1
      ? msg('speed.collectives', {
          gpus: config.gpus,
          sharding: msg(`option.sharding.${config.sharding}`),
          link: f.linkLabel,
          seconds: fmt(step.exposedCommSeconds),
          efficiency: f.scalingEfficiency * 100,
        })
      : msg('speed.singleGpu'),
  );
  if (setup.fsdpCollectiveCalls > 0)
    assumptions.push(
      msg(config.gpus > 1 ? 'speed.fsdpCalls' : 'speed.fsdpHooks', {
        calls: setup.fsdpCollectiveCalls,
        ms: (config.gpus > 1 ? k.fsdpCollectiveSeconds : k.hookCallSeconds) * 1000,
      }),
    );
  const zero3Fetches = zero3FetchCalls(setup);
  if (zero3Fetches > 0)
    assumptions.push(msg('speed.zero3Fetches', { calls: zero3Fetches, ms: k.hookCallSeconds * 1000 }));
  if (step.unoverlappedSeconds > 0)
    assumptions.push(
      msg('speed.unoverlapped', { share: k.overheadExposedShare * 100, seconds: fmt(step.unoverlappedSeconds) }),
    );

  return assumptions;
}

/**
 * bitsandbytes dequantizes in a kernel of its own before each matmul; GPTQ's PyTorch path (quantBackend
 * 'dequant', and auto-gptq cuda-old on a training micro-batch of 128 rows or more, speed-quant.ts
 * CUDA_OLD_SWITCH_ROWS) rebuilds the weight in PyTorch calls; Triton, ExLlama, Marlin and AWQ kernels read the
 * packed weights in the matmul.
 */
function dequantPath(config: SpeedConfig, adapter: boolean, bits: number): DequantPath {
  if (!adapter || bits >= 16) return 'none';
  if (config.quant === 'bnb') return 'unfused';
  return config.quantBackend === 'dequant' || config.quantBackend === 'cuda-old' ? 'pytorch' : 'fused';
}
