import { z } from 'zod';
import { cardIdSchema, currencySchema, type Currency } from '../catalog';
import { estimateInputSchema } from '../estimate/input';

/** Which meter read a peak-memory figure; they differ by GiBs (nvidia-smi > reserved > allocated). */
export const memoryMeterSchema = z.enum(['nvidia-smi', 'torch-reserved', 'torch-allocated']);
export type MemoryMeter = z.infer<typeof memoryMeterSchema>;
export const runOutcomeSchema = z.enum(['ok', 'oom', 'crashed', 'preempted']);
export type RunOutcome = z.infer<typeof runOutcomeSchema>;
/** The currency a run was paid in: the catalog's currencies. */
export const runCurrencySchema = currencySchema;
export type RunCurrency = Currency;
export const runOriginSchema = z.enum(['mine', 'published']);
export type RunOrigin = z.infer<typeof runOriginSchema>;
/** What `tokensPerSecond` counts: training tokens, generated tokens or prompt tokens. */
export const throughputKindSchema = z.enum(['train', 'decode', 'prefill']);
export type ThroughputKind = z.infer<typeof throughputKindSchema>;
/** Whether `tokensPerSecond` is one GPU's rate or the whole run's; absent = the whole run. */
export const throughputScopeSchema = z.enum(['per-gpu', 'all-gpus']);

/** Upper limits that keep a typo (or a hostile file) from storing absurd numbers. */
const RUN_LIMITS = {
  peakMemoryGiB: 4096,
  tokensPerSecond: 1e9,
  durationHours: 1e5,
  cost: 1e9,
  notesChars: 10_000,
  providerChars: 80,
} as const;

/** Optional free text; an empty string means "not given", so it reads back as absent. */
function optionalText(maxChars: number) {
  return z
    .string()
    .max(maxChars)
    .optional()
    .transform((text) => (text === '' ? undefined : text));
}

/** ISO 8601 date ("2025-11-30") or date-time with a zone ("2025-11-30T14:05:00+08:00", "…Z"). */
const startedAtSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'use an ISO 8601 date (2025-11-30) or date-time with a zone (2025-11-30T14:05:00+08:00)',
});

/** The run's fields without the cross-field rules (zod cannot extend a refined object). */
export const runFieldsSchema = z
  .object({
    config: estimateInputSchema,
    card: cardIdSchema,
    gpus: z.number().int().min(1).max(1024),
    provider: optionalText(RUN_LIMITS.providerChars),
    /** Per GPU, at peak; null when unknown (an OOM, or no meter was read). */
    peakMemoryGiB: z.number().min(0).max(RUN_LIMITS.peakMemoryGiB).nullable().default(null),
    memoryMeter: memoryMeterSchema.nullable().default(null),
    tokensPerSecond: z.number().positive().max(RUN_LIMITS.tokensPerSecond).optional(),
    throughputKind: throughputKindSchema.optional(),
    throughputScope: throughputScopeSchema.optional(),
    durationHours: z.number().min(0).max(RUN_LIMITS.durationHours).optional(),
    cost: z.number().min(0).max(RUN_LIMITS.cost).optional(),
    currency: runCurrencySchema.optional(),
    outcome: runOutcomeSchema,
    notes: optionalText(RUN_LIMITS.notesChars),
    startedAt: startedAtSchema.optional(),
  })
  .strict();

type RunFields = z.output<typeof runFieldsSchema>;

/** Rules between fields; each issue names the field the user has to change. */
export function checkRunRules(run: RunFields, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  if (run.cost !== undefined && run.currency === undefined) {
    issue(['currency'], 'a cost needs its currency (CNY or USD)');
  }
  // A memory figure is meaningless without the meter that read it (the table enforces it too).
  if (run.peakMemoryGiB !== null && run.memoryMeter === null) {
    issue(['memoryMeter'], 'say which meter read the peak memory: nvidia-smi, torch-reserved or torch-allocated');
  }
  if (run.config.gpus !== undefined && run.config.gpus !== run.gpus) {
    issue(['config', 'gpus'], `the configuration says ${run.config.gpus} GPUs but the run used ${run.gpus}`);
  }
  if (run.config.gpu !== undefined && run.config.gpu !== run.card) {
    issue(['config', 'gpu'], `the configuration names card "${run.config.gpu}" but the run used "${run.card}"`);
  }
  if (run.throughputKind !== undefined && run.tokensPerSecond === undefined) {
    issue(['throughputKind'], 'a throughput kind needs tokensPerSecond');
  }
  if (run.throughputScope !== undefined && run.tokensPerSecond === undefined) {
    issue(['throughputScope'], 'a throughput scope needs tokensPerSecond');
  }
}

/**
 * A run as a caller logs it (the contract's field names are fixed: scripts depend on them).
 * `peakMemoryGiB` is per GPU; `tokensPerSecond` is the whole run's unless `throughputScope`
 * says 'per-gpu', and counts training tokens (decode tokens for inference) unless
 * `throughputKind` says otherwise.
 */
export const runInputSchema = runFieldsSchema.superRefine(checkRunRules);
export type RunInput = z.output<typeof runInputSchema>;
/** What a caller may send (defaults not yet applied). */
export type RunInputDraft = z.input<typeof runInputSchema>;

/**
 * A change to some fields of a run; the merged run is checked against every rule again.
 * null clears an optional field (JSON has no undefined).
 */
export const runPatchSchema = runFieldsSchema
  .partial()
  .extend({
    // Without their defaults: a patch that does not mention them must not clear them.
    peakMemoryGiB: z.number().min(0).max(RUN_LIMITS.peakMemoryGiB).nullable().optional(),
    memoryMeter: memoryMeterSchema.nullable().optional(),
    provider: runFieldsSchema.shape.provider.nullable(),
    tokensPerSecond: runFieldsSchema.shape.tokensPerSecond.nullable(),
    throughputKind: runFieldsSchema.shape.throughputKind.nullable(),
    throughputScope: runFieldsSchema.shape.throughputScope.nullable(),
    durationHours: runFieldsSchema.shape.durationHours.nullable(),
    cost: runFieldsSchema.shape.cost.nullable(),
    currency: runFieldsSchema.shape.currency.nullable(),
    notes: runFieldsSchema.shape.notes.nullable(),
    startedAt: runFieldsSchema.shape.startedAt.nullable(),
  })
  .strict();
export type RunPatch = z.input<typeof runPatchSchema>;

/** A stored run: the input plus what the store adds. */
export type Run = RunInput & {
  id: number;
  origin: RunOrigin;
  /** Source and URL of a published run; null for the user's own. */
  citation: string | null;
  /** The estimate at the time of the run (JSON as the caller gave it), or null. */
  estimate: unknown | null;
  /** A readable model name derived from the config (or the publication's name). */
  modelLabel: string;
  /** ISO 8601 date-time when the row was written. */
  createdAt: string;
};
