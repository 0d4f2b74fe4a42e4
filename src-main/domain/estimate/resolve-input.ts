import { InputError } from '../errors';
import { estimateFields } from '../fields/estimate-fields';
import { resolveFields } from '../fields/resolve';
import { msg, type Message } from '../messages';
import {
  QUANT_BACKENDS,
  isQuantized,
  isTraining,
  type EstimateInput,
  type Framework,
  type Precision,
  type Quant,
  type ResolvedInput,
  type Sharding,
} from './input';

export type { ResolvedInput } from './input';

/** Bits per weight of each 4-bit scheme are in weights.ts; here only which precision a scheme needs. */
const SCHEME_PRECISIONS: Record<Exclude<Quant, 'none'>, Precision[]> = {
  bnb: ['int4', 'int8'],
  gptq: ['int4', 'int8'],
  awq: ['int4'],
  'gguf-q4_k_m': ['int4'],
  'gguf-q8_0': ['int8'],
};

/** The memory-saving switches of training: each one on is a modelling choice the result names. */
const MEMORY_SAVERS = [
  'optimizerInBackward',
  'chunkedCrossEntropy',
  'fusedCrossEntropy',
  'activationOffload',
  'optimizerOffload',
] as const;

/**
 * The input with every default of the field table filled in, without checking it or saying
 * what was assumed: for reading a stored configuration (a logged run's precision or batch).
 */
export function fillDefaults(input: EstimateInput): ResolvedInput {
  return resolveFields(estimateFields, withoutNoneQuant(input)).values;
}

/** quant 'none' names no scheme: on a 4- or 8-bit base the table's default scheme applies (and is said). */
function withoutNoneQuant(input: EstimateInput): EstimateInput {
  return input.quant === 'none' ? { ...input, quant: undefined } : input;
}

/**
 * Fills every default of an estimate input from the field table (domain/fields) and rejects
 * incoherent combinations with an InputError naming the field. Returns the filled input and
 * what was assumed: each default used, each given value that does not apply, as messages.
 */
export function resolveInput(input: EstimateInput): { resolved: ResolvedInput; assumptions: Message[] } {
  assertWholeNumbers(input);
  const { values: resolved, assumptions } = resolveFields(estimateFields, withoutNoneQuant(input));
  const { method, precision, quant, gpus } = resolved;
  if (method === 'qlora' && precision !== 'int4') throw new InputError('precision', msg('input.qloraNeedsInt4'));
  if (method === 'full' && isQuantized(precision)) {
    throw new InputError('precision', msg('input.fullNeedsUnquantized'));
  }
  if (!isQuantized(precision) && input.quant !== undefined && input.quant !== 'none') {
    throw new InputError('quant', msg('input.quantNeedsPrecision', schemeParams(input.quant)));
  }
  if (quant !== 'none' && !SCHEME_PRECISIONS[quant].includes(precision)) {
    throw new InputError('quant', msg('input.quantSchemeMismatch', { ...schemeParams(quant), precision }));
  }
  const gguf = quant.startsWith('gguf');
  if (isTraining(method) && gguf) throw new InputError('quant', msg('input.ggufIsForInference'));
  if (gguf && !['efficient', 'llama.cpp', 'vllm'].includes(resolved.inferenceRuntime)) {
    throw new InputError('inferenceRuntime', msg('input.ggufNeedsEfficient'));
  }
  assertRecipe(resolved);
  for (const field of MEMORY_SAVERS) if (resolved[field]) assumptions.push(msg(`memory.${field}`));
  if (gpus === 1 && resolved.sharding !== 'none') {
    assumptions.push(msg('assume.shardingOneGpu', { sharding: msg(`option.sharding.${resolved.sharding}`) }));
  }
  if (!isTraining(method) && gpus > 1) assumptions.push(msg('assume.inferenceSplit', { count: gpus }));
  return { resolved, assumptions };
}

/** The framework's sharding, for the presets named after one. */
const PRESET_SHARDING: Partial<Record<Framework, Sharding>> = {
  'deepspeed-zero1': 'zero1',
  'deepspeed-zero2': 'zero2',
  'deepspeed-zero3': 'zero3',
  fsdp: 'fsdp',
};

/** The recipe details that contradict each other or the workload. */
function assertRecipe(r: ResolvedInput): void {
  if ((r.quant === 'gptq' || r.quant === 'awq') && !QUANT_BACKENDS[r.quant].includes(r.quantBackend)) {
    throw new InputError(
      'quantBackend',
      msg('input.quantBackendMismatch', {
        backend: msg(`option.quantBackend.${r.quantBackend}`),
        scheme: msg(`option.quant.${r.quant}`),
        backends: QUANT_BACKENDS[r.quant].join(', '),
      }),
    );
  }
  if (r.tokensPerSample > r.seqLen) {
    throw new InputError('tokensPerSample', msg('input.tokensPerSampleAboveSeq', { seqLen: r.seqLen }));
  }
  if (r.gpus % r.tensorParallel !== 0) {
    throw new InputError('tensorParallel', msg('input.tensorParallelDividesGpus', { gpus: r.gpus }));
  }
  const expected = PRESET_SHARDING[r.framework];
  // A preset named after a sharding runs that sharding: another one given describes another run.
  if (isTraining(r.method) && expected && r.sharding !== expected) {
    throw new InputError(
      'sharding',
      msg('input.frameworkSharding', {
        framework: msg(`option.framework.${r.framework}`),
        expected: msg(`option.sharding.${expected}`),
        sharding: msg(`option.sharding.${r.sharding}`),
      }),
    );
  }
}

function schemeParams(quant: Exclude<Quant, 'none'>): { scheme: Message; precisions: string } {
  return { scheme: msg(`option.quant.${quant}`), precisions: SCHEME_PRECISIONS[quant].join('/') };
}

/**
 * The contract already checks these; a direct caller of the domain (a script, a bench) may not
 * have parsed its input, and a fractional batch would make every later formula quietly wrong.
 */
function assertWholeNumbers(input: EstimateInput): void {
  const counts: [string, number | undefined][] = [
    ['batchSize', input.batchSize],
    ['seqLen', input.seqLen],
    ['gpus', input.gpus],
    ['lora.rank', input.lora?.rank],
  ];
  for (const [field, value] of counts) {
    if (value !== undefined && !(Number.isInteger(value) && value >= 1)) {
      throw new InputError(field, msg('validation.notWhole', { allowed: msg('validation.wholeAtLeast', { min: 1 }) }));
    }
  }
}
