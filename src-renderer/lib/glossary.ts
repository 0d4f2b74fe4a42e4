import type { MessageCode } from '../../src-main/domain/messages';

/**
 * The terms a renter may not know, in the order the Guide's glossary lists them. Each has
 * `glossary.entries.<key>.term` and `.definition` in every language (i18n/pages/glossary.*.json).
 */
export const GLOSSARY_KEYS = [
  'peakMemory',
  'nvidiaSmi',
  'torchAllocated',
  'headroom',
  'tight',
  'activations',
  'kvCache',
  'batchSize',
  'seqLen',
  'microBatchTokens',
  'method',
  'fullFineTuning',
  'lora',
  'qlora',
  'quantization',
  'mixedPrecision',
  'flashAttention',
  'gradientCheckpointing',
  'offload',
  'zero',
  'tensorParallel',
  'prefillDecode',
  'maxModelLen',
  'gpuMemoryUtilization',
  'concurrency',
  'latency',
  'mfu',
  'calibration',
  'pareto',
  'gpuHour',
  'onDemand',
  'package',
  'spot',
  'breakEven',
] as const;

export type GlossaryKey = (typeof GLOSSARY_KEYS)[number];

/** The glossary entry that explains a form field, by the field's label code (the same on every page). */
export const FIELD_TERMS: Partial<Record<MessageCode, GlossaryKey>> = {
  'field.method': 'method',
  'field.quant': 'quantization',
  'field.batchSize': 'batchSize',
  'field.seqLen': 'seqLen',
  'field.flashAttention': 'flashAttention',
  'field.kvCachePrecision': 'kvCache',
  'field.mixedPrecision': 'mixedPrecision',
  'field.gradientCheckpointing': 'gradientCheckpointing',
  'field.optimizerOffload': 'offload',
  'field.sharding': 'zero',
  'field.tensorParallel': 'tensorParallel',
  'field.run.memoryMeter': 'nvidiaSmi',
  'field.run.peakMemoryGiB': 'peakMemory',
  'field.serve.maxModelLen': 'maxModelLen',
  'field.serve.gpuMemoryUtilization': 'gpuMemoryUtilization',
  'field.serve.kvCacheDtype': 'kvCache',
  'field.serve.maxNumSeqs': 'concurrency',
  'field.serve.ttftTargetMs': 'latency',
};
