import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../lib/app-context';
import { useCatalog } from '../../lib/catalog';
import { useLive } from '../../lib/queries';
import { useMessageText } from '../../lib/messages';
import { useSessionStore } from '../../lib/session-store';
import { OwnershipSection } from './OwnershipSection';
import { PlanFields } from './PlanFields';
import { PlanResults } from './PlanResults';
import { applyPlanLink, planFormStore, spotOffers, toPlanRequest, type PlanForm, type PlanProblem } from './plan-form';
import { parsePlanLink } from './plan-link';
import './plan.css';

/** "How should I pay?": every billing option for one set-up and job, and rent vs buy. */
export function PlanPage() {
  const { t } = useTranslation();
  const text = useMessageText();
  const { reportError, setPageState } = useApp();
  const [form, setForm] = useSessionStore(planFormStore);
  const { cards, offers, loaded } = useCatalog();
  const [ownershipSettled, setOwnershipSettled] = useState(false);

  // A link from Compare (`#/plan?card=…`) fills the form once, then leaves the address bar.
  useEffect(() => {
    const link = parsePlanLink(window.location.hash);
    if (Object.keys(link).length === 0) return;
    setForm((f) => applyPlanLink(f, link));
    window.history.replaceState(window.history.state, '', '#/plan');
  }, [setForm]);

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
  const prepared = useMemo(() => toPlanRequest(form, spot), [form, spot]);
  // Wait for the offers: without them the spot fields are not known yet.
  const plan = useLive('plan:compute', loaded && providers.length > 0 ? (prepared.request ?? null) : null);

  const onOwnershipSettled = useCallback((settled: boolean) => setOwnershipSettled(settled), []);
  useEffect(
    () => setPageState(loaded && plan.settled && ownershipSettled ? 'ready' : 'loading'),
    [loaded, plan.settled, ownershipSettled, setPageState],
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
    if (prepared.problem) return prepared.problem.field === field ? problemText(prepared.problem) : undefined;
    return backendProblem && backendField === field ? text(backendProblem.detail) : undefined;
  };
  const placed = !backendProblem || Object.keys(form).includes(backendField ?? '');

  return (
    <div className="plan">
      <div className="plan-columns">
        <PlanFields
          form={form}
          cards={cards}
          providers={providers}
          spot={spot}
          onChange={(key, value) =>
            setForm((f) => ({ ...f, [key]: value, ...(key === 'card' || key === 'currency' ? { provider: '' } : {}) }))
          }
          errorFor={errorFor}
        />
        <div
          className="results plan-results"
          data-state={plan.settled ? 'ready' : 'computing'}
          aria-busy={!plan.settled}
        >
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
            <div className={plan.stale ? 'stale' : undefined}>
              <PlanResults output={plan.data} currency={form.currency} />
            </div>
          ) : (
            <p className="muted">{prepared.problem ? t('plan.fixInput') : t('plan.computing')}</p>
          )}
        </div>
      </div>
      <OwnershipSection onSettled={onOwnershipSettled} />
    </div>
  );
}
