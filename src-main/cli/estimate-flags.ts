import type { ModelPreset } from '../domain/catalog';
import {
  inferenceRuntimeSchema,
  loraTargetSchema,
  methodSchema,
  optimizerSchema,
  precisionSchema,
  quantSchema,
  shardingSchema,
  type EstimateInput,
  type LoraTarget,
  type ModelInputObject,
} from '../domain/estimate/input';
import type { FlagValues, OptionSpecs } from './command';
import { parseCount } from './parse-count';
import { parseChoice, parsePositiveInt } from './parse-value';
import { UsageError } from './usage-error';

/** Flags that describe one estimate; `rank` takes them too. */
export const estimateOptions: OptionSpecs = {
  model: { type: 'string', value: 'ID', description: 'model preset id (see `cardwise models list`)' },
  params: { type: 'string', value: 'SIZE', description: 'model size instead of a preset: 13b, 6.7b, 350m, 7e9' },
  layers: { type: 'string', value: 'N', description: 'shape override: transformer layers' },
  hidden: { type: 'string', value: 'N', description: 'shape override: hidden size' },
  heads: { type: 'string', value: 'N', description: 'shape override: attention heads' },
  'kv-heads': { type: 'string', value: 'N', description: 'shape override: key/value heads (GQA)' },
  'head-dim': { type: 'string', value: 'N', description: 'shape override: head dimension' },
  intermediate: { type: 'string', value: 'N', description: 'shape override: MLP width' },
  vocab: { type: 'string', value: 'N', description: 'shape override: vocabulary size' },
  'tied-embeddings': { type: 'boolean', description: 'shape override: input and output embeddings shared' },
  'no-tied-embeddings': { type: 'boolean', description: 'shape override: separate LM head' },
  'gated-mlp': { type: 'boolean', description: 'shape override: gated (SwiGLU) MLP' },
  'no-gated-mlp': { type: 'boolean', description: 'shape override: plain two-matrix MLP' },
  experts: { type: 'string', value: 'N', description: 'shape override: experts per layer (MoE)' },
  'experts-per-token': { type: 'string', value: 'N', description: 'shape override: experts routed per token' },
  method: { type: 'string', value: 'M', description: `${methodSchema.options.join(' | ')} (required)` },
  precision: {
    type: 'string',
    value: 'P',
    description: `${precisionSchema.options.join(' | ')} (default bf16; int4 for qlora)`,
  },
  quant: { type: 'string', value: 'Q', description: quantSchema.options.join(' | ') },
  batch: { type: 'string', value: 'N', description: 'micro-batch size per GPU (default 1)' },
  seq: { type: 'string', value: 'N', description: 'sequence length in tokens (default 2048)' },
  optimizer: { type: 'string', value: 'O', description: optimizerSchema.options.join(' | ') },
  'mixed-precision': { type: 'boolean', description: 'fp32 master weights (AMP)' },
  'no-mixed-precision': { type: 'boolean', description: 'pure 16-bit training' },
  'grad-checkpointing': { type: 'boolean', description: 'gradient (activation) checkpointing on' },
  'no-grad-checkpointing': { type: 'boolean', description: 'gradient checkpointing off' },
  'flash-attention': { type: 'boolean', description: 'FlashAttention / SDPA on' },
  'no-flash-attention': { type: 'boolean', description: 'eager attention (stores the s² scores)' },
  'optimizer-in-backward': {
    type: 'boolean',
    description: 'optimizer step fused into backward (torchtune optimizer_in_bwd): no full gradient buffer',
  },
  'chunked-cross-entropy': {
    type: 'boolean',
    description: 'cross-entropy over chunks of the logits (fp32 upcast per chunk)',
  },
  'activation-offload': { type: 'boolean', description: 'saved activations kept in CPU memory until backward' },
  'optimizer-offload': {
    type: 'boolean',
    description: 'optimizer states and master weights in CPU memory (FSDP / ZeRO CPU offload)',
  },
  'inference-runtime': {
    type: 'string',
    value: 'R',
    description: `${inferenceRuntimeSchema.options.join(' | ')}: llama.cpp/vLLM class or HF transformers generate (default efficient)`,
  },
  'lora-rank': { type: 'string', value: 'R', description: 'LoRA rank (default 16)' },
  'lora-targets': {
    type: 'string',
    value: 'T',
    description: 'attention | all-linear | a list such as q,k,v,o (default attention)',
  },
  gpus: { type: 'string', value: 'N', description: 'GPUs the job is spread over' },
  sharding: { type: 'string', value: 'S', description: shardingSchema.options.join(' | ') },
  'kv-cache-precision': { type: 'string', value: 'P', description: 'KV cache dtype for inference' },
  gpu: { type: 'string', value: 'CARD', description: 'card id to estimate speed on, e.g. rtx-4090' },
  input: {
    type: 'string',
    value: 'FILE',
    description: 'read the EstimateInput JSON from FILE ("-" = stdin) instead of flags',
  },
};

