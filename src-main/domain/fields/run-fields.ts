import { z } from 'zod';
import { cardIdSchema, currencySchema } from '../catalog';
import { estimateInputSchema } from '../estimate/input';
import type { MessageCode } from '../messages';
import { fieldBuilders } from './field';
import { serveEngineSchema } from './serve-fields';

/** Which meter read a peak-memory figure; they differ by GiBs (nvidia-smi > reserved > allocated). */
export const memoryMeterSchema = z.enum(['nvidia-smi', 'torch-reserved', 'torch-allocated']);
export const runOutcomeSchema = z.enum(['ok', 'oom', 'crashed', 'preempted']);
/** The currency a run was paid in: the catalog's currencies. */
export const runCurrencySchema = currencySchema;
/** What `tokensPerSecond` counts: training tokens, generated tokens or prompt tokens. */
export const throughputKindSchema = z.enum(['train', 'decode', 'prefill']);
/** Whether `tokensPerSecond` is one GPU's rate or the whole run's; absent = the whole run. */
export const throughputScopeSchema = z.enum(['per-gpu', 'all-gpus']);
/** The serving engine of a serving run (a run with an engine is a serving benchmark or deployment): the serve table's. */
export const servingEngineSchema = serveEngineSchema;

/** Upper limits that keep a typo (or a hostile file) from storing absurd numbers. */
const RUN_LIMITS = {
  peakMemoryGiB: 4096,
  tokensPerSecond: 1e9,
  durationHours: 1e5,
  cost: 1e9,
  notesChars: 10_000,
  providerChars: 80,
  concurrency: 1_000_000,
  ttftMs: 3_600_000,
  tokens: 100_000_000,
  kvPoolTokens: 1e10,
} as const;

/** A whole number of tokens a serving run used or reported. */
const tokenCount = (max: number) => z.number().int().positive().max(max);

/** Optional free text; an empty string means "not given", so it reads back as absent. */
function optionalText(maxChars: number) {
  return z
    .string()
    .max(maxChars)
    .transform((text) => (text === '' ? undefined : text));
}

/** ISO 8601 date ("2025-11-30") or date-time with a zone ("2025-11-30T14:05:00+08:00", "…Z"). */
const startedAtSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'runs.startedAt' satisfies MessageCode,
});

const { field, optional, required } = fieldBuilders<void>();

/**
 * Every field of a logged run besides its configuration (an estimate input, described by
 * estimate-fields.ts): type and range, default, words, flag and control. The run contract, the
 * `cardwise runs add` flags and the Run form derive from it; the rules between fields are in
 * domain/runs/run-schema.ts. The keys are the contract's field names: scripts depend on them.
 */
