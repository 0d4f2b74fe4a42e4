import { formKeyOf } from '../../lib/field-form';
import { formFromQuery, formQuery, routeQuery, type AnyBinding, type UrlBinding } from '../../lib/url-state';
import {
  compareFormStore,
  DEFAULT_COMPARE_FORM,
  reviveCompareForm,
  toRankInput,
  workloadProblem,
  type CompareForm,
} from '../compare/compare-form';
import { checkInput, DEFAULT_FORM, toEstimateInput, updateForm, type EstimateForm } from '../estimate/estimate-form';
import { estimateFormStore, reviveEstimateForm } from '../estimate/estimate-store';
import { SERVE_LINK } from '../serve/serve-form';
import { DEFAULT_PLAN_FORM, planFormStore, revivePlanForm, toPlanRequest, type PlanForm } from '../plan/plan-form';

/** The Estimate form in an address: its keys as they are (`model`, `method`, `batchSize`). */
export const ESTIMATE_LINK: UrlBinding<EstimateForm> = {
  store: estimateFormStore,
  defaults: DEFAULT_FORM,
  prefix: '',
  revive: reviveEstimateForm,
  // `#/estimate?method=qlora` is QLoRA on its 4-bit base, as choosing QLoRA in the form gives.
  apply: (form, key, value) => updateForm(form, key, value as EstimateForm[typeof key]),
  badField: (form) => {
    const problem = checkInput(toEstimateInput(form));
    if (!problem) return undefined;
    // A size the model field cannot read is the size text's.
    return (
      problem.field === 'model' && form.model === '__size__' ? 'size' : formKeyOf(problem.field)
    ) as keyof EstimateForm;
  },
};

/** The job and ranking options of Compare, under `job.` (`job.tokens=50m`; the estimate has a `tokensPerSample` too). */
export const COMPARE_LINK: UrlBinding<CompareForm> = {
  store: compareFormStore,
  defaults: DEFAULT_COMPARE_FORM,
  prefix: 'job.',
  revive: reviveCompareForm,
  badField: (form) => {
    const job = workloadProblem(form);
    if (job) return job.field as keyof CompareForm;
    const ranked = toRankInput(toEstimateInput(DEFAULT_FORM), form);
    return ranked.problem && ranked.problem.field !== 'estimate' ? ranked.problem.field : undefined;
  },
};

/** The Plan form, under `plan.` (its `gpus` and `currency` are not the estimate's or Compare's). */
export const PLAN_LINK: UrlBinding<PlanForm> = {
  store: planFormStore,
  defaults: DEFAULT_PLAN_FORM,
  prefix: 'plan.',
  revive: revivePlanForm,
  // Hours may be left to the job; any other field is checked as the page checks it.
  badField: (form) => toPlanRequest(form, { someLackSpot: true, allHaveHourly: true }, 1).problem?.field,
};

/** What each page keeps in its address. */
export const PAGE_LINKS: Readonly<Record<'estimate' | 'compare' | 'plan' | 'serve', readonly AnyBinding[]>> = {
  estimate: [ESTIMATE_LINK],
  compare: [ESTIMATE_LINK, COMPARE_LINK],
  plan: [ESTIMATE_LINK, COMPARE_LINK, PLAN_LINK],
  serve: [SERVE_LINK],
};

/** Read a page's forms from an address without touching the stores (tests, and "Plan this" below). */
export function linkedForms(hash: string, bindings: readonly AnyBinding[]) {
  const query = routeQuery(hash);
  return bindings.map((binding) => formFromQuery(query, binding));
}

/** What "Plan this" on a ranked row opens: Plan for that card, count, provider and currency. */
export interface PlanLink {
  card: string;
  gpus: number;
  provider: string;
  currency: PlanForm['currency'];
}

/** `#/plan?plan.card=rtx-4090&plan.gpus=2&plan.provider=…`: the Plan form's link for a candidate. */
export function planHref(link: PlanLink): string {
  const form: PlanForm = { ...DEFAULT_PLAN_FORM, ...link, gpus: String(link.gpus) };
  const query = formQuery(form, PLAN_LINK).toString();
  return query ? `#/plan?${query}` : '#/plan';
}