/** Shape flag -> field of the model shape object, all whole numbers. */
const SHAPE_INT_FLAGS = {
  layers: 'layers',
  hidden: 'hidden',
  heads: 'heads',
  'kv-heads': 'kvHeads',
  'head-dim': 'headDim',
  intermediate: 'intermediate',
  vocab: 'vocab',
  experts: 'experts',
  'experts-per-token': 'expertsPerToken',
} as const;

const SHAPE_BOOL_FLAGS = { 'tied-embeddings': 'tiedEmbeddings', 'gated-mlp': 'gatedMlp' } as const;

/** Switches that are off unless given. */
const TRAINING_SWITCH_FLAGS = {
  'optimizer-in-backward': 'optimizerInBackward',
  'chunked-cross-entropy': 'chunkedCrossEntropy',
  'activation-offload': 'activationOffload',
  'optimizer-offload': 'optimizerOffload',
} as const;

/** The fields of a preset that make up its shape (the strict model object takes no others). */
const SHAPE_FIELDS = [
  'params',
  'layers',
  'hidden',
  'heads',
  'kvHeads',
  'headDim',
  'intermediate',
  'vocab',
  'tiedEmbeddings',
  'gatedMlp',
  'experts',
  'expertsPerToken',
] as const;

/** Estimate input field -> the flag that sets it, so a contract error can name what the user typed. */
const FLAG_FOR_FIELD: Record<string, string> = {
  model: '--model',
  method: '--method',
  precision: '--precision',
  quant: '--quant',
  batchSize: '--batch',
  seqLen: '--seq',
  optimizer: '--optimizer',
  mixedPrecision: '--mixed-precision',
  gradientCheckpointing: '--grad-checkpointing',
  flashAttention: '--flash-attention',
  'lora.rank': '--lora-rank',
  'lora.targets': '--lora-targets',
  lora: '--lora-rank',
  gpus: '--gpus',
  sharding: '--sharding',
  kvCachePrecision: '--kv-cache-precision',
  gpu: '--gpu',
  optimizerInBackward: '--optimizer-in-backward',
  chunkedCrossEntropy: '--chunked-cross-entropy',
  activationOffload: '--activation-offload',
  optimizerOffload: '--optimizer-offload',
  inferenceRuntime: '--inference-runtime',
  'model.params': '--params',
  ...Object.fromEntries(
    [...Object.entries(SHAPE_INT_FLAGS), ...Object.entries(SHAPE_BOOL_FLAGS)].map(([flag, field]) => [
      `model.${field}`,
      `--${flag}`,
    ]),
  ),
};

/** The flag that sets an estimate-input field ("batchSize" -> "--batch"), or undefined. */
export function flagForEstimateField(field: string): string | undefined {
  return (
    FLAG_FOR_FIELD[field] ??
    FLAG_FOR_FIELD[field.split('.').slice(0, 2).join('.')] ??
    FLAG_FOR_FIELD[field.split('.')[0]!]
  );
}