export const runFields = {
  config: required({ schema: estimateInputSchema, label: 'field.run.config' }),
  card: required({
    schema: cardIdSchema,
    label: 'field.run.card',
    flag: { name: 'card', value: 'ID', help: 'card id the run used, e.g. rtx-4090' },
    control: { kind: 'card', group: 'where' },
  }),
  /** Also the configuration's GPU count: `--gpus` and the form's GPUs field set both. */
  gpus: field({
    schema: z.number().int().min(1).max(1024),
    unit: 'GPUs',
    default: 1,
    label: 'field.gpus',
  }),
  provider: optional({
    schema: optionalText(RUN_LIMITS.providerChars),
    label: 'field.run.provider',
    flag: { name: 'provider', value: 'NAME', help: 'where it ran, e.g. AutoDL' },
    control: { kind: 'text', group: 'where', placeholder: 'AutoDL' },
  }),
  startedAt: optional({
    schema: startedAtSchema,
    label: 'field.run.startedAt',
    flag: { name: 'started-at', value: 'WHEN', help: 'ISO date or date-time with zone, e.g. 2025-11-30' },
    control: { kind: 'datetime', group: 'where' },
  }),
  /** Per GPU, at peak; null when unknown (an OOM, or no meter was read). */
  peakMemoryGiB: field({
    schema: z.number().min(0).max(RUN_LIMITS.peakMemoryGiB).nullable(),
    unit: 'GiB',
    default: null,
    label: 'field.run.peakMemoryGiB',
    flag: { name: 'peak-memory-gib', value: 'GIB', help: 'peak memory per GPU, in GiB' },
    control: { kind: 'number', group: 'measured', min: 0, step: 'any' },
  }),
  memoryMeter: field({
    schema: memoryMeterSchema.nullable(),
    default: null,
    label: 'field.run.memoryMeter',
    flag: { name: 'memory-meter', value: 'M', help: 'what read the peak memory (needed with --peak-memory-gib)' },
    control: { kind: 'select', group: 'measured', optionLabels: 'meter', emptyLabel: 'field.run.memoryMeter.none' },
  }),
  tokensPerSecond: optional({
    schema: z.number().positive().max(RUN_LIMITS.tokensPerSecond),
    unit: 'tokens/s',
    label: 'field.run.tokensPerSecond',
    flag: { name: 'tokens-per-second', value: 'N', help: 'measured throughput of the whole run' },
    control: { kind: 'number', group: 'measured', min: 0, step: 'any' },
  }),
  throughputKind: optional({
    schema: throughputKindSchema,
    label: 'field.run.throughputKind',
    flag: { name: 'throughput-kind', value: 'K', help: 'what tokens/s counts (default: train, decode for inference)' },
  }),
  throughputScope: optional({
    schema: throughputScopeSchema,
    label: 'field.run.throughputScope',
    flag: { name: 'throughput-scope', value: 'S', help: 'one GPU or the whole run (default all-gpus)' },
  }),
  /*
   * A serving run: the engine and what its benchmark measured (vLLM's `benchmarks/benchmark_serving.py`
   * and SGLang's `bench_serving` print these). tokensPerSecond is then the output (decode) throughput.
   */
  engine: optional({
    schema: servingEngineSchema,
    label: 'field.run.engine',
    flag: { name: 'engine', value: 'E', help: 'serving engine, for a serving run (vllm, sglang, llamacpp)' },
    control: { kind: 'select', group: 'serving', optionLabels: 'serveEngine', emptyLabel: 'field.run.engine.none' },
  }),
  concurrency: optional({
    schema: z.number().int().positive().max(RUN_LIMITS.concurrency),
    unit: 'requests',
    label: 'field.run.concurrency',
    flag: { name: 'concurrency', value: 'N', help: 'concurrent requests the benchmark kept in flight' },
    control: { kind: 'number', group: 'serving', min: 1, step: 'any' },
  }),
  ttftMs: optional({
    schema: z.number().positive().max(RUN_LIMITS.ttftMs),
    unit: 'ms',
    label: 'field.run.ttftMs',
    flag: { name: 'ttft-ms', value: 'MS', help: 'measured time to first token (mean), in ms' },
    control: { kind: 'number', group: 'serving', min: 0, step: 'any' },
  }),
  promptTokens: optional({
    schema: tokenCount(RUN_LIMITS.tokens),
    unit: 'tokens',
    label: 'field.run.promptTokens',
    flag: { name: 'prompt-tokens', value: 'N', help: 'mean prompt length of the requests' },
    control: { kind: 'number', group: 'serving', min: 1, step: 'any' },
  }),
  outputTokens: optional({
    schema: tokenCount(RUN_LIMITS.tokens),
    unit: 'tokens',
    label: 'field.run.outputTokens',
    flag: { name: 'output-tokens', value: 'N', help: 'mean output length of the requests' },
    control: { kind: 'number', group: 'serving', min: 1, step: 'any' },
  }),
  maxModelLen: optional({
    schema: tokenCount(RUN_LIMITS.tokens),
    unit: 'tokens',
    label: 'field.run.maxModelLen',
    flag: { name: 'max-model-len', value: 'N', help: "the engine's max_model_len (context per sequence)" },
    control: { kind: 'number', group: 'serving', min: 1, step: 'any' },
  }),
  gpuMemoryUtilization: optional({
    schema: z.number().gt(0).max(1),
    unit: 'fraction',
    label: 'field.run.gpuMemoryUtilization',
    flag: { name: 'gpu-memory-utilization', value: 'F', help: "the engine's gpu_memory_utilization, in (0, 1]" },
    control: { kind: 'number', group: 'serving', min: 0, step: 'any' },
  }),
  /** As the engine log prints it (vLLM: "GPU KV cache size: N tokens"); per engine instance. */
  kvPoolTokens: optional({
    schema: tokenCount(RUN_LIMITS.kvPoolTokens),
    unit: 'tokens',
    label: 'field.run.kvPoolTokens',
    flag: { name: 'kv-pool-tokens', value: 'N', help: 'KV cache size in tokens, as the engine log printed it' },
    control: { kind: 'number', group: 'serving', min: 1, step: 'any' },
  }),
  outcome: field({
    schema: runOutcomeSchema,
    default: 'ok',
    label: 'field.run.outcome',
    flag: { name: 'outcome', value: 'O', help: 'how the run ended' },
    control: { kind: 'select', group: 'measured', optionLabels: 'outcome' },
  }),
  durationHours: optional({
    schema: z.number().min(0).max(RUN_LIMITS.durationHours),
    unit: 'hours',
    label: 'field.run.durationHours',
    flag: { name: 'duration-hours', value: 'H', help: 'wall-clock hours' },
    control: { kind: 'number', group: 'money', min: 0, step: 'any' },
  }),
  cost: optional({
    schema: z.number().min(0).max(RUN_LIMITS.cost),
    unit: 'money',
    label: 'field.run.cost',
    flag: { name: 'cost', value: 'AMOUNT', help: 'money spent (needs --currency)' },
    control: { kind: 'number', group: 'money', min: 0, step: 'any' },
  }),
  currency: optional({
    schema: runCurrencySchema,
    label: 'field.run.currency',
    flag: { name: 'currency', value: 'C', help: 'currency of --cost', fromText: (text) => text.toUpperCase() },
    control: { kind: 'select', group: 'money', optionLabels: 'currency' },
  }),
  notes: optional({
    schema: optionalText(RUN_LIMITS.notesChars),
    label: 'field.run.notes',
    flag: { name: 'notes', value: 'TEXT', help: 'free text' },
    control: { kind: 'textarea', group: 'money' },
  }),
};

export type RunFields = typeof runFields;
