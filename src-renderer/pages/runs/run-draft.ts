import type { Card, ModelPreset } from '../../../src-main/domain/catalog';
import type { EstimateInput, ModelInputObject } from '../../../src-main/domain/estimate/input';
import {
  runFieldsSchema,
  runInputSchema,
  type MemoryMeter,
  type Run,
  type RunCurrency,
  type RunInputDraft,
  type RunOutcome,
  type RunPatch,
} from '../../../src-main/domain/runs';
import { DEFAULT_FORM, formFromInput, toEstimateInput, type EstimateForm } from '../estimate/estimate-form';

/** The run form as typed: the configuration reuses the Estimate form; numbers stay strings. */
export interface RunDraft {
  /** Model, method, precision, batch, sequence, LoRA, GPUs: exactly the Estimate page's form. */
  estimate: EstimateForm;
  /** A model given as a shape (an imported run): kept as is until the user picks another model. */
  shape: ModelInputObject | null;
  /** Whether the configuration names the card too (imported and published runs may). */
  configNamesCard: boolean;
  card: string;
  provider: string;
  peakMemoryGiB: string;
  memoryMeter: MemoryMeter | '';
  tokensPerSecond: string;
  durationHours: string;
  cost: string;
  currency: RunCurrency;
  outcome: RunOutcome;
  /** The value of a datetime-local input ("2025-11-30T14:05"), or ''. */
  startedAt: string;
  notes: string;
}

/**
 * A new run with the configuration given (the Estimate page's, or its defaults), on the card
 * the Estimate page showed speed for, else the first card.
 */
export function blankDraft(cards: readonly Pick<Card, 'id'>[], estimate: EstimateForm = DEFAULT_FORM): RunDraft {
  const speedCard = cards.find((card) => card.id === estimate.speedCard);
  return {
    estimate,
    shape: null,
    configNamesCard: false,
    card: speedCard?.id ?? cards[0]?.id ?? '',
    provider: '',
    peakMemoryGiB: '',
    memoryMeter: 'nvidia-smi',
    tokensPerSecond: '',
    durationHours: '',
    cost: '',
    currency: 'CNY',
    outcome: 'ok',
    startedAt: '',
    notes: '',
  };
}

/** A stored number as the form shows it: at most 3 decimals (15.889070928 GiB -> "15.889"). */
const text = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(Number(value.toFixed(3)));

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
  return {
    estimate: formFromInput(run.config, presets, run.gpus),
    shape: typeof run.config.model === 'string' ? null : run.config.model,
    configNamesCard: run.config.gpu !== undefined,
    card: run.card,
    provider: run.provider ?? '',
    peakMemoryGiB: text(run.peakMemoryGiB),
    memoryMeter: run.memoryMeter ?? '',
    tokensPerSecond: text(run.tokensPerSecond),
    durationHours: text(run.durationHours),
    cost: text(run.cost),
    currency: run.currency ?? 'CNY',
    outcome: run.outcome,
    startedAt: isoToLocalInput(run.startedAt),
    notes: run.notes ?? '',
  };
}

/** A number field: '' -> absent; anything else -> a number, NaN for junk so the schema names the field. */
function optionalNumber(value: string): number | undefined {
  const trimmed = value.trim();
  return trimmed === ''
    ? undefined
    : /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(trimmed)
      ? Number(trimmed)
      : Number.NaN;
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
  const currencyNeeded = draft.cost.trim() !== '';
  const peak = optionalNumber(draft.peakMemoryGiB);
  return {
    config,
    card: draft.card,
    gpus: config.gpus ?? Number.NaN,
    provider: draft.provider.trim() || undefined,
    peakMemoryGiB: peak ?? null,
    memoryMeter: peak === undefined ? null : draft.memoryMeter || null,
    tokensPerSecond: optionalNumber(draft.tokensPerSecond),
    durationHours: optionalNumber(draft.durationHours),
    cost: optionalNumber(draft.cost),
    currency: currencyNeeded ? draft.currency : undefined,
    outcome: draft.outcome,
    notes: draft.notes.trim() || undefined,
    startedAt: draft.startedAt ? localInputToIso(draft.startedAt, offsetMinutes) : undefined,
  };
}

/** The form field (its key in the draft or its Estimate form) that a contract path points at. */
export function formFieldOf(path: string): string {
  if (path === 'gpus' || path === 'config.gpus') return 'gpus';
  if (path === 'config.gpu') return 'card';
  if (path.startsWith('config.lora')) return 'loraRank';
  if (path.startsWith('config.')) return path.split('.')[1]!;
  return path.split('.')[0]!;
}

/** What to say about a field: an i18n key with its values, or the contract's own words. */
export type Problem = { key: string; values?: Record<string, string | number> } | { text: string };

const WHOLE_NUMBER_FIELDS = new Set(['gpus', 'batchSize', 'seqLen', 'loraRank']);
const RULE_KEYS: Record<string, string> = {
  currency: 'runs.validation.currency',
  memoryMeter: 'runs.validation.meter',
};

/** Checks a draft's input against the contract; every field at fault, keyed by form field. */
export function checkDraft(input: RunInputDraft): Record<string, Problem> {
  const parsed = runInputSchema.safeParse(input);
  if (parsed.success) return {};
  const problems: Record<string, Problem> = {};
  for (const issue of parsed.error.issues) {
    const field = formFieldOf(issue.path.map(String).join('.'));
    if (problems[field]) continue;
    if (issue.code === 'custom')
      problems[field] = RULE_KEYS[field] ? { key: RULE_KEYS[field] } : { text: issue.message };
    else if (field === 'model') problems[field] = { key: 'validation.required' };
    else if (issue.code === 'too_big')
      problems[field] = { key: 'validation.too-big', values: { max: Number(issue.maximum) } };
    else if (WHOLE_NUMBER_FIELDS.has(field)) problems[field] = { key: 'validation.whole-number' };
    else if (issue.code === 'too_small' && Number(issue.minimum) === 0)
      problems[field] = { key: 'runs.validation.nonNegative' };
    else if (field === 'startedAt') problems[field] = { key: 'runs.validation.startedAt' };
    else problems[field] = { key: 'validation.positive' };
  }
  return problems;
}

const RUN_FIELDS = Object.keys(runFieldsSchema.shape) as (keyof RunInputDraft)[];

/**
 * The `runs:update` patch: only the fields the user changed, compared draft to draft so a
 * value the form cannot show exactly (a zone, a list of LoRA matrices) is never rewritten.
 * null clears a field the user emptied.
 */
export function patchFor(before: RunInputDraft, after: RunInputDraft): RunPatch {
  const patch: Record<string, unknown> = {};
  for (const key of RUN_FIELDS) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) patch[key] = after[key] ?? null;
  }
  return patch as RunPatch;
}

/** A stored run's input fields: what `runs:add` needs to bring a deleted run back. */
export function runInputOf(run: Run): RunInputDraft {
  const input: Record<string, unknown> = {};
  for (const key of RUN_FIELDS) if (run[key] !== undefined) input[key] = run[key];
  return input as RunInputDraft;
}
