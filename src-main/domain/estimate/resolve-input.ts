import { InputError } from '../errors';
import { msg } from '../messages';
import type { EstimateInput, MemoryEstimate, Quant } from './input';
import { computeDtype } from './units';

export type ResolvedInput = MemoryEstimate['resolvedInput'];

/** Bits per weight of each 4-bit scheme are in weights.ts; here only which precision a scheme needs. */
const SCHEME_PRECISIONS: Record<Exclude<Quant, 'none'>, Array<EstimateInput['precision']>> = {
  bnb: ['int4', 'int8'],
  gptq: ['int4', 'int8'],
  awq: ['int4'],
  'gguf-q4_k_m': ['int4'],
  'gguf-q8_0': ['int8'],
};

/**
 * Fills every default of an estimate input and rejects incoherent combinations with an
 * InputError naming the field. Returns the filled input and the notable assumptions made.
 */
export function resolveInput(input: EstimateInput): { resolved: ResolvedInput; assumptions: string[] } {
  const assumptions: string[] = [];
  const { method, precision } = input;
  for (const field of ['batchSize', 'seqLen', 'gpus'] as const) {
    const value = input[field];
    if (value !== undefined && !(Number.isInteger(value) && value >= 1)) {
      throw new InputError(field, `${field} must be a whole number of at least 1`);
    }
  }
  if (input.lora && !(Number.isInteger(input.lora.rank) && input.lora.rank >= 1)) {
    throw new InputError('lora.rank', 'the LoRA rank must be a whole number of at least 1');
  }
  const training = method !== 'inference';
  const quantized = precision === 'int4' || precision === 'int8';

  if (method === 'qlora' && precision !== 'int4') {
    throw new InputError('precision', msg('input.qloraNeedsInt4'));
  }
  if (method === 'full' && quantized) {
    throw new InputError(
      'precision',
      'full fine-tuning cannot update a quantized base: use bf16, or qlora for a 4-bit base',
    );
  }

  let quant: Quant = input.quant ?? 'none';
  if (quantized && quant === 'none') {
    quant = 'bnb';
    assumptions.push(
      precision === 'int4'
        ? 'quantization: bitsandbytes NF4 with double quantization'
        : 'quantization: bitsandbytes LLM.int8()',
    );
  }
  if (!quantized && quant !== 'none') {
    throw new InputError(
      'quant',
      `${quant} quantizes weights to ${SCHEME_PRECISIONS[quant].join(' or ')}: set precision accordingly`,
    );
  }
  if (quant !== 'none' && !SCHEME_PRECISIONS[quant].includes(precision)) {
    throw new InputError('quant', `${quant} is a ${SCHEME_PRECISIONS[quant].join('/')} scheme, not ${precision}`);
  }
  if (training && quant.startsWith('gguf')) {
    throw new InputError('quant', 'GGUF models run in llama.cpp for inference; train from a bnb, GPTQ or AWQ base');
  }

  const gpus = input.gpus ?? 1;
  const sharding = input.sharding ?? 'none';
  const optimizer = input.optimizer ?? 'adamw';
  if (training && input.optimizer === undefined) assumptions.push('optimizer: AdamW');
  const mixedPrecision = input.mixedPrecision ?? (training && precision !== 'fp32');
  if (training && input.mixedPrecision === undefined && mixedPrecision) {
    assumptions.push(
      method === 'full'
        ? 'mixed precision: fp32 master weights and AdamW states, 16-bit compute'
        : 'LoRA adapters and their optimizer states kept in fp32',
    );
  }
  // PEFT's prepare_model_for_kbit_training turns gradient checkpointing on by default, so
  // QLoRA recipes run with it; everything else defaults to off, as HF TrainingArguments do.
  const gradientCheckpointing = input.gradientCheckpointing ?? method === 'qlora';
  if (method === 'qlora' && input.gradientCheckpointing === undefined) {
    assumptions.push('gradient checkpointing on (the PEFT QLoRA default)');
  }
  const flashAttention = input.flashAttention ?? true;
  const kvCachePrecision = input.kvCachePrecision ?? computeDtype(precision);

  let lora = input.lora;
  if (method === 'lora' || method === 'qlora') {
    if (!lora) {
      lora = { rank: 16, targets: 'attention' };
      assumptions.push('LoRA rank 16 on the attention projections (q, k, v, o)');
    }
  } else if (lora) {
    assumptions.push(`LoRA settings ignored: method is ${method}`);
    lora = undefined;
  }
  const { optimizerInBackward, chunkedCrossEntropy, activationOffload, optimizerOffload } = trainingOptions(
    input,
    training,
    assumptions,
  );
  const inferenceRuntime = input.inferenceRuntime ?? 'efficient';
  if (quant.startsWith('gguf') && inferenceRuntime === 'eager') {
    throw new InputError('inferenceRuntime', 'GGUF models run in llama.cpp, an efficient runtime: choose efficient');
  }
  if (gpus === 1 && sharding !== 'none') assumptions.push(`${sharding} on one GPU shards nothing`);
  if (!training && gpus > 1) {
    assumptions.push(
      `inference on ${gpus} GPUs: weights and KV cache split evenly across them (tensor or pipeline parallel)`,
    );
  }

  const resolved: ResolvedInput = {
    model: input.model,
    method,
    precision,
    quant,
    batchSize: input.batchSize,
    seqLen: input.seqLen,
    optimizer,
    mixedPrecision,
    gradientCheckpointing,
    flashAttention,
    gpus,
    sharding,
    kvCachePrecision,
    optimizerInBackward,
    chunkedCrossEntropy,
    activationOffload,
    optimizerOffload,
    inferenceRuntime,
    ...(lora ? { lora } : {}),
    ...(input.gpu ? { gpu: input.gpu } : {}),
  };
  return { resolved, assumptions };
}

const TRAINING_OPTIONS = {
  optimizerInBackward: 'optimizer step fused into backward: gradients freed parameter by parameter',
  chunkedCrossEntropy: 'chunked cross-entropy: the fp32 logits exist one chunk at a time',
  activationOffload: 'activation offloading: saved activations wait in CPU memory until backward',
  optimizerOffload: 'optimizer offloading: optimizer states and master weights in CPU memory, step on the CPU',
} as const;

/** The training-only switches, off by default; on for inference they are ignored (and said so). */
function trainingOptions(
  input: EstimateInput,
  training: boolean,
  assumptions: string[],
): Record<keyof typeof TRAINING_OPTIONS, boolean> {
  const entries = (Object.keys(TRAINING_OPTIONS) as Array<keyof typeof TRAINING_OPTIONS>).map((field) => {
    const on = input[field] ?? false;
    if (on && !training) assumptions.push(`${field} ignored: method is inference`);
    else if (on) assumptions.push(TRAINING_OPTIONS[field]);
    return [field, on && training] as const;
  });
  return Object.fromEntries(entries) as Record<keyof typeof TRAINING_OPTIONS, boolean>;
}
