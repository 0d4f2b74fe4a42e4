import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../lib/app-context';
import { useCatalog } from '../../lib/catalog';
import { useLive } from '../../lib/queries';
import { useMessageText } from '../../lib/messages';
import { useSessionStore } from '../../lib/session-store';
import { pricePerGpu } from '../../../src-main/domain/plan/billing-time';
import { estimateFormStore } from '../estimate/estimate-store';
import { compareFormStore, planJobRequest } from '../compare/compare-form';
import { SetupFields } from '../shared/SetupFields';
import { SetupProblem } from '../shared/SetupProblem';
import { JobFields } from './JobFields';
import { useJobSummary } from './job-summary';
import { OwnershipSection } from './OwnershipSection';
import { PlanFields } from './PlanFields';
import { PlanResults } from './PlanResults';
import { planFormStore, spotOffers, toPlanRequest, withSpotMode, type PlanForm, type PlanProblem } from './plan-form';
import { useUrlState } from '../../lib/url-state';
import { PAGE_LINKS } from '../shared/page-links';
import { LinkNotice } from '../shared/LinkNotice';
import './plan.css';
import { arrivedFromAnotherPage } from '../../lib/arrival';

/** "How should I pay?": every billing option for one set-up and job, and rent vs buy. */
export function PlanPage() {
  const { t } = useTranslation();
  const text = useMessageText();
  const { reportError, setPageState } = useApp();
  // The address holds the page (a link from Compare, a reload or a pasted link fills the forms): read before the
  // forms, so the first render is of the linked set-up (it ranked the job once for the GPU count the page held).
  const rejected = useUrlState('plan', PAGE_LINKS.plan);
  const [form, setForm] = useSessionStore(planFormStore);
  const [estimateForm] = useSessionStore(estimateFormStore);
  const [jobForm] = useSessionStore(compareFormStore);
  const { cards, offers, loaded } = useCatalog();
  const [ownershipSettled, setOwnershipSettled] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  // The page opens at its top. Arriving from another page ("Plan this"), focus moves to its heading
  // (what it plans); a fresh load leaves Tab to start at the skip link.
  useEffect(() => {
    window.scrollTo(0, 0);
    if (arrivedFromAnotherPage()) heading.current?.focus();
  }, []);

  // The job's hours on this card and GPU count: the same ranking Compare computes, for this set-up only.
  const gpuCount = Number(form.gpus);
  const jobRequest = useMemo(
    () => planJobRequest(estimateForm, jobForm, form.currency, gpuCount),
    [estimateForm, jobForm, form.currency, gpuCount],
  );
  const job = useLive('rank:compute', jobRequest);
  const jobRow = job.data?.candidates.find((c) => c.card === form.card && c.gpus === gpuCount && c.hours !== null);
  const jobHours = jobRequest && jobRow ? (jobRow.hours ?? undefined) : undefined;
  const jobHoursLikely = jobRequest && jobRow ? jobRow.hoursLikely : null;
  const jobExcluded = job.data?.excluded.find((e) => e.card === form.card && e.gpus === gpuCount);
  const card = cards.find((c) => c.id === form.card);
  const summary = useJobSummary(form, card?.name ?? form.card, jobHours, jobRequest && jobRow ? jobRow.sharding : null);

  const providers = useMemo(
    () => [
      ...new Set(offers.filter((o) => o.cardId === form.card && o.currency === form.currency).map((o) => o.provider)),
    ],
    [offers, form.card, form.currency],
  );
  const spot = useMemo(
    () => spotOffers(offers, form.card, form.currency, form.provider),
    [offers, form.card, form.currency, form.provider],
  );
  const prepared = useMemo(
    () => toPlanRequest(form, spot, jobHours, jobHoursLikely),
    [form, spot, jobHours, jobHoursLikely],
  );
  const onDemandPerGpu = useMemo(() => {
    const hourly = offers.filter(
      (o) =>
        o.cardId === form.card &&
        o.currency === form.currency &&
        o.billing === 'hourly' &&
        (form.provider === '' || o.provider === form.provider),
    );
    return hourly.length > 0 ? Math.min(...hourly.map(pricePerGpu)) : null;
  }, [offers, form.card, form.currency, form.provider]);
  // Wait for the offers: without them the spot fields are not known yet.
  const plan = useLive('plan:compute', loaded && providers.length > 0 ? (prepared.request ?? null) : null);

  // The job's hours on their way (the ranking above, asked at "Plan this" or when the job changes): the plan waits for
  // them, and the empty hours field is no problem meanwhile (it said "must be a number above 0" in red and "Fix the
  // highlighted field" until the ranking came); a plan of the job before is dimmed once they are slow to come.
  const hoursComing = form.computeHours.trim() === '' && jobRequest !== null && !job.settled;
  const problem = hoursComing && prepared.problem?.field === 'computeHours' ? undefined : prepared.problem;
  const planSettled = plan.settled && !hoursComing;

  const onOwnershipSettled = useCallback((settled: boolean) => setOwnershipSettled(settled), []);
  useEffect(
    () => setPageState(loaded && planSettled && ownershipSettled ? 'ready' : 'loading'),
    [loaded, planSettled, ownershipSettled, setPageState],
  );
  useEffect(() => {
    if (plan.error && plan.error.code !== 'bad-input') reportError(plan.error);
  }, [plan.error, reportError]);

  const backendProblem = plan.error?.code === 'bad-input' ? plan.error : undefined;
  const problemText = (problem: PlanProblem) =>
    problem.reason === 'share-hourly' ? t('plan.shareNeedsHourly') : text(problem.message);
  /** The form field a contract path lands on ("spot.userPriceFraction" is typed as the spot value). */
  const formFieldOf = (path: string | undefined) => {
    const last = path?.split('.').at(-1);
    return last === 'userPriceFraction' || last === 'userPricePerHour' ? 'userSpotValue' : last;
  };
  const backendField = formFieldOf(backendProblem?.field);
  const errorFor = (field: keyof PlanForm): string | undefined => {
    if (problem) return problem.field === field ? problemText(problem) : undefined;
    return backendProblem && backendField === field ? text(backendProblem.detail) : undefined;
  };
  const placed = !backendProblem || Object.keys(form).includes(backendField ?? '');

  return (
    <div className="plan">
      <LinkNotice rejected={rejected} />
      <section className="panel plan-job" aria-labelledby="plan-job-title">
        <h2 id="plan-job-title" ref={heading} tabIndex={-1} data-testid="plan-heading">
          {summary}
        </h2>
        <div className="plan-job-fields">
          <SetupFields idPrefix="plan-setup" />
          <JobFields />
        </div>
        {/* The job's hours come from a ranking of the Estimate set-up: when it is refused, why (not only the empty hours). */}
        {form.computeHours.trim() === '' ? <SetupProblem error={job.error} /> : null}
        {jobForm.tokens.trim() !== '' && jobExcluded && form.computeHours.trim() === '' ? (
          <p className="inline-alert" role="alert">
            {t('plan.jobNotOnCard', { card: card?.name ?? form.card, reason: text(jobExcluded.reason) })}
          </p>
        ) : null}
      </section>
      <div className="plan-columns">
        <PlanFields
          form={form}
          cards={cards}
          providers={providers}
          spot={spot}
          jobHours={jobHours}
          onChange={(key, value) =>
            setForm((f) =>
              key === 'userSpotMode'
                ? withSpotMode(f, value as PlanForm['userSpotMode'], onDemandPerGpu)
                : { ...f, [key]: value, ...(key === 'card' || key === 'currency' ? { provider: '' } : {}) },
            )
          }
          errorFor={errorFor}
        />
        <div className="results plan-results" data-state={planSettled ? 'ready' : 'computing'} aria-busy={!planSettled}>
          {backendProblem && !placed ? (
            <p className="inline-alert" role="alert">
              {text(backendProblem.detail)}
            </p>
          ) : null}
          {loaded && providers.length === 0 ? (
            <p className="inline-alert" role="alert">
              {t('plan.noOffers', { currency: form.currency })}
            </p>
          ) : plan.data ? (
            <div className={plan.stale || (hoursComing && job.stale) ? 'stale' : undefined}>
              <PlanResults output={plan.data} currency={form.currency} />
            </div>
          ) : (
            <p className="muted">{problem ? t('plan.fixInput') : t('plan.computing')}</p>
          )}
        </div>
      </div>
      <OwnershipSection
        onSettled={onOwnershipSettled}
        currency={form.currency}
        cardName={card?.name ?? form.card}
        fromPlan={{
          ...(Number.isInteger(gpuCount) && gpuCount >= 1 && gpuCount <= 64 ? { cardCount: gpuCount } : {}),
          ...(card && Number.isInteger(gpuCount) && gpuCount >= 1 ? { powerW: card.tdpW * gpuCount } : {}),
          ...(onDemandPerGpu !== null ? { rentalPricePerCardHour: onDemandPerGpu } : {}),
        }}
      />
    </div>
  );
}