/** Whether any flag that describes the estimate itself (not --input) was given. */
export function hasEstimateFlags(flags: FlagValues): boolean {
  return Object.keys(estimateOptions).some((name) => name !== 'input' && flags[name] !== undefined);
}

/** Whether the flags override a preset's shape, so the preset must be looked up first. */
export function needsPresetShape(flags: FlagValues): boolean {
  return flags.model !== undefined && hasShapeOverrides(flags);
}

function hasShapeOverrides(flags: FlagValues): boolean {
  return [
    ...Object.keys(SHAPE_INT_FLAGS),
    ...Object.keys(SHAPE_BOOL_FLAGS).flatMap((name) => [name, `no-${name}`]),
  ].some((name) => flags[name] !== undefined);
}

/**
 * Maps command-line flags to an EstimateInput (the contract then validates ranges).
 * `--model` alone gives the preset id, `--params` alone the size string; shape flags turn
 * the model into a shape object that starts from `--params` or from the preset's shape
 * (`presets` must then hold it). Throws UsageError naming the flag at fault.
 */
export function estimateInputFromFlags(flags: FlagValues, presets: readonly ModelPreset[] = []): EstimateInput {
  if (flags.method === undefined) {
    throw new UsageError('--method', `required: ${methodSchema.options.join(', ')}`);
  }
  const method = parseChoice('--method', str(flags.method), methodSchema.options);
  const input: EstimateInput = {
    model: modelFromFlags(flags, presets),
    method,
    // QLoRA only runs on a 4-bit base, so its default precision is int4.
    precision:
      flags.precision === undefined
        ? method === 'qlora'
          ? 'int4'
          : 'bf16'
        : parseChoice('--precision', str(flags.precision), precisionSchema.options),
    batchSize: flags.batch === undefined ? 1 : parsePositiveInt('--batch', str(flags.batch)),
    seqLen: flags.seq === undefined ? 2048 : parsePositiveInt('--seq', str(flags.seq)),
  };
  if (flags.quant !== undefined) input.quant = parseChoice('--quant', str(flags.quant), quantSchema.options);
  if (flags.optimizer !== undefined)
    input.optimizer = parseChoice('--optimizer', str(flags.optimizer), optimizerSchema.options);
  const mixedPrecision = pairedBoolean(flags, 'mixed-precision');
  if (mixedPrecision !== undefined) input.mixedPrecision = mixedPrecision;
  const gradientCheckpointing = pairedBoolean(flags, 'grad-checkpointing');
  if (gradientCheckpointing !== undefined) input.gradientCheckpointing = gradientCheckpointing;
  const flashAttention = pairedBoolean(flags, 'flash-attention');
  if (flashAttention !== undefined) input.flashAttention = flashAttention;
  const lora = loraFromFlags(flags);
  if (lora) input.lora = lora;
  if (flags.gpus !== undefined) input.gpus = parsePositiveInt('--gpus', str(flags.gpus));
  if (flags.sharding !== undefined)
    input.sharding = parseChoice('--sharding', str(flags.sharding), shardingSchema.options);
  if (flags['kv-cache-precision'] !== undefined) {
    input.kvCachePrecision = parseChoice(
      '--kv-cache-precision',
      str(flags['kv-cache-precision']),
      precisionSchema.options,
    );
  }
  if (flags.gpu !== undefined) input.gpu = str(flags.gpu);
  for (const [flag, field] of Object.entries(TRAINING_SWITCH_FLAGS)) {
    if (flags[flag] === true) input[field] = true;
  }
  if (flags['inference-runtime'] !== undefined) {
    input.inferenceRuntime = parseChoice(
      '--inference-runtime',
      str(flags['inference-runtime']),
      inferenceRuntimeSchema.options,
    );
  }
  return input;
}

