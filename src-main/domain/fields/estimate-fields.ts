import { z } from 'zod';
import { cardIdSchema } from '../catalog';
import {
  inferenceRuntimeSchema,
  isQuantized,
  isTraining,
  loraTargetSchema,
  loraTargetSetSchema,
  methodSchema,
  optimizerSchema,
  precisionSchema,
  quantSchema,
  shardingSchema,
  usesLora,
  type Method,
  type Precision,
} from '../estimate/choices';
import { computeDtype } from '../estimate/units';
import { msg, type Message, type MessageCode } from '../messages';
import { fieldBuilders, type Applies } from './field';
import { modelInputSchema } from './model-fields';
import { optionLabel } from './resolve';

/**
 * What a default or an applies-rule of the estimate may read: fields listed before it in the
 * table (a test proves no rule reads a later one). Issue 11's framework preset goes first, so
 * every detail's default can follow it.
 */
export interface EstimateFieldContext {
  method: Method;
  precision: Precision;
  gpus: number;
}

const { field, optional, required, group } = fieldBuilders<EstimateFieldContext>();

/** "the method is inference": one message per method, made once (estimates run by the thousand). */
const METHOD_IS = Object.fromEntries(
  methodSchema.options.map((method) => [method, msg('reason.method', { method: optionLabel('method', method) })]),
) as Record<Method, Message>;
const methodIs = (method: Method): Message => METHOD_IS[method];

/** Why a default is what it is, where that depends on the input: made once, like METHOD_IS. */
const REASON = {
  qloraBase: msg('reason.qloraBase'),
  nf4: msg('reason.nf4'),
  computeDtype: msg('reason.computeDtype'),
  fp32: msg('reason.fp32'),
  ampFull: msg('reason.ampFull'),
  ampAdapters: msg('reason.ampAdapters'),
  peftQlora: msg('reason.peftQlora'),
  hfTrainer: msg('reason.hfTrainer'),
};
const forTraining: Applies<EstimateFieldContext> = (c) => isTraining(c.method) || methodIs(c.method);
const forInference: Applies<EstimateFieldContext> = (c) => !isTraining(c.method) || methodIs(c.method);

/** Comma-separated LoRA targets ("q,k,v,o"), or a named set ("attention") as is. */
const loraTargetsFromText = (text: string): unknown =>
  (loraTargetSetSchema.options as readonly string[]).includes(text) ? text : text.split(',').map((t) => t.trim());

/** A memory-saving technique of training (a checkbox, a switch), off unless the run uses it. */
function memorySaver(label: MessageCode, flag: string, help: string) {
  return field({
    schema: z.boolean(),
    default: false,
    applies: forTraining,
    label,
    flag: { name: flag, help },
    control: { kind: 'checkbox', group: 'training' },
  });
}

/**
 * Every input of an estimate, once: type and range, default, when it applies, words, flag and
 * control. `estimateInputSchema`, `resolveInput`, the `cardwise estimate` flags and --help, the
 * Estimate form and the Run form's configuration are all derived from this table. The keys are
 * the contract's field names: scripts depend on them.
 */
