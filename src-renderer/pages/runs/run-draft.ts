import type { Card, Currency, ModelPreset } from '../../../src-main/domain/catalog';
import type { EstimateInput, ModelInputObject } from '../../../src-main/domain/estimate/input';
import { fieldProblems, type Message } from '../../../src-main/domain/messages';
import { runFields } from '../../../src-main/domain/fields/run-fields';
import {
  runFieldsSchema,
  runInputSchema,
  type Run,
  type RunInputDraft,
  type RunPatch,
} from '../../../src-main/domain/runs';
import { formFields, formKeyOf, formText, formValue, type FormField, type TableForm } from '../../lib/field-form';
import { DEFAULT_FORM, formFromInput, toEstimateInput, type EstimateForm } from '../estimate/estimate-form';

// The configuration is the Estimate form; the run's GPUs are its GPUs field; what tokens/s counts
// has no control (a file or the CLI says it), so an edit leaves it as logged.
const { config: _config, gpus: _gpus, throughputKind: _kind, throughputScope: _scope, ...measured } = runFields;

/** The run's own fields with a control (card, provider, peak, meter, …), in table order. */
export const RUN_FIELDS: readonly FormField[] = formFields(measured).filter(({ field }) => field.control);

/** The run form as typed: the configuration is the Estimate page's form; numbers stay strings. */
export type RunDraft = TableForm<typeof measured> & {
  /** Model, method, precision, batch, sequence, LoRA, GPUs …: exactly the Estimate page's form. */
  estimate: EstimateForm;
  /** A model given as a shape (an imported run): kept as is until the user picks another model. */
  shape: ModelInputObject | null;
  /** Whether the configuration names the card too (imported and published runs may). */
  configNamesCard: boolean;
};

/** The run fields' form values for a run (or the table's defaults, and `initial` where a new form starts elsewhere). */
function runValues(run: Partial<Record<string, unknown>>): Record<string, string | boolean> {
  return Object.fromEntries(RUN_FIELDS.map(({ key, field }) => [key, formText(run[key] ?? field.default)]));
}

/**
 * A new run with the configuration given (the Estimate page's, or its first form), on the card
 * the Estimate page showed speed for, else the first card; paid in `currency` (the user's setting),
 * its peak read by nvidia-smi (what a renter reads), and every other field at the table's default.
 */
export function blankDraft(
  cards: readonly Pick<Card, 'id'>[],
  currency: Currency,
  estimate: EstimateForm = DEFAULT_FORM,
): RunDraft {
  const speedCard = cards.find((card) => card.id === estimate.gpu);
  return {
    ...runValues({ card: speedCard?.id ?? cards[0]?.id ?? '', currency, memoryMeter: 'nvidia-smi' }),
    estimate,
    shape: null,
    configNamesCard: false,
  } as RunDraft;
}

/** A stored number as the form shows it: at most 3 decimals (15.889070928 GiB -> "15.889"). */
const text = (value: unknown) => (typeof value === 'number' ? String(Number(value.toFixed(3))) : value);

/** "2025-11-30T14:05:00+08:00" -> "2025-11-30T14:05" (the wall-clock time as logged); a date gets 00:00. */
export function isoToLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return `${iso}T00:00`;
  return iso.slice(0, 16);
}

/**
 * A datetime-local value as ISO 8601 with the zone it was typed in: ("2025-11-30T14:05", 480)
 * -> "2025-11-30T14:05:00+08:00". `offsetMinutes` is east of UTC (−Date#getTimezoneOffset()).
 */
export function localInputToIso(local: string, offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const zone = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  const withSeconds = local.length === 16 ? `${local}:00` : local;
  return `${withSeconds}${zone}`;
}

/** The offset east of UTC that the browser uses at that local time (DST-aware). */
function localOffsetMinutes(local: string): number {
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? 0 : -date.getTimezoneOffset();
}

