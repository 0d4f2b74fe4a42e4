import type { Card } from '../catalog';
import type { ResolvedModel } from './input';
import { memoryClass } from './speed-constants';
import type { FittedConstants } from './fitted';
import { FITTED } from './fitted-constants';
import { computeParams, fmt, trainingFlopsPerToken } from './speed-flops';
import { quantBitsPerWeight, weightBytes } from './weights';
import { offloadSecondsPerStep } from './speed-offload';
import { dataParallelScaling } from './speed-scaling';
import type { SpeedConfig, TrainingSpeed } from './speed';
import { msg, type Message } from '../messages';

/**
 * Training throughput: tokens/s per GPU = achieved FLOP/s ÷ FLOPs per token, achieved = dense peak (BF16, or
 * FP32 for pure fp32 training) × MFU (fitted per method and memory class), then data-parallel scaling.
 */
export function estimateTrainingSpeed(
  config: SpeedConfig,
  model: ResolvedModel,
  card: Card,
  opts: { tokensPerSample?: number; trainableParams?: number; constants?: FittedConstants },
): TrainingSpeed {
  const k = opts.constants ?? FITTED;
  const method = config.method === 'inference' ? 'full' : config.method;
  const adapter = method !== 'full';
  const adapterParams = adapter ? (opts.trainableParams ?? 0) : 0;
  const assumptions: Message[] = [];
  const flops = trainingFlopsPerToken(model, method, config.seqLen, config.gradientCheckpointing, adapterParams);
  assumptions.push(msg('speed.flops', { formula: flops.formula }));
  if (adapter && opts.trainableParams === undefined) assumptions.push(msg('speed.adapterFlopsLeftOut'));

  const fp32Math = config.precision === 'fp32' && !config.mixedPrecision;
  const peakTflops = fp32Math ? card.fp32Tflops : card.bf16Tflops;
  const cls = memoryClass(card);
  const moe = model.experts > 1;
  // MFU fitted on published rows (fitted-constants.ts); the factors are global, never per row.
  const mfu = (adapter ? k.mfuLora : k.mfuFull) * (moe ? k.moeMfuFactor : 1);
  const regime = { method: msg(adapter ? 'speed.method.adapter' : 'speed.method.full'), memory: cls.toUpperCase() };
  assumptions.push(
    msg('speed.achieved', {
      achieved: peakTflops * mfu,
      peak: peakTflops,
      dtype: fp32Math ? 'FP32' : 'BF16',
      mfu: mfu * 100,
      regime: msg(moe ? 'speed.regimeMoe' : 'speed.regime', regime),
    }),
  );

  let secondsPerToken = flops.flopsPerToken / (peakTflops * 1e12 * mfu);
  const tokensPerStep = config.batchSize * config.seqLen;
  const linearParams = computeParams(model);
  const bits = quantBitsPerWeight(config.precision, config.quant);
  if (adapter && bits < 16) {
    // Quantized base: each pass reads the packed weights, writes and re-reads a 16-bit copy (QLoRA, Dettmers 2023).
    const passes = config.gradientCheckpointing ? 3 : 2;
    const bytesPerStep = passes * linearParams * (bits / 8 + 4);
    const seconds =
      bytesPerStep /
      (card.bandwidthGBps * 1e9 * (cls === 'hbm' ? k.decodeBandwidthEfficiencyHbm : k.decodeBandwidthEfficiencyGddr)) /
      tokensPerStep;
    secondsPerToken += seconds;
    assumptions.push(msg('speed.dequant', { bits, seconds: fmt(seconds * tokensPerStep) }));
  }

  const trainableParams = adapter ? adapterParams : model.params;
  const weights = weightBytes(model, config.precision, config.quant);
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
    computeSecondsPerStep: secondsPerToken * tokensPerStep,
  });
  secondsPerToken += offload.seconds / tokensPerStep;
  assumptions.push(...offload.assumptions);

  const scaling = dataParallelScaling({
    gpus: config.gpus,
    card,
    sharding: config.sharding,
    weightBytes: weights,
    trainableParams,
    computeSecondsPerStep: secondsPerToken * tokensPerStep,
  });
  assumptions.push(scaling.assumption);

  const tokensPerSecondPerGpu = (1 / secondsPerToken) * scaling.efficiency;
  const tokensPerSecond = tokensPerSecondPerGpu * config.gpus;
  return {
    kind: 'train',
    tokensPerSecond,
    tokensPerSecondPerGpu,
    samplesPerSecond: opts.tokensPerSample ? tokensPerSecond / opts.tokensPerSample : undefined,
    peakTflops,
    mfu,
    achievedTflops: peakTflops * mfu,
    bound: 'compute',
    scalingEfficiency: scaling.efficiency,
    flopsPerToken: flops.flopsPerToken,
    assumptions,
  };
}