export const estimateFields = {
  model: required({
    schema: modelInputSchema,
    label: 'field.model',
    flag: { name: 'model', value: 'ID', help: 'model preset id (see `cardwise models list`)' },
    control: { kind: 'model', group: 'model' },
  }),
  method: required({
    schema: methodSchema,
    label: 'field.method',
    flag: { name: 'method', value: 'M', help: 'what the run does' },
    control: { kind: 'select', group: 'model', optionLabels: 'method' },
  }),
  precision: field({
    schema: precisionSchema,
    // QLoRA only runs on a 4-bit base; everything else defaults to bf16, what current cards train in.
    default: (c) => (c.method === 'qlora' ? 'int4' : 'bf16'),
    why: (c) => (c.method === 'qlora' ? REASON.qloraBase : undefined),
    label: 'field.precision',
    flag: { name: 'precision', value: 'P', help: 'dtype the weights are held in' },
    control: { kind: 'select', group: 'model', optionLabels: 'precision' },
  }),
  quant: field({
    schema: quantSchema,
    default: (c) => (isQuantized(c.precision) ? 'bnb' : 'none'),
    why: (c) => (c.precision === 'int4' ? REASON.nf4 : undefined),
    applies: (c) => isQuantized(c.precision) || msg('reason.unquantized', { precision: c.precision }),
    label: 'field.quant',
    flag: { name: 'quant', value: 'Q', help: 'quantization scheme of a 4- or 8-bit base' },
    control: {
      kind: 'select',
      group: 'model',
      options: quantSchema.options.filter((quant) => quant !== 'none'),
      optionLabels: 'quant',
    },
  }),
  batchSize: field({
    schema: z.number().int().min(1).max(65_536),
    unit: 'samples',
    default: 1,
    label: 'field.batchSize',
    flag: { name: 'batch', value: 'N', help: 'micro-batch size per GPU' },
    control: { kind: 'number', group: 'workload', min: 1, step: 1 },
  }),
  seqLen: field({
    schema: z.number().int().min(1).max(10_000_000),
    unit: 'tokens',
    default: 2048,
    label: 'field.seqLen',
    flag: { name: 'seq', value: 'N', help: 'sequence length in tokens' },
    control: { kind: 'number', group: 'workload', min: 1, step: 1 },
  }),
  flashAttention: field({
    schema: z.boolean(),
    default: true,
    label: 'field.flashAttention',
    flag: {
      name: 'flash-attention',
      help: 'FlashAttention / SDPA (off: eager attention stores the s² scores)',
      negatable: true,
    },
    control: { kind: 'checkbox', group: 'workload' },
  }),
  kvCachePrecision: field({
    schema: precisionSchema,
    default: (c) => computeDtype(c.precision),
    why: () => REASON.computeDtype,
    applies: forInference,
    label: 'field.kvCachePrecision',
    flag: {
      name: 'kv-cache-precision',
      value: 'P',
      help: 'KV cache dtype',
      defaultHelp: 'the compute dtype of the weights',
    },
    control: { kind: 'select', group: 'workload', optionLabels: 'precision' },
  }),
  inferenceRuntime: field({
    schema: inferenceRuntimeSchema,
    default: 'efficient',
    applies: forInference,
    label: 'field.inferenceRuntime',
    flag: { name: 'inference-runtime', value: 'R', help: 'llama.cpp/vLLM class, or HF transformers generate' },
    control: { kind: 'select', group: 'workload', optionLabels: 'inferenceRuntime' },
  }),
  optimizer: field({
    schema: optimizerSchema,
    default: 'adamw',
    applies: forTraining,
    label: 'field.optimizer',
    flag: { name: 'optimizer', value: 'O', help: 'optimizer' },
    control: { kind: 'select', group: 'training', optionLabels: 'optimizer' },
  }),
  mixedPrecision: field({
    schema: z.boolean(),
    // AMP keeps fp32 master weights (full) or fp32 adapters (LoRA); a pure fp32 run has nothing to mix.
    default: (c) => isTraining(c.method) && c.precision !== 'fp32',
    why: (c) => (c.precision === 'fp32' ? REASON.fp32 : c.method === 'full' ? REASON.ampFull : REASON.ampAdapters),
    applies: forTraining,
    label: 'field.mixedPrecision',
    flag: { name: 'mixed-precision', help: 'fp32 master weights (AMP); off: pure 16-bit training', negatable: true },
    control: { kind: 'checkbox', group: 'training' },
  }),
  gradientCheckpointing: field({
    schema: z.boolean(),
    // PEFT's prepare_model_for_kbit_training turns it on, so QLoRA recipes run with it; HF
    // TrainingArguments leave it off (gradient_checkpointing=False), so everything else does.
    default: (c) => c.method === 'qlora',
    why: (c) => (c.method === 'qlora' ? REASON.peftQlora : REASON.hfTrainer),
    applies: forTraining,
    label: 'field.gradientCheckpointing',
    flag: { name: 'grad-checkpointing', help: 'gradient (activation) checkpointing', negatable: true },
    control: { kind: 'checkbox', group: 'training' },
  }),
  optimizerInBackward: memorySaver(
    'field.optimizerInBackward',
    'optimizer-in-backward',
    'optimizer step fused into backward (torchtune optimizer_in_bwd): no full gradient buffer',
  ),
  chunkedCrossEntropy: memorySaver(
    'field.chunkedCrossEntropy',
    'chunked-cross-entropy',
    'cross-entropy over chunks of the logits (fp32 upcast per chunk)',
  ),
  activationOffload: memorySaver(
    'field.activationOffload',
    'activation-offload',
    'saved activations kept in CPU memory until backward',
  ),
  optimizerOffload: memorySaver(
    'field.optimizerOffload',
    'optimizer-offload',
    'optimizer states and master weights in CPU memory (FSDP / ZeRO CPU offload)',
  ),
  lora: group({
    label: 'field.lora',
    applies: (c) => usesLora(c.method) || methodIs(c.method),
    members: {
      rank: field({
        schema: z.number().int().min(1).max(4096),
        default: 16,
        label: 'field.lora.rank',
        flag: { name: 'lora-rank', value: 'R', help: 'LoRA rank' },
        control: { kind: 'number', group: 'training', min: 1, step: 1 },
      }),
      targets: field({
        schema: z.union([
          loraTargetSetSchema,
          z
            .array(loraTargetSchema)
            .min(1)
            .max(7)
            .refine((list) => new Set(list).size === list.length, {
              error: 'input.loraTargetTwice' satisfies MessageCode,
            }),
        ]),
        default: 'attention',
        label: 'field.lora.targets',
        flag: {
          name: 'lora-targets',
          value: 'T',
          help: `attention | all-linear | a list of ${loraTargetSchema.options.join(',')}`,
          fromText: loraTargetsFromText,
        },
        control: {
          kind: 'select',
          group: 'training',
          options: loraTargetSetSchema.options,
          optionLabels: 'loraTargets',
        },
      }),
    },
  }),
  gpus: field({
    schema: z.number().int().min(1).max(1024),
    unit: 'GPUs',
    default: 1,
    label: 'field.gpus',
    flag: { name: 'gpus', value: 'N', help: 'GPUs the job is spread over' },
    control: { kind: 'number', group: 'gpus', min: 1, step: 1 },
  }),
  sharding: field({
    schema: shardingSchema,
    default: 'none',
    // A sharding given for one GPU is kept (it shards nothing, and the result says so): it marks
    // the framework a run came from, which calibration compares.
    applies: forTraining,
    label: 'field.sharding',
    flag: { name: 'sharding', value: 'S', help: 'how training state is split over the GPUs' },
    control: { kind: 'select', group: 'gpus', optionLabels: 'sharding', when: (c) => c.gpus > 1 },
  }),
  gpu: optional({
    schema: cardIdSchema,
    label: 'field.gpu',
    flag: { name: 'gpu', value: 'CARD', help: 'card id to estimate speed on, e.g. rtx-4090' },
    control: { kind: 'card', group: 'speed', emptyLabel: 'field.gpu.none' },
  }),
};

export type EstimateFields = typeof estimateFields;
