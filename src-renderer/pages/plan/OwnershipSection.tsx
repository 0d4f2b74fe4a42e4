import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { currencySchema } from '../../../src-main/domain/catalog';
import { LineChart } from '../../components/LineChart';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { useApp } from '../../lib/app-context';
import { currencySymbol, formatPercent, formatPrice } from '../../lib/format';
import { useMessageText } from '../../lib/messages';
import { useSessionStore } from '../../lib/session-store';
import { messageOptions } from '../../lib/options';
import { useLive } from '../../lib/queries';
import { OWNERSHIP_FIELDS, ownershipFormStore, toOwnershipRequest, type OwnershipForm } from './ownership-form';

/** "Rent or buy": what a used card-hour costs when you own the server, against a rental price. */
export function OwnershipSection({ onSettled }: { onSettled: (settled: boolean) => void }) {
  const { t } = useTranslation();
  const text = useMessageText();
  const { reportError, settings } = useApp();
  const [form, setForm] = useSessionStore(ownershipFormStore);
  // Settings' price is in the default currency: it stands in only for a form in that currency.
  const settingsPower = form.currency === settings.currency ? settings.electricityPricePerKWh : undefined;
  const prepared = toOwnershipRequest(form, settingsPower);
  const result = useLive('plan:ownership', prepared.request ?? null);
  useEffect(() => onSettled(result.settled), [result.settled, onSettled]);
  useEffect(() => {
    if (result.error && result.error.code !== 'bad-input') reportError(result.error);
  }, [result.error, reportError]);
  const symbol = currencySymbol(form.currency);
  const backendProblem = result.error?.code === 'bad-input' ? result.error : undefined;
  const errorFor = (field: keyof OwnershipForm): string | undefined => {
    if (prepared.problem) return prepared.problem.field === field ? text(prepared.problem.message) : undefined;
    // The backend's rules between fields (resale above the price, idle above load power) name one of them.
    const backendField = backendProblem?.field === 'utilization' ? 'utilizationPercent' : backendProblem?.field;
    return backendProblem && backendField === field ? text(backendProblem.detail) : undefined;
  };
  const output = result.data;
  const rental = prepared.request?.rentalPricePerCardHour;
  const currency = output?.currency ?? form.currency;

  return (
    <section className="panel ownership" aria-labelledby="own-title">
      <h2 id="own-title">{t('plan.own.title')}</h2>
      <p className="muted small">{t('plan.own.note')}</p>
      <div className="ownership-columns">
        <form className="ownership-form" onSubmit={(event) => event.preventDefault()} aria-label={t('plan.own.title')}>
          <SelectField
            id="own-currency"
            label={t('plan.currency')}
            value={form.currency}
            onChange={(v) => setForm((f) => ({ ...f, currency: v }))}
            options={messageOptions(text, 'currency', currencySchema.options)}
          />
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
                field === 'electricityPricePerKWh' && settingsPower !== undefined ? String(settingsPower) : undefined
              }
              hint={
                field === 'electricityPricePerKWh' && settingsPower !== undefined && form[field].trim() === ''
                  ? t('plan.own.electricityFromSettings', { price: `${symbol}${settingsPower}` })
                  : undefined
              }
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
                {output.breakEvenUtilization !== null
                  ? t('plan.own.breakEven', {
                      utilization: formatPercent(output.breakEvenUtilization),
                      rental: formatPrice(rental ?? 0, currency),
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
            <p className="muted">{prepared.problem ? t('plan.fixInput') : t('plan.computing')}</p>
          )}
        </div>
      </div>
    </section>
  );
}