/** A stored run as the form shows it. */
export function draftFromRun(run: Run, presets: readonly Pick<ModelPreset, 'id'>[]): RunDraft {
  const values = Object.fromEntries(RUN_FIELDS.map(({ key }) => [key, text(run[key as keyof Run])]));
  return {
    ...runValues({ ...values, startedAt: isoToLocalInput(run.startedAt) }),
    estimate: formFromInput(run.config, presets, run.gpus),
    shape: typeof run.config.model === 'string' ? null : run.config.model,
    configNamesCard: run.config.gpu !== undefined,
  } as RunDraft;
}

/** Whether the draft can be a serving run (its method is inference): only then the serving section shows. */
export function servesInference(draft: Pick<RunDraft, 'estimate'>): boolean {
  return draft.estimate.method === 'inference';
}

/** The configuration the draft describes. */
function draftConfig(draft: RunDraft): EstimateInput {
  // The Estimate form's speed card is not the run's card: the run's own card field decides.
  const { gpu: _speedCard, ...config } = toEstimateInput(draft.estimate);
  if (draft.shape) config.model = draft.shape;
  return draft.configNamesCard ? { ...config, gpu: draft.card } : config;
}

/** The `runs:add` input for a draft (not yet checked). */
export function draftToInput(draft: RunDraft, offsetMinutes = localOffsetMinutes(draft.startedAt)): RunInputDraft {
  const config = draftConfig(draft);
  const values = draft as unknown as Record<string, string>;
  // The serving section is hidden unless the method is inference: what it held is then not sent.
  const serving = servesInference(draft);
  const input: Record<string, unknown> = Object.fromEntries(
    RUN_FIELDS.filter(({ field }) => serving || field.control?.group !== 'serving').map(({ key, field }) => [
      key,
      formValue(field, values[key]!),
    ]),
  );
  const peak = input.peakMemoryGiB;
  return {
    ...input,
    config,
    gpus: config.gpus ?? Number.NaN,
    provider: draft.provider.trim() || undefined,
    peakMemoryGiB: peak ?? null,
    // A meter goes with the figure it read, and a currency with a cost.
    memoryMeter: peak === undefined ? null : (input.memoryMeter ?? null),
    currency: input.cost === undefined ? undefined : input.currency,
    notes: draft.notes.trim() || undefined,
    startedAt: draft.startedAt ? localInputToIso(draft.startedAt, offsetMinutes) : undefined,
  } as RunInputDraft;
}

/** The form field (its key in the draft or its Estimate form) that a contract path points at. */
export function formFieldOf(path: string): string {
  if (path === 'gpus' || path === 'config.gpus') return 'gpus';
  if (path === 'config.gpu') return 'card';
  if (path.startsWith('config.lora')) return 'loraRank';
  if (path.startsWith('config.')) return formKeyOf(path.slice('config.'.length).split('.').slice(0, 2).join('.'));
  return path.split('.')[0]!;
}

/** What to say about a field: the contract's sentence, which the form shows in the user's language. */
export type Problem = Message;

/** Checks a draft's input against the contract; every field at fault, keyed by form field. */
export function checkDraft(input: RunInputDraft): Record<string, Problem> {
  const parsed = runInputSchema.safeParse(input);
  if (parsed.success) return {};
  const problems: Record<string, Problem> = {};
  for (const { field, detail } of fieldProblems(parsed.error, runInputSchema)) {
    problems[formFieldOf(field ?? '')] ??= detail;
  }
  return problems;
}

const RUN_KEYS = Object.keys(runFieldsSchema.shape) as (keyof RunInputDraft)[];

/**
 * The `runs:update` patch: only the fields the user changed, compared draft to draft so a
 * value the form cannot show exactly (a zone, a list of LoRA matrices) is never rewritten.
 * null clears a field the user emptied.
 */
export function patchFor(before: RunInputDraft, after: RunInputDraft): RunPatch {
  const patch: Record<string, unknown> = {};
  for (const key of RUN_KEYS) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) patch[key] = after[key] ?? null;
  }
  return patch as RunPatch;
}

/** A stored run's input fields: what `runs:add` needs to bring a deleted run back. */
export function runInputOf(run: Run): RunInputDraft {
  const input: Record<string, unknown> = {};
  for (const key of RUN_KEYS) if (run[key] !== undefined) input[key] = run[key];
  return input as RunInputDraft;
}