function modelFromFlags(flags: FlagValues, presets: readonly ModelPreset[]): EstimateInput['model'] {
  const presetId = flags.model === undefined ? undefined : str(flags.model);
  const paramsText = flags.params === undefined ? undefined : str(flags.params);
  if (presetId === undefined && paramsText === undefined) {
    throw new UsageError('--model', 'give a preset with --model ID or a size with --params SIZE (e.g. 13b)');
  }
  const params = paramsText === undefined ? undefined : parseCount('--params', paramsText);
  if (!hasShapeOverrides(flags)) {
    if (presetId !== undefined && paramsText !== undefined) {
      throw new UsageError(
        '--params',
        'give either --model or --params (with --model, --params only goes with shape overrides)',
      );
    }
    return presetId ?? paramsText!.trim();
  }
  let shape: ModelInputObject;
  if (presetId !== undefined) {
    const preset = presets.find((candidate) => candidate.id === presetId);
    if (!preset) throw new UsageError('--model', `unknown model "${presetId}" (see \`cardwise models list\`)`);
    shape = pickShape(preset);
    if (params !== undefined) shape.params = params;
  } else {
    shape = { params: params! };
  }
  for (const [flag, field] of Object.entries(SHAPE_INT_FLAGS)) {
    const text = flags[flag];
    if (text !== undefined) shape[field] = parsePositiveInt(`--${flag}`, str(text));
  }
  for (const [flag, field] of Object.entries(SHAPE_BOOL_FLAGS)) {
    const value = pairedBoolean(flags, flag);
    if (value !== undefined) shape[field] = value;
  }
  return shape;
}

function pickShape(preset: ModelPreset): ModelInputObject {
  const shape: Record<string, unknown> = {};
  for (const field of SHAPE_FIELDS) shape[field] = preset[field];
  return shape as ModelInputObject;
}

/** When only one LoRA flag is given, the other takes the estimator's default (resolve-input.ts). */
const LORA_DEFAULTS = { rank: 16, targets: 'attention' } as const;

function loraFromFlags(flags: FlagValues): EstimateInput['lora'] {
  const rankText = flags['lora-rank'];
  const targetsText = flags['lora-targets'];
  if (rankText === undefined && targetsText === undefined) return undefined;
  return {
    rank: rankText === undefined ? LORA_DEFAULTS.rank : parsePositiveInt('--lora-rank', str(rankText)),
    targets: targetsText === undefined ? LORA_DEFAULTS.targets : parseLoraTargets(str(targetsText)),
  };
}

/** "attention", "all-linear" or a comma list of q,k,v,o,gate,up,down (no repeats). */
export function parseLoraTargets(text: string): NonNullable<EstimateInput['lora']>['targets'] {
  if (text === 'attention' || text === 'all-linear') return text;
  const parts = text.split(',').map((part) => part.trim());
  const targets = parts.map((part) =>
    parseChoice('--lora-targets', part, [...loraTargetSchema.options, 'attention', 'all-linear'] as const),
  );
  if (targets.some((target) => target === 'attention' || target === 'all-linear')) {
    throw new UsageError('--lora-targets', 'attention and all-linear stand alone, not in a list');
  }
  const unique = new Set(targets);
  if (unique.size !== targets.length) throw new UsageError('--lora-targets', `lists a module twice: "${text}"`);
  return targets as LoraTarget[];
}

/** `--name` -> true, `--no-name` -> false, neither -> undefined, both -> an error. */
function pairedBoolean(flags: FlagValues, name: string): boolean | undefined {
  const on = flags[name] === true;
  const off = flags[`no-${name}`] === true;
  if (on && off) throw new UsageError(`--${name}`, `conflicts with --no-${name}`);
  return on ? true : off ? false : undefined;
}

function str(value: string | boolean | undefined): string {
  return typeof value === 'string' ? value : '';
}
