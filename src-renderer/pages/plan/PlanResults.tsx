import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '../../../src-main/domain/catalog';
import { SelectField } from '../../components/SelectField';
import { formatHours, formatNumber, formatPercent, formatPrice } from '../../lib/format';
import { cheapestOption, optionId, visibleLines, type PlanOutput } from './bill';
import { BillBars } from './BillBars';
import { CostCurveChart } from './CostCurveChart';
import { messageKey, useMessageText } from '../../lib/messages';
import { HeaderRow } from '../../components/HeaderRow';
import { Term } from '../../components/Term';
import { TableScroll } from '../../components/TableScroll';
import { AssumptionsPanel } from '../../components/AssumptionsPanel';

type Plan = PlanOutput['plans'][number];
type Package = Plan['breakEven']['packages'][number];

/**
 * One way to pay: the total (and, when the hours are an estimate's, where it likely lies), the bill line by line, and
 * its notes.
 */
function OptionCard({
  option,
  cheapest,
  likelyHours,
}: {
  option: PlanOutput['options'][number];
  cheapest: boolean;
  likelyHours: PlanOutput['computeHoursLikely'];
}) {
  const { t } = useTranslation();
  const text = useMessageText();
  const titleId = `opt-${optionId(option).replace(/[^a-zA-Z0-9-]/g, '_')}`;
  return (
    <article className={`option-card${cheapest ? ' option-cheapest' : ''}`} aria-labelledby={titleId}>
      <header className="option-head">
        <h3 id={titleId}>{text(option.label)}</h3>
        {option.label.params?.provider === option.provider ? null : (
          <p className="option-provider muted">{option.provider}</p>
        )}
        <span className="option-tags">
          <span className="tag">{t(`plan.billing.${option.billing}`)}</span>
          {option.userSupplied ? <span className="tag tag-user">{t('plan.userSupplied')}</span> : null}
          {cheapest ? <span className="badge badge-fits">{t('plan.cheapest')}</span> : null}
        </span>
      </header>
      <p className="option-total">
        <span className="total-value">{formatPrice(option.total, option.currency)}</span>
        <span className="muted">{t('plan.wallHours', { hours: formatNumber(option.hours, 1) })}</span>
      </p>
      {option.likelyTotal && likelyHours ? (
        <p className="option-likely muted">
          {t('plan.likelyTotal', {
            low: formatPrice(option.likelyTotal.low, option.currency),
            high: formatPrice(option.likelyTotal.high, option.currency),
            fast: formatNumber(likelyHours.fast, 1),
            slow: formatNumber(likelyHours.slow, 1),
          })}
        </p>
      ) : null}
      <table className="bill-lines">
        <caption className="visually-hidden">{t('plan.billCaption', { option: text(option.label) })}</caption>
        <tbody>
          {visibleLines(option).map((line, i) => (
            <tr key={`${line.item}${i}`}>
              <th scope="row">{t(`plan.item.${line.item}`)}</th>
              <td className="bill-detail">{text(line.detail)}</td>
              <td className="num">{formatPrice(line.amount, option.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {option.notes.length > 0 ? (
        <ul className="option-notes">
          {option.notes.map((note) => (
            <li key={messageKey(note)}>{text(note)}</li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

/** When a package beats paying by the hour, and what it wastes if the job ends early. */
function PackageRow({ pkg, plan }: { pkg: Package; plan: Plan }) {
  const { t } = useTranslation();
  const currency = plan.currency;
  const winsAt =
    pkg.breakEvenHoursPerDay !== null
      ? t('plan.breakEvenAt', {
          computeHours: formatHours(pkg.breakEvenComputeHours, t),
          hoursPerDay: formatNumber(pkg.breakEvenHoursPerDay, 1),
          days: formatNumber(pkg.breakEvenDaysPerPeriod ?? 0, 1),
          period: t(`plan.period.${pkg.billing}`),
          utilization: formatPercent(pkg.breakEvenUtilization ?? 0),
        })
      : plan.breakEven.onDemandPricePerHour === null
        ? t('plan.breakEvenNoHourly')
        : t('plan.breakEvenNever');
  return (
    <tr>
      <th scope="row">
        {plan.provider} · {t(`plan.billing.${pkg.billing}`)}
      </th>
      <td className="num">{formatPrice(pkg.periodPrice, currency)}</td>
      <td className="num">{t('plan.perHour', { price: formatPrice(pkg.effectivePricePerHour, currency) })}</td>
      <td>{winsAt}</td>
      <td>
        {pkg.wastedHours > 0
          ? t('plan.wasted', {
              hours: formatNumber(pkg.wastedHours, 1),
              amount: formatPrice(pkg.wastedAmount, currency),
              count: pkg.periodsBought,
            })
          : t('plan.noWaste')}
      </td>
    </tr>
  );
}

/** The planner's answer: options, spot, packages, charts, assumptions. */
export function PlanResults({ output, currency }: { output: PlanOutput; currency: Currency }) {
  const { t } = useTranslation();
  const text = useMessageText();
  const [chartProvider, setChartProvider] = useState('');
  const cheapestId = cheapestOption(output.options);
  const plan = output.plans.find((p) => p.provider === chartProvider) ?? output.plans[0];
  const spot = output.plans[0]?.spot;
  const packages = output.plans.flatMap((p) => p.breakEven.packages.map((pkg) => ({ pkg, plan: p })));
  const assumptions = [...new Map(output.plans.flatMap((p) => p.assumptions).map((m) => [messageKey(m), m])).values()];
  const sorted = [...output.options].sort((a, b) => a.total - b.total);
  return (
    <>
      <section className="panel" aria-labelledby="plan-options-title">
        <h2 id="plan-options-title">{t('plan.optionsTitle', { count: output.options.length })}</h2>
        <div className="option-grid">
          {sorted.map((option) => (
            <OptionCard
              key={optionId(option)}
              option={option}
              cheapest={optionId(option) === cheapestId}
              likelyHours={output.computeHoursLikely}
            />
          ))}
        </div>
        {output.options.some((o) => o.likelyTotal) ? (
          <p className="option-likely-note">{t('plan.likelyNote')}</p>
        ) : null}
      </section>
      {spot ? (
        <section className="panel" aria-labelledby="plan-spot-title">
          <h2 id="plan-spot-title">
            <Term k="spot">{t('plan.spotTitle')}</Term>
          </h2>
          <dl className="facts">
            <dt>{spot.checkpointIntervalRecommended ? t('plan.recommendedInterval') : t('plan.fixedInterval')}</dt>
            <dd>{t('plan.minutes', { value: formatNumber(spot.checkpointIntervalMinutes, 0) })}</dd>
            <dt>{t('plan.pAtLeastOne')}</dt>
            <dd>{formatPercent(spot.pAtLeastOne)}</dd>
            <dt>{t('plan.expectedInterruptions')}</dt>
            <dd>{formatNumber(spot.expectedInterruptions, 2)}</dd>
            <dt>{t('plan.expectedExtraHours')}</dt>
            <dd>
              {t('plan.hoursValue', { value: formatNumber(spot.expectedExtraHours, 2) })}
              <span className="muted small">
                {' '}
                {t('plan.extraBreakdown', {
                  checkpoints: formatNumber(spot.checkpointOverheadHours, 2),
                  lost: formatNumber(spot.expectedLostWorkHours, 2),
                  restarts: formatNumber(spot.expectedRestartHours, 2),
                })}
              </span>
            </dd>
          </dl>
          {output.options.some((o) => o.billing === 'spot') ? null : <p className="note">{t('plan.spotNotPriced')}</p>}
          <p className="muted small">
            {t('plan.rateSource', {
              rate: formatNumber(spot.interruptionsPerHour, 3),
              source: text(spot.interruptionRateSource),
            })}
          </p>
        </section>
      ) : null}
      <section className="panel" aria-labelledby="plan-packages-title">
        <h2 id="plan-packages-title">
          <Term k="package">{t('plan.packagesTitle')}</Term>
        </h2>
        {packages.length > 0 ? (
          <TableScroll label={t('plan.packagesTitle')}>
            <table className="table">
              <caption className="visually-hidden">{t('plan.packagesTitle')}</caption>
              <HeaderRow
                columns={[
                  { label: t('plan.package') },
                  { label: t('plan.periodPrice'), num: true },
                  { label: t('plan.effective'), num: true },
                  { key: 'winsWhen', label: <Term k="breakEven">{t('plan.winsWhen')}</Term> },
                  { label: t('plan.ifEndsEarly') },
                ]}
              />
              <tbody>
                {packages.map(({ pkg, plan: p }) => (
                  <PackageRow key={pkg.offerId} pkg={pkg} plan={p} />
                ))}
              </tbody>
            </table>
          </TableScroll>
        ) : (
          <p className="muted">{t('plan.noPackages')}</p>
        )}
      </section>
      {plan ? (
        <section className="panel" aria-labelledby="plan-curve-title">
          <div className="panel-head">
            <h2 id="plan-curve-title">{t('plan.curveHeading')}</h2>
            {output.plans.length > 1 ? (
              <SelectField
                id="plan-chart-provider"
                label={t('plan.chartProvider')}
                value={plan.provider}
                onChange={setChartProvider}
                options={output.plans.map((p) => ({ value: p.provider, label: p.provider }))}
              />
            ) : null}
          </div>
          <CostCurveChart plan={plan} computeHours={output.computeHours} />
        </section>
      ) : null}
      <section className="panel" aria-labelledby="plan-bars-title">
        <h2 id="plan-bars-title">{t('plan.barsTitle')}</h2>
        <BillBars options={sorted} currency={currency} cheapestId={cheapestId} />
      </section>
      <AssumptionsPanel id="plan-assumptions-title" title={t('plan.assumptionsTitle')} lines={assumptions} />
    </>
  );
}
