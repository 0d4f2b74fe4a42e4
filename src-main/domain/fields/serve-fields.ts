import { z } from 'zod';
import { cardIdSchema, currencySchema } from '../catalog';
import { isQuantized, precisionSchema, quantSchema, type Precision, type Quant } from '../estimate/choices';
import { msg } from '../messages';
import { fieldBuilders } from './field';
import { modelInputSchema } from './model-fields';

/** The serving engines Cardwise models (issue 17): vLLM and SGLang page a KV pool, llama.cpp preallocates one. */
export const serveEngineSchema = z.enum(['vllm', 'sglang', 'llamacpp']);
export type ServeEngine = z.infer<typeof serveEngineSchema>;
/** `--kv-cache-dtype` as vLLM and SGLang take it: auto = the weights' compute dtype, fp8 = one byte per element. */
export const kvCacheDtypeSchema = z.enum(['auto', 'fp8']);
export type KvCacheDtype = z.infer<typeof kvCacheDtypeSchema>;

/** What a default or an applies-rule of the serve table may read: fields listed before it. */
export interface ServeFieldContext {
  engine: ServeEngine;
  precision: Precision;
  quant: Quant;
}

const { field, optional, required } = fieldBuilders<ServeFieldContext>();

const REASON = {
  ggufBase: msg('reason.serve.ggufBase'),
  engineQuant: msg('reason.serve.engineQuant'),
  pagedEngine: msg('reason.serve.pagedEngine'),
};

const forPagedEngine = (c: ServeFieldContext) => c.engine !== 'llamacpp' || REASON.pagedEngine;

/** The 4/8-bit scheme each engine loads by default: GGUF k-quants for llama.cpp, AWQ / GPTQ checkpoints for the others. */
function defaultQuant(c: ServeFieldContext): Quant {
  if (!isQuantized(c.precision)) return 'none';
  if (c.engine === 'llamacpp') return c.precision === 'int4' ? 'gguf-q4_k_m' : 'gguf-q8_0';
  return c.precision === 'int4' ? 'awq' : 'gptq';
}

/**
 * Every input of a serving estimate (issue 17), once: type and range, default, words, flag and
 * control. The serve contract, `cardwise capacity` and the Serve page derive from this table.
 * Fields without a default are resolved per card by domain/serve (the model's context limit, vLLM's
 * batch defaults by card memory) and the result says which value it used.
 */
