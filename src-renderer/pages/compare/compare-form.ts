import { billingSchema, currencySchema, type Billing, type Currency } from '../../../src-main/domain/catalog';
import type { EstimateInput } from '../../../src-main/domain/estimate/input';
import { parseParamCount } from '../../../src-main/domain/estimate/units';
import { firstProblem, type Message } from '../../../src-main/domain/messages';
import { workloadSchema, type ChannelInput } from '../../../src-main/ipc/contract';
import { numberFromText } from '../../lib/field-problems';
import { createSessionStore, reviveFlat } from '../../lib/session-store';
import { checkInput, toEstimateInput, type EstimateForm } from '../estimate/estimate-form';

export type RankInput = ChannelInput<'rank:compute'>;
export type RankSort = 'cost' | 'time' | 'jobCost';
export type BillingFilter = 'all' | Billing;

export const SORTS: readonly RankSort[] = ['cost', 'time', 'jobCost'];
export const BILLING_FILTERS: readonly BillingFilter[] = ['all', ...billingSchema.options];
/** The set-ups a user can tick; rental platforms sell 1, 2, 4 and 8-card instances. */
export const GPU_CHOICES: readonly number[] = [1, 2, 4, 8];

/** The job and the ranking options on Compare; number fields stay text while the user types. */
export interface CompareForm {
  /** Dataset tokens per epoch, written like "200m" or "1.5b"; empty = no job, rank by unit cost only. */
  tokens: string;
  epochs: string;
  /** Optional: gives a cost per 1k samples. */
  tokensPerSample: string;
  currency: Currency;
  billing: BillingFilter;
  /** Ticked GPU counts, comma-separated ("1,2,4,8"). */
  gpuCounts: string;
  sort: RankSort;
}

export const DEFAULT_COMPARE_FORM: CompareForm = {
  tokens: '200m',
  epochs: '1',
  tokensPerSample: '',
  currency: 'CNY',
  billing: 'all',
  gpuCounts: '1,2,4,8',
  // With a job, what the job costs decides (issue 13.1); without one it falls back to cost per token.
  sort: 'jobCost',
};

/** A saved Compare form made safe: wrong types and unknown choices fall back to the defaults. */
export function reviveCompareForm(saved: unknown): CompareForm {
  const form = reviveFlat(saved, DEFAULT_COMPARE_FORM);
  if (!currencySchema.options.includes(form.currency)) form.currency = DEFAULT_COMPARE_FORM.currency;
  if (!BILLING_FILTERS.includes(form.billing)) form.billing = DEFAULT_COMPARE_FORM.billing;
  if (!SORTS.includes(form.sort)) form.sort = DEFAULT_COMPARE_FORM.sort;
  return form;
}

/** The Compare form, kept across reloads of this tab. */
export const compareFormStore = createSessionStore('cardwise.compareForm', reviveCompareForm);

/** The ticked GPU counts, in order, without repeats. */
export function parseGpuCounts(text: string): number[] {
  const counts = text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 1 && n <= 64);
  return [...new Set(counts)].sort((a, b) => a - b);
}

/** Ticks or unticks one GPU count. */
export function toggleGpuCount(text: string, count: number, on: boolean): string {
  const counts = new Set(parseGpuCounts(text));
  if (on) counts.add(count);
  else counts.delete(count);
  return [...counts].sort((a, b) => a - b).join(',');
}

/**
 * A field of the Compare form that cannot be sent, and why: a reason the page words itself (a
 * token count it cannot read, no GPU count ticked, a bad Estimate set-up), or the contract's
 * sentence for a number out of range.
 */
export type CompareProblem =
  | { field: keyof CompareForm | 'estimate'; reason: 'count' | 'gpu-counts' | 'estimate' }
  | { field: keyof CompareForm; reason: 'range'; message: Message };

/** The job of the form (tokens, epochs, tokens per sample) as the contract takes it, or the field that stops it. */
function toWorkload(form: CompareForm): { workload: RankInput['workload'] } | { problem: CompareProblem } {
  const workload: RankInput['workload'] = {};
  if (form.tokens.trim() !== '') {
    const tokens = parseParamCount(form.tokens);
    if (tokens === null) return { problem: { field: 'tokens', reason: 'count' } };
    workload.tokens = tokens;
  }
  if (form.epochs.trim() !== '') workload.epochs = numberFromText(form.epochs);
  if (form.tokensPerSample.trim() !== '') workload.tokensPerSample = numberFromText(form.tokensPerSample);
  // The contract's rule for each number says what is allowed ("too big: must be a number above 0 and at most 10,000").
  const checked = workloadSchema.safeParse(workload);
  if (!checked.success) {
    const { field, detail } = firstProblem(checked.error, workloadSchema);
    const formField = (field ?? 'tokens') as keyof RankInput['workload'] & keyof CompareForm;
    return { problem: { field: formField, reason: 'range', message: detail } };
  }
  return { workload };
}

/** The first field of the job that cannot be sent (for a page that shows the job without the ranking options). */
export function workloadProblem(form: CompareForm): CompareProblem | undefined {
  const job = toWorkload(form);
  return 'problem' in job ? job.problem : undefined;
}

/**
 * The rank:compute input for the Estimate configuration and this form, or the first field
 * that stops it. Empty optional fields are left out, so the backend applies its defaults.
 */
export function toRankInput(
  estimate: EstimateInput,
  form: CompareForm,
): { input: RankInput; problem?: undefined } | { input?: undefined; problem: CompareProblem } {
  if (checkInput(estimate)) return { problem: { field: 'estimate', reason: 'estimate' } };
  const job = toWorkload(form);
  if ('problem' in job) return job;
  const workload = { ...job.workload };
  // One figure, as `cardwise rank --tokens-per-sample` sets both: the set-up's mean sample length prices 1k samples.
  const perSample = estimate.tokensPerSample;
  if (workload.tokensPerSample === undefined && perSample !== undefined && Number.isInteger(perSample)) {
    workload.tokensPerSample = perSample;
  }
  const gpuCounts = parseGpuCounts(form.gpuCounts);
  if (gpuCounts.length === 0 || gpuCounts.length > 8) return { problem: { field: 'gpuCounts', reason: 'gpu-counts' } };
  return {
    input: {
      input: estimate,
      workload,
      options: { gpuCounts, billing: form.billing, currency: form.currency, sort: form.sort },
    },
  };
}

/**
 * The ranking Plan reads a job's hours from: the set-up and job of Estimate and Compare, on `gpus` GPUs, every
 * billing, in `currency`; null while the count or the job is not given. "Plan this" asks it as it is clicked, so
 * Plan finds it while it renders (pages/compare/RankTable.tsx).
 */
export function planJobRequest(
  estimate: EstimateForm,
  job: CompareForm,
  currency: Currency,
  gpus: number,
): RankInput | null {
  if (!Number.isInteger(gpus) || gpus < 1 || gpus > 64 || job.tokens.trim() === '') return null;
  return (
    toRankInput(toEstimateInput(estimate), { ...job, currency, billing: 'all', gpuCounts: String(gpus) }).input ?? null
  );
}
