import { z } from 'zod';
import { cardIdSchema } from '../catalog';
import {
  frameworkSchema,
  inferenceRuntimeSchema,
  isDeepSpeed,
  isQuantized,
  isTensorParallelEngine,
  isTraining,
  loraTargetSchema,
  loraTargetSetSchema,
  methodSchema,
  optimizerSchema,
  packingSchema,
  peerToPeerSchema,
  precisionSchema,
  quantBackendSchema,
  quantSchema,
  shardingSchema,
  usesLora,
  type Framework,
  type InferenceRuntime,
  type Method,
  type Packing,
  type Precision,
  type Quant,
  type Sharding,
} from '../estimate/choices';
import { computeDtype } from '../estimate/units';
import { msg, type Message, type MessageCode } from '../messages';
import { fieldBuilders, type Applies } from './field';
import { modelInputSchema } from './model-fields';
import { preset, presetWhy } from './framework-presets';
import { optionLabel } from './resolve';

/**
 * What a default or an applies-rule of the estimate may read: fields listed before it in the
 * table (a test proves no rule reads a later one). Issue 11's framework preset goes first, so
 * every detail's default can follow it.
 */
export interface EstimateFieldContext {
  method: Method;
  framework: Framework;
  precision: Precision;
  quant: Quant;
  seqLen: number;
  packing: Packing;
  inferenceRuntime: InferenceRuntime;
  gpus: number;
  sharding: Sharding;
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
  fullSamples: msg('reason.fullSamples'),
  packedRows: msg('reason.packedRows'),
  gptqTraining: msg('reason.gptqTraining'),
  gptqInference: msg('reason.gptqInference'),
  awqGemm: msg('reason.awqGemm'),
  ggufEngine: msg('reason.ggufEngine'),
  tensorParallelEngine: msg('reason.tensorParallelEngine'),
  layerSplit: msg('reason.layerSplit'),
  oneGpu: msg('reason.oneGpu'),
  notDeepSpeed: msg('reason.notDeepSpeed'),
  zero3Prefetch: msg('reason.zero3Prefetch'),
  zero3SubGroups: msg('reason.zero3SubGroups'),
  deepSpeedDefault: msg('reason.deepSpeedDefault'),
  p2pAuto: msg('reason.p2pAuto'),
  peftUpcast: msg('reason.peftUpcast'),
  torchtuneNf4: msg('reason.torchtuneNf4'),
  notBnbQlora: msg('reason.notBnbQlora'),
};

const forTraining: Applies<EstimateFieldContext> = (c) => isTraining(c.method) || methodIs(c.method);
const forInference: Applies<EstimateFieldContext> = (c) => !isTraining(c.method) || methodIs(c.method);

/** Comma-separated LoRA targets ("q,k,v,o"), or a named set ("attention") as is. */
const loraTargetsFromText = (text: string): unknown =>
  (loraTargetSetSchema.options as readonly string[]).includes(text) ? text : text.split(',').map((t) => t.trim());

