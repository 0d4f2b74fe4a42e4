import { useTranslation } from 'react-i18next';
import { LineChart, type ChartMarker, type LineSeries } from '../../components/LineChart';
import { formatHours, formatPrice } from '../../lib/format';
import type { PlanOutput } from './bill';
import { valueAt } from './plan-form';
import { useMessageText } from '../../lib/messages';

type Plan = PlanOutput['plans'][number];

/** Total cost against job length for each billing of one provider, crossings labelled. */
export function CostCurveChart({ plan, computeHours }: { plan: Plan; computeHours: number }) {
  const { t } = useTranslation();
  const text = useMessageText();
  const currency = plan.series.currency;
  const series: LineSeries[] = plan.series.series.map((s) => ({
    key: s.key,
    label: text(s.label),
    points: s.points.map((p) => ({ x: p.computeHours, y: p.total })),
  }));
  const markers: ChartMarker[] = plan.series.crossings.flatMap((crossing) => {
    const line = series.find((s) => s.key === crossing.cheaperBefore);
    const y = line ? valueAt(line.points, crossing.computeHours) : undefined;
    return y === undefined ? [] : [{ x: crossing.computeHours, y, label: formatHours(crossing.computeHours, t) }];
  });
  const labelOf = (key: string) => series.find((s) => s.key === key)?.label ?? key;
  return (
    <>
      <LineChart
        title={t('plan.curveTitle', { provider: plan.provider })}
        series={series}
        xLabel={t('plan.axisComputeHours')}
        yLabel={t('plan.axisTotal', { currency })}
        markers={markers}
        guide={{ x: computeHours, label: t('plan.thisJob') }}
        legendValue={(s) => {
          const y = valueAt(s.points, computeHours);
          return y === undefined ? undefined : formatPrice(y, currency);
        }}
      />
      {plan.series.crossings.length > 0 ? (
        <ul className="crossings">
          {plan.series.crossings.map((c) => (
            <li key={`${c.computeHours}${c.cheaperAfter}`}>
              {t('plan.crossing', {
                hours: formatHours(c.computeHours, t),
                after: labelOf(c.cheaperAfter),
                before: labelOf(c.cheaperBefore),
              })}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small">{t('plan.noCrossings')}</p>
      )}
    </>
  );
}
