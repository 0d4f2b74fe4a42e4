import { z } from 'zod';
import type { Currency } from '../catalog';
import {
  memoryMeterSchema,
  runCurrencySchema,
  runFields,
  runOutcomeSchema,
  throughputKindSchema,
  throughputScopeSchema,
} from '../fields/run-fields';
import { patchSchema, tableSchemaWithDefaults } from '../fields/schema';
import { msg, ruleIssue, type Message } from '../messages';

export { memoryMeterSchema, runCurrencySchema, runOutcomeSchema, throughputKindSchema, throughputScopeSchema };
export type MemoryMeter = z.infer<typeof memoryMeterSchema>;
export type RunOutcome = z.infer<typeof runOutcomeSchema>;
export type RunCurrency = Currency;
export type ThroughputKind = z.infer<typeof throughputKindSchema>;
export const runOriginSchema = z.enum(['mine', 'published']);
export type RunOrigin = z.infer<typeof runOriginSchema>;

/** The run's fields without the cross-field rules (zod cannot extend a refined object): domain/fields/run-fields.ts. */
export const runFieldsSchema = tableSchemaWithDefaults(runFields);

type RunFields = z.output<typeof runFieldsSchema>;

/** Rules between fields; each issue names the field the user has to change. */
export function checkRunRules(run: RunFields, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: Message) => ctx.addIssue(ruleIssue(path, message));
  if (run.cost !== undefined && run.currency === undefined) {
    issue(['currency'], msg('runs.rule.costCurrency'));
  }
  // A memory figure is meaningless without the meter that read it (the table enforces it too).
  if (run.peakMemoryGiB !== null && run.memoryMeter === null) {
    issue(['memoryMeter'], msg('runs.rule.meter'));
  }
  if (run.config.gpus !== undefined && run.config.gpus !== run.gpus) {
    issue(['config', 'gpus'], msg('runs.rule.gpus', { config: run.config.gpus, run: run.gpus }));
  }
  if (run.config.gpu !== undefined && run.config.gpu !== run.card) {
    issue(['config', 'gpu'], msg('runs.rule.card', { config: run.config.gpu, run: run.card }));
  }
  if (run.throughputKind !== undefined && run.tokensPerSecond === undefined) {
    issue(['throughputKind'], msg('runs.rule.kindNeedsSpeed'));
  }
  if (run.throughputScope !== undefined && run.tokensPerSecond === undefined) {
    issue(['throughputScope'], msg('runs.rule.scopeNeedsSpeed'));
  }
  checkServingRules(run, issue);
}

/** The figures only a serving benchmark reports; each needs the engine that served. */
export const SERVING_FIGURES = [
  'concurrency',
  'ttftMs',
  'promptTokens',
  'outputTokens',
  'maxModelLen',
  'gpuMemoryUtilization',
  'kvPoolTokens',
] as const satisfies readonly (keyof RunFields)[];

/** Whether a run is a serving run: one that names its serving engine. */
export function isServingRun(run: Pick<RunFields, 'engine'>): boolean {
  return run.engine !== undefined;
}

function checkServingRules(run: RunFields, issue: (path: (string | number)[], message: Message) => void): void {
  if (!isServingRun(run)) {
    for (const key of SERVING_FIGURES) if (run[key] !== undefined) issue([key], msg('runs.rule.servingNeedsEngine'));
    return;
  }
  if (run.config.method !== 'inference') issue(['config', 'method'], msg('runs.rule.servingNeedsInference'));
  // A serving benchmark's throughput is its output rate; prefill or training rates would be misread.
  if (run.throughputKind !== undefined && run.throughputKind !== 'decode') {
    issue(['throughputKind'], msg('runs.rule.servingKind'));
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
 * null clears an optional field (JSON has no undefined); a field the patch does not mention stays.
 */
export const runPatchSchema = patchSchema(runFields);
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