/** A memory-saving technique of training (a checkbox, a switch), off unless the run or its framework uses it. */
function memorySaver(
  label: MessageCode,
  flag: string,
  help: string,
  key?: 'chunkedCrossEntropy' | 'activationOffload',
) {
  return field({
    schema: z.boolean(),
    default: (c) => (key ? (preset(c, key) ?? false) : false),
    why: key ? presetWhy(key) : undefined,
    applies: forTraining,
    label,
    flag: { name: flag, help, negatable: key !== undefined },
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
  // The preset comes before every detail it sets (a default reads only fields listed before it).
  framework: field({
    schema: frameworkSchema,
    default: 'hf-trainer-peft',
    applies: forTraining,
    label: 'field.framework',
    help: 'field.framework.help',
    flag: { name: 'framework', value: 'F', help: 'training framework preset: sets the defaults of the details below' },
    control: { kind: 'select', group: 'model', optionLabels: 'framework' },
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
  quantBackend: field({
    schema: quantBackendSchema,
    // Training on GPTQ goes through auto-gptq's dequantize path (ExLlama kernels have no backward);
    // for inference transformers' GPTQConfig turns ExLlama on by default (use_exllama); AutoAWQ's
    // default kernel version is GEMM.
    default: (c) => (c.quant === 'awq' ? 'gemm' : isTraining(c.method) ? 'dequant' : 'exllama'),
    why: (c) =>
      c.quant === 'awq' ? REASON.awqGemm : isTraining(c.method) ? REASON.gptqTraining : REASON.gptqInference,
    applies: (c) =>
      c.quant === 'gptq' ||
      c.quant === 'awq' ||
      msg('reason.noQuantBackend', { scheme: optionLabel('quant', c.quant) }),
    label: 'field.quantBackend',
    flag: {
      name: 'quant-backend',
      value: 'K',
      help: 'kernels of a GPTQ/AWQ base',
      defaultHelp: 'dequant to train on GPTQ, exllama for GPTQ inference, gemm for AWQ',
    },
    control: { kind: 'select', group: 'model', optionLabels: 'quantBackend' },
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
  // Hugging Face Trainer / TRL, axolotl, torchtune and LLaMA-Factory (for fine-tuning) all leave
  // packing off unless asked; the peak then follows the longest batch, padded to seqLen at worst.
  packing: field({
    schema: packingSchema,
    default: 'padded',
    applies: forTraining,
    label: 'field.packing',
    flag: { name: 'packing', value: 'P', help: 'how samples fill a micro-batch' },
    control: { kind: 'select', group: 'workload', optionLabels: 'packing' },
  }),
  tokensPerSample: field({
    schema: z.number().positive().max(10_000_000),
    unit: 'tokens',
    default: (c) => c.seqLen,
    why: () => REASON.fullSamples,
    applies: (c) => (isTraining(c.method) ? c.packing !== 'packed' || REASON.packedRows : methodIs(c.method)),
    label: 'field.tokensPerSample',
    flag: {
      name: 'tokens-per-sample',
      value: 'N',
      help: 'mean tokens per sample of an unpacked dataset (the sequence length is its longest)',
      defaultHelp: 'the sequence length',
    },
    control: { kind: 'number', group: 'workload', min: 1, step: 'any' },
  }),
  // A generation's decode reads the KV cache at its average context: the prompt plus half the new tokens
  // (speed-inference.ts). Left out, the prompt is short and the average is half the sequence.
  promptTokens: optional({
    schema: z.number().int().min(0).max(10_000_000),
    unit: 'tokens',
    applies: forInference,
    label: 'field.promptTokens',
    flag: {
      name: 'prompt-tokens',
      value: 'N',
      help: 'prompt tokens of each sequence, inside the sequence length (default: a short prompt)',
    },
    // 'any': an empty box means "not stated" (an integer step would read it as a missing number).
    control: { kind: 'number', group: 'workload', min: 0, step: 'any' },
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
    default: (c) => (c.quant.startsWith('gguf') ? 'llama.cpp' : 'efficient'),
    why: (c) => (c.quant.startsWith('gguf') ? REASON.ggufEngine : undefined),
    applies: forInference,
    label: 'field.inferenceRuntime',
    flag: { name: 'inference-runtime', value: 'E', help: 'inference engine (eager = HF transformers generate)' },
    control: { kind: 'select', group: 'workload', optionLabels: 'inferenceRuntime' },
  }),
  // Off unless asked: HF TrainingArguments torch_compile=False, torchtune configs `compile: False`.
  torchCompile: field({
    schema: z.boolean(),
    default: false,
    label: 'field.torchCompile',
    flag: { name: 'torch-compile', help: 'the model runs through torch.compile' },
    control: { kind: 'checkbox', group: 'workload' },
  }),
  // Off unless the run names them: fms-acceleration's fused-ops-and-kernels (FOAK), unsloth and Liger patch the
  // model with Triton RMSNorm, RoPE, SwiGLU/LoRA and cross-entropy kernels; stock HF Trainer and PEFT do not.
  fusedKernels: field({
    schema: z.boolean(),
    default: false,
    applies: forTraining,
    label: 'field.fusedKernels',
    flag: {
      name: 'fused-kernels',
      help: 'fused Triton kernels for the norms, RoPE, MLP/LoRA and loss (fms-acceleration FOAK, unsloth, Liger)',
    },
    control: { kind: 'checkbox', group: 'training' },
  }),
  optimizer: field({
    schema: optimizerSchema,
    default: 'adamw',
    applies: forTraining,
    label: 'field.optimizer',
    flag: { name: 'optimizer', value: 'O', help: 'optimizer' },
    control: { kind: 'select', group: 'training', optionLabels: 'optimizer' },
  }),
  // torch.optim.AdamW runs its foreach implementation unless fused=True is passed; torchtune's configs pass it
  // (framework-presets.ts), HF TrainingArguments' default optim "adamw_torch" does not.
  fusedOptimizer: field({
    schema: z.boolean(),
    default: (c) => preset(c, 'fusedOptimizer') ?? false,
    why: presetWhy('fusedOptimizer'),
    // Read with torch AdamW only: bitsandbytes optimizers update each tensor in one kernel whatever it says.
    applies: forTraining,
    label: 'field.fusedOptimizer',
    flag: {
      name: 'fused-optimizer',
      help: 'torch AdamW with fused=True: the step updates in place (no foreach temporaries)',
      negatable: true,
    },
    control: { kind: 'checkbox', group: 'training' },
  }),
  mixedPrecision: field({
    schema: z.boolean(),
    // AMP keeps fp32 master weights (full) or fp32 adapters (LoRA: PEFT's autocast_adapter_dtype=True
    // upcasts bf16/fp16 adapters to fp32); a pure fp32 run has nothing to mix; torchtune trains in pure bf16.
    // For LoRA this is the adapter dtype: on = fp32 adapters, off = adapters in the compute dtype.
    default: (c) => isTraining(c.method) && c.precision !== 'fp32' && (preset(c, 'mixedPrecision') ?? true),
    why: presetWhy('mixedPrecision', (c) =>
      c.precision === 'fp32' ? REASON.fp32 : c.method === 'full' ? REASON.ampFull : REASON.ampAdapters,
    ),
    applies: forTraining,
    label: 'field.mixedPrecision',
    flag: { name: 'mixed-precision', help: 'fp32 master weights (AMP); off: pure 16-bit training', negatable: true },
    control: { kind: 'checkbox', group: 'training' },
  }),
  gradientCheckpointing: field({
    schema: z.boolean(),
    // PEFT's prepare_model_for_kbit_training turns it on, so QLoRA recipes run with it; HF
    // TrainingArguments leave it off (gradient_checkpointing=False), so everything else does.
    default: (c) => preset(c, 'gradientCheckpointing') ?? c.method === 'qlora',
    why: presetWhy('gradientCheckpointing', (c) =>
      c.method === 'qlora' ? REASON.peftQlora : c.framework === 'custom' ? undefined : REASON.hfTrainer,
    ),
    applies: forTraining,
    label: 'field.gradientCheckpointing',
    flag: { name: 'grad-checkpointing', help: 'gradient (activation) checkpointing', negatable: true },
    control: { kind: 'checkbox', group: 'training' },
  }),
  // HF TrainingArguments gradient_accumulation_steps=1: one micro-batch per optimizer step.
  gradientAccumulationSteps: field({
    schema: z.number().int().min(1).max(65_536),
    default: 1,
    applies: forTraining,
    label: 'field.gradientAccumulationSteps',
    flag: { name: 'grad-accum', value: 'N', help: 'micro-batches per optimizer step' },
    control: { kind: 'number', group: 'training', min: 1, step: 1 },
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
    'chunkedCrossEntropy',
  ),
  fusedCrossEntropy: memorySaver(
    'field.fusedCrossEntropy',
    'fused-cross-entropy',
    'fused cross-entropy kernel writing the logits gradient in place (unsloth, fms-acceleration fast_loss)',
  ),
  activationOffload: memorySaver(
    'field.activationOffload',
    'activation-offload',
    'saved activations kept in CPU memory until backward',
    'activationOffload',
  ),
  optimizerOffload: memorySaver(
    'field.optimizerOffload',
    'optimizer-offload',
    'optimizer states and master weights in CPU memory (FSDP / ZeRO CPU offload)',
  ),
  // PEFT's prepare_model_for_kbit_training casts every unquantized parameter of a bnb base (norms, embeddings) to
  // fp32, which promotes the norm and MLP activations to fp32 (foundation-model-stack/fms-acceleration@876e2ed6
  // plugins/accelerated-peft/src/fms_acceleration_peft/framework_plugin_bnb.py: "in the original version, all
  // non-INT8 params (e.g., fp16, bf16) are upcast to full precision", a copy that skips it); torchtune's torchao
  // NF4 bases keep bf16 norms (pytorch/torchtune@30b8519e torchtune/modules/rms_norm.py, peft/lora.py).
  kbitUpcast: field({
    schema: z.boolean(),
    default: (c) => c.framework !== 'torchtune',
    why: (c) => (c.framework === 'torchtune' ? REASON.torchtuneNf4 : REASON.peftUpcast),
    applies: (c) => (c.method === 'qlora' && c.quant === 'bnb') || REASON.notBnbQlora,
    label: 'field.kbitUpcast',
    flag: {
      name: 'kbit-upcast',
      help: 'norms of a bnb QLoRA base upcast to fp32 (PEFT prepare_model_for_kbit_training)',
      negatable: true,
      defaultHelp: 'on, except torchtune',
    },
    control: { kind: 'checkbox', group: 'training' },
  }),
  lora: group({
    label: 'field.lora',
    applies: (c) => usesLora(c.method) || methodIs(c.method),
    members: {
      rank: field({
        schema: z.number().int().min(1).max(4096),
        default: (c) => preset(c, 'loraRank') ?? 16,
        why: presetWhy('loraRank'),
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
        default: (c) => preset(c, 'loraTargets') ?? 'attention',
        why: presetWhy('loraTargets'),
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
      // PEFT's LoraConfig and torchtune's configs default lora_dropout to 0 (an identity); litgpt's configs set 0.05.
      dropout: field({
        schema: z.number().min(0).max(0.9),
        default: (c) => preset(c, 'loraDropout') ?? 0,
        why: presetWhy('loraDropout'),
        label: 'field.lora.dropout',
        flag: { name: 'lora-dropout', value: 'P', help: 'dropout on the input of each LoRA adapter' },
        control: { kind: 'number', group: 'training', min: 0, step: 0.05 },
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
    default: (c) => preset(c, 'sharding') ?? 'none',
    why: presetWhy('sharding'),
    // A sharding given for one GPU is kept (it shards nothing, and the result says so): it marks
    // the framework a run came from, which calibration compares.
    applies: forTraining,
    label: 'field.sharding',
    flag: { name: 'sharding', value: 'S', help: 'how training state is split over the GPUs' },
    control: { kind: 'select', group: 'gpus', optionLabels: 'sharding', when: (c) => c.gpus > 1 },
  }),
  // DeepSpeed's own defaults (deepspeedai/DeepSpeed@edaa7221 deepspeed/runtime/zero/config.py):
  // reduce_bucket_size and allgather_bucket_size 5e8 elements, sub_group_size 1e9, overlap_comm None = on
  // for ZeRO-3 only.
  // Present on one GPU too: a trainer that wraps the model in DeepSpeed allocates the buckets anyway.
  deepspeed: group({
    label: 'field.deepspeed',
    applies: (c) => (isTraining(c.method) ? isDeepSpeed(c.sharding) || REASON.notDeepSpeed : methodIs(c.method)),
    members: {
      reduceBucketSize: field({
        schema: z.number().int().min(1).max(1e12),
        unit: 'elements',
        default: 5e8,
        label: 'field.deepspeed.reduceBucketSize',
        flag: { name: 'reduce-bucket-size', value: 'N', help: 'DeepSpeed reduce_bucket_size, in elements' },
        control: { kind: 'number', group: 'gpus', min: 1, step: 1 },
      }),
      allgatherBucketSize: field({
        schema: z.number().int().min(1).max(1e12),
        unit: 'elements',
        default: 5e8,
        applies: (c) => c.sharding !== 'zero3' || REASON.zero3Prefetch,
        label: 'field.deepspeed.allgatherBucketSize',
        flag: {
          name: 'allgather-bucket-size',
          value: 'N',
          help: 'DeepSpeed allgather_bucket_size, in elements (ZeRO-1/2)',
        },
        control: { kind: 'number', group: 'gpus', min: 1, step: 1 },
      }),
      // ZeRO-3 steps its partition one sub-group at a time: the fp32 gradient of one sub-group exists at once
      // (deepspeed/runtime/zero/stage3.py _prepare_fp32_grad_for_sub_group; config.py sub_group_size 1e9).
      subGroupSize: field({
        schema: z.number().int().min(1).max(1e13),
        unit: 'elements',
        default: 1e9,
        applies: (c) => c.sharding === 'zero3' || REASON.zero3SubGroups,
        label: 'field.deepspeed.subGroupSize',
        flag: { name: 'sub-group-size', value: 'N', help: 'DeepSpeed sub_group_size, in elements (ZeRO-3)' },
        control: { kind: 'number', group: 'gpus', min: 1, step: 1 },
      }),
      overlapComm: field({
        schema: z.boolean(),
        default: (c) => c.sharding === 'zero3',
        why: () => REASON.deepSpeedDefault,
        label: 'field.deepspeed.overlapComm',
        flag: {
          name: 'overlap-comm',
          help: 'DeepSpeed overlap_comm (a second reduce bucket)',
          negatable: true,
          defaultHelp: 'on for ZeRO-3 only',
        },
        control: { kind: 'checkbox', group: 'gpus' },
      }),
    },
  }),
  tensorParallel: field({
    schema: z.number().int().min(1).max(1024),
    unit: 'GPUs',
    default: (c) => (isTensorParallelEngine(c.inferenceRuntime) ? c.gpus : 1),
    why: (c) => (isTensorParallelEngine(c.inferenceRuntime) ? REASON.tensorParallelEngine : REASON.layerSplit),
    applies: (c) => (isTraining(c.method) ? methodIs(c.method) : c.gpus > 1 || REASON.oneGpu),
    label: 'field.tensorParallel',
    flag: {
      name: 'tensor-parallel',
      value: 'N',
      help: 'tensor-parallel degree of inference (1 = layers split over the GPUs)',
      defaultHelp: 'the GPU count for vllm and tensorrt-llm, else 1',
    },
    control: { kind: 'number', group: 'gpus', min: 1, step: 1 },
  }),
  peerToPeer: field({
    schema: peerToPeerSchema,
    default: 'auto',
    why: () => REASON.p2pAuto,
    applies: (c) => c.gpus > 1 || REASON.oneGpu,
    label: 'field.peerToPeer',
    flag: { name: 'p2p', value: 'L', help: 'how the GPUs reach each other' },
    control: { kind: 'select', group: 'gpus', optionLabels: 'peerToPeer' },
  }),
  gpu: optional({
    schema: cardIdSchema,
    label: 'field.gpu',
    flag: { name: 'gpu', value: 'CARD', help: 'card id to estimate speed on, e.g. rtx-4090' },
    control: { kind: 'card', group: 'speed', emptyLabel: 'field.gpu.none' },
  }),
};

export type EstimateFields = typeof estimateFields;