export const serveFields = {
  model: required({
    schema: modelInputSchema,
    label: 'field.model',
    flag: { name: 'model', value: 'ID', help: 'model preset id (see `cardwise models list`)' },
    control: { kind: 'model', group: 'model' },
  }),
  engine: field({
    schema: serveEngineSchema,
    default: 'vllm',
    label: 'field.serve.engine',
    help: 'field.serve.engine.help',
    flag: { name: 'engine', value: 'E', help: 'serving engine' },
    control: { kind: 'select', group: 'model', optionLabels: 'serveEngine' },
  }),
  // llama.cpp serves GGUF files, most often a 4-bit k-quant; the paged engines serve the 16-bit checkpoint.
  precision: field({
    schema: precisionSchema,
    default: (c) => (c.engine === 'llamacpp' ? 'int4' : 'bf16'),
    why: (c) => (c.engine === 'llamacpp' ? REASON.ggufBase : undefined),
    label: 'field.precision',
    flag: {
      name: 'precision',
      value: 'P',
      help: 'dtype the weights are held in',
      defaultHelp: 'bf16; int4 for llamacpp',
    },
    control: { kind: 'select', group: 'model', optionLabels: 'precision' },
  }),
  quant: field({
    schema: quantSchema,
    default: defaultQuant,
    why: () => REASON.engineQuant,
    applies: (c) => isQuantized(c.precision) || msg('reason.unquantized', { precision: c.precision }),
    label: 'field.quant',
    flag: {
      name: 'quant',
      value: 'Q',
      help: 'quantization scheme of a 4- or 8-bit base',
      defaultHelp: 'gguf-q4_k_m / gguf-q8_0 for llamacpp, awq / gptq for vllm and sglang',
    },
    control: {
      kind: 'select',
      group: 'model',
      options: quantSchema.options.filter((quant) => quant !== 'none'),
      optionLabels: 'quant',
    },
  }),
  gpu: optional({
    schema: cardIdSchema,
    label: 'field.serve.gpu',
    flag: { name: 'gpu', value: 'CARD', help: 'card id, e.g. a100-80gb (default: every card in the catalog)' },
    control: { kind: 'card', group: 'gpus', emptyLabel: 'field.serve.gpu.all' },
  }),
  gpus: optional({
    schema: z.number().int().min(1).max(64),
    unit: 'GPUs',
    label: 'field.serve.gpus',
    flag: {
      name: 'gpus',
      value: 'N',
      help: 'GPUs per server (tensor parallel; llama.cpp: layer split) (default: 1, 2, 4 and 8)',
    },
    control: { kind: 'number', group: 'gpus', min: 1, step: 1 },
  }),
  maxModelLen: optional({
    schema: z.number().int().min(16).max(10_000_000),
    unit: 'tokens',
    label: 'field.serve.maxModelLen',
    help: 'field.serve.maxModelLen.help',
    flag: {
      name: 'max-model-len',
      value: 'N',
      help: "longest request (prompt + output) the engine accepts; llama.cpp: context per slot (default: the model's limit)",
    },
    control: { kind: 'number', group: 'workload', min: 16, step: 1 },
  }),
  // vLLM EngineArgs default gpu_memory_utilization 0.9 (vllm/engine/arg_utils.py); SGLang's mem_fraction_static
  // is the same kind of share (of weights + KV pool), so one field serves both.
  gpuMemoryUtilization: field({
    schema: z.number().gt(0).max(1),
    default: 0.9,
    applies: forPagedEngine,
    label: 'field.serve.gpuMemoryUtilization',
    help: 'field.serve.gpuMemoryUtilization.help',
    flag: {
      name: 'gpu-memory-utilization',
      value: 'F',
      help: 'share of each card the engine may use, above 0 and at most 1 (SGLang: --mem-fraction-static)',
    },
    control: { kind: 'number', group: 'gpus', min: 0.01, step: 'any' },
  }),
  kvCacheDtype: field({
    schema: kvCacheDtypeSchema,
    default: 'auto',
    label: 'field.serve.kvCacheDtype',
    flag: { name: 'kv-cache-dtype', value: 'D', help: 'KV cache dtype (auto = the compute dtype, 2 bytes)' },
    control: { kind: 'select', group: 'workload', optionLabels: 'kvCacheDtype' },
  }),
  maxNumBatchedTokens: optional({
    schema: z.number().int().min(1).max(10_000_000),
    unit: 'tokens',
    applies: forPagedEngine,
    label: 'field.serve.maxNumBatchedTokens',
    help: 'field.serve.maxNumBatchedTokens.help',
    flag: {
      name: 'max-num-batched-tokens',
      value: 'N',
      help: "tokens per engine step, the profiling run's size (default: vLLM's, 8192 on cards of 70 GiB or more except A100, else 2048)",
    },
    control: { kind: 'number', group: 'workload', min: 1, step: 1 },
  }),
  maxNumSeqs: optional({
    schema: z.number().int().min(1).max(65_536),
    label: 'field.serve.maxNumSeqs',
    flag: {
      name: 'max-num-seqs',
      value: 'N',
      help: "sequences decoded at once (llama.cpp: --parallel slots) (default: vLLM's 1024 / 256 by card, SGLang 4096, llama.cpp 1)",
    },
    control: { kind: 'number', group: 'workload', min: 1, step: 1 },
  }),
  // vLLM's serving benchmark random dataset: --random-input-len 1024, --random-output-len 128.
  promptTokens: field({
    schema: z.number().int().min(1).max(10_000_000),
    unit: 'tokens',
    default: 1024,
    label: 'field.serve.promptTokens',
    flag: { name: 'prompt-tokens', value: 'N', help: 'mean prompt tokens per request' },
    control: { kind: 'number', group: 'workload', min: 1, step: 1 },
  }),
  outputTokens: field({
    schema: z.number().int().min(1).max(10_000_000),
    unit: 'tokens',
    default: 128,
    label: 'field.serve.outputTokens',
    flag: { name: 'output-tokens', value: 'N', help: 'mean output tokens per request' },
    control: { kind: 'number', group: 'workload', min: 1, step: 1 },
  }),
  requestsPerSecond: field({
    schema: z.number().positive().max(1_000_000),
    unit: 'requests/s',
    default: 1,
    label: 'field.serve.requestsPerSecond',
    flag: { name: 'requests-per-second', value: 'R', help: 'request rate per server (Poisson arrivals)' },
    control: { kind: 'number', group: 'workload', min: 0.001, step: 'any' },
  }),
  ttftTargetMs: field({
    schema: z.number().positive().max(3_600_000),
    unit: 'ms',
    default: 2000,
    label: 'field.serve.ttftTargetMs',
    flag: { name: 'ttft-target-ms', value: 'MS', help: 'time-to-first-token target' },
    control: { kind: 'number', group: 'speed', min: 1, step: 'any' },
  }),
  itlTargetMs: field({
    schema: z.number().positive().max(3_600_000),
    unit: 'ms',
    default: 100,
    label: 'field.serve.itlTargetMs',
    flag: { name: 'itl-target-ms', value: 'MS', help: 'inter-token latency target' },
    control: { kind: 'number', group: 'speed', min: 1, step: 'any' },
  }),
  targetUtilization: field({
    schema: z.number().gt(0).max(1),
    default: 0.5,
    label: 'field.serve.targetUtilization',
    help: 'field.serve.targetUtilization.help',
    flag: {
      name: 'target-utilization',
      value: 'U',
      help: "share of the servers' capacity the traffic uses on average, above 0 and at most 1",
    },
    control: { kind: 'number', group: 'money', min: 0.01, step: 'any' },
  }),
  currency: optional({
    schema: currencySchema,
    label: 'field.serve.currency',
    flag: { name: 'currency', value: 'C', help: 'currency to rank in (default: the settings)' },
    control: { kind: 'select', group: 'money', optionLabels: 'currency' },
  }),
};

export type ServeFields = typeof serveFields;
