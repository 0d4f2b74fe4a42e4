import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '../../../src-main/domain/catalog';
import { LineChart } from '../../components/LineChart';
import { TextField } from '../../components/TextField';
import { useApp } from '../../lib/app-context';
import { currencySymbol, formatPercent, formatPrice } from '../../lib/format';
import { useMessageText } from '../../lib/messages';
import { useSessionStore } from '../../lib/session-store';
import { useLive } from '../../lib/queries';
import {
  OWNERSHIP_FIELDS,
  ownershipFormStore,
  toOwnershipRequest,
  type OwnershipFallbacks,
  type OwnershipForm,
} from './ownership-form';

interface OwnershipSectionProps {
  onSettled: (settled: boolean) => void;
  /** The plan's currency, card name and what its set-up fills in (count, power, rental price). */
  currency: Currency;
  cardName: string;
  fromPlan: Omit<OwnershipFallbacks, 'electricityPricePerKWh'>;
}

/** "Rent or buy": what a used card-hour costs when you own the plan's cards, against renting them. */
export function OwnershipSection({ onSettled, currency: planCurrency, cardName, fromPlan }: OwnershipSectionProps) {
  const { t } = useTranslation();
  const text = useMessageText();
  const { reportError, settings } = useApp();
  const [form, setForm] = useSessionStore(ownershipFormStore);
  // Settings' price is in the default currency: it stands in only for a plan in that currency.
  const settingsPower = planCurrency === settings.currency ? settings.electricityPricePerKWh : undefined;
  const fallbacks: OwnershipFallbacks = { ...fromPlan, electricityPricePerKWh: settingsPower };
  const prepared = toOwnershipRequest(form, planCurrency, fallbacks);
  // The catalog has no purchase prices: until one is typed, ask for it instead of showing an error.
  const askPrice = prepared.problem?.field === 'cardPrice' && form.cardPrice.trim() === '';
  const result = useLive('plan:ownership', prepared.request ?? null);
  useEffect(() => onSettled(result.settled), [result.settled, onSettled]);
  useEffect(() => {
    if (result.error && result.error.code !== 'bad-input') reportError(result.error);
  }, [result.error, reportError]);
  const symbol = currencySymbol(planCurrency);
  const backendProblem = result.error?.code === 'bad-input' ? result.error : undefined;
  const errorFor = (field: keyof OwnershipForm): string | undefined => {
    if (askPrice) return undefined;
    if (prepared.problem) return prepared.problem.field === field ? text(prepared.problem.message) : undefined;
    // The backend's rules between fields (resale above the price, idle above load power) name one of them.
    const backendField = backendProblem?.field === 'utilization' ? 'utilizationPercent' : backendProblem?.field;
    return backendProblem && backendField === field ? text(backendProblem.detail) : undefined;
  };
  const output = result.data;
  const rental = prepared.request?.rentalPricePerCardHour;
  const currency = output?.currency ?? planCurrency;
  /** What stands under a box: the value an empty box takes (from the plan, Settings, or half the load power). */
  const hintOf = (field: keyof OwnershipForm): string | undefined => {
    if (field === 'cardPrice') return t('plan.own.cardPriceHint', { card: cardName });
    const empty = form[field].trim() === '';
    // Said here, not as its placeholder: there it was cut ("满载功耗的一丬").
    if (field === 'idlePowerW') return empty ? t('plan.own.idleDefault') : undefined;
    const value = fallbacks[field as keyof OwnershipFallbacks];
    if (value === undefined || !empty) return undefined;
    if (field === 'electricityPricePerKWh')
      return t('plan.own.electricityFromSettings', { price: `${symbol}${value}` });
    if (field === 'rentalPricePerCardHour') return t('plan.own.fromPlanPrice', { price: formatPrice(value, currency) });
    return t('plan.own.fromPlan', { value: value.toLocaleString('en-US') });
  };

  return (
    <section className="panel ownership" aria-labelledby="own-title">
      <h2 id="own-title">{t('plan.own.title')}</h2>
      <p className="muted small">{t('plan.own.note', { card: cardName })}</p>
      <div className="ownership-columns">
        <form className="ownership-form" onSubmit={(event) => event.preventDefault()} aria-label={t('plan.own.title')}>
          {OWNERSHIP_FIELDS.map(({ field }) => (
            <TextField
              key={field}
              id={`own-${field}`}
              type="number"
              min={0}
              step="any"
              label={t(`plan.own.${field}`, { symbol })}
              value={form[field]}
              placeholder={
                fallbacks[field as keyof OwnershipFallbacks] !== undefined
                  ? String(fallbacks[field as keyof OwnershipFallbacks])
                  : undefined
              }
              hint={hintOf(field)}
              onChange={(v) => setForm((f) => ({ ...f, [field]: v }))}
              error={errorFor(field)}
            />
          ))}
        </form>
        <div
          className="results ownership-results"
          data-state={result.settled ? 'ready' : 'computing'}
          aria-busy={!result.settled}
        >
          {output ? (
            <div className={result.stale ? 'stale' : undefined}>
              <p className="total">
                <span className="total-value" data-testid="cost-per-used-card-hour">
                  {formatPrice(output.costPerUsedCardHour, currency)}
                </span>
                <span className="total-meter">{t('plan.own.perUsedCardHour')}</span>
              </p>
              <p className="own-verdict">
                {output.breakEvenUtilization !== null && rental !== undefined
                  ? t('plan.own.breakEven', {
                      utilization: formatPercent(output.breakEvenUtilization),
                      rental: formatPrice(rental, currency),
                    })
                  : rental !== undefined
                    ? t('plan.own.neverBreaksEven', { rental: formatPrice(rental, currency) })
                    : t('plan.own.noRental')}
              </p>
              <dl className="facts">
                <dt>{t('plan.own.depreciation')}</dt>
                <dd>{formatPrice(output.monthly.depreciation, currency)}</dd>
                <dt>{t('plan.own.power')}</dt>
                <dd>{formatPrice(output.monthly.power, currency)}</dd>
                <dt>{t('plan.own.hosting')}</dt>
                <dd>{formatPrice(output.monthly.hosting + output.monthly.other, currency)}</dd>
                <dt>{t('plan.own.monthlyTotal')}</dt>
                <dd>
                  <strong>{formatPrice(output.monthly.total, currency)}</strong>
                </dd>
                <dt>{t('plan.own.cardHours')}</dt>
                <dd>{output.cardHoursPerMonth.toLocaleString('en-US')}</dd>
              </dl>
              <LineChart
                title={t('plan.own.chartTitle')}
                series={[
                  {
                    key: 'own',
                    label: t('plan.own.chartSeries'),
                    points: output.series.map((p) => ({ x: p.utilization * 100, y: p.costPerUsedCardHour })),
                  },
                ]}
                xLabel={t('plan.own.axisUtilization')}
                yLabel={t('plan.own.axisCost', { currency })}
                formatX={(v) => `${v}%`}
                reference={
                  rental !== undefined
                    ? { y: rental, label: t('plan.own.rentalLine', { price: formatPrice(rental, currency) }) }
                    : undefined
                }
                markers={
                  output.breakEvenUtilization !== null && rental !== undefined
                    ? [
                        {
                          x: output.breakEvenUtilization * 100,
                          y: rental,
                          label: formatPercent(output.breakEvenUtilization),
                        },
                      ]
                    : []
                }
                guide={{ x: (prepared.request?.utilization ?? 0) * 100, label: t('plan.own.yourUtilization') }}
              />
            </div>
          ) : (
            <p className={askPrice ? 'note' : 'muted'}>
              {askPrice
                ? t('plan.own.askCardPrice', { card: cardName })
                : prepared.problem
                  ? t('plan.fixInput')
                  : t('plan.computing')}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
