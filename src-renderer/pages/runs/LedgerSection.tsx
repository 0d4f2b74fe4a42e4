import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/BarChart';
import { useApp } from '../../lib/app-context';
import { useChannel } from '../../lib/queries';
import { formatNumber, formatPrice } from '../../lib/format';
import { ledgerCurrencies, monthlyBars, type LedgerRow } from './ledger-rows';
import { HeaderRow } from '../../components/HeaderRow';
import { TableScroll } from '../../components/TableScroll';

type GroupBy = 'month' | 'card' | 'provider';
const GROUPS: readonly GroupBy[] = ['month', 'card', 'provider'];

/** Money and GPU-hours of the user's runs by month, card or provider, one column per currency. */
// Memoised: the Runs page redraws on each page, sort and filter, which this section does not show. Asked once the
// run table is on screen (`tableShown`), as the accuracy summary is: the page opens on the table.
export const LedgerSection = memo(function LedgerSection({
  cardName,
  tableShown,
}: {
  cardName: (id: string) => string;
  tableShown: boolean;
}) {
  const { t } = useTranslation();
  const { settings, reportError } = useApp();
  const [groupBy, setGroupBy] = useState<GroupBy>('month');
  // Months feed the chart and the first tab (one request: the same key); another grouping only
  // when its tab is picked, so a new tab shows "loading", never the old tab's rows.
  const monthly = useChannel('runs:ledger', { groupBy: 'month' }, { enabled: tableShown });
  const grouped = useChannel('runs:ledger', { groupBy }, { enabled: tableShown });
  const error = monthly.error ?? grouped.error;
  useEffect(() => {
    if (error) reportError(error);
  }, [error, reportError]);
  const months: LedgerRow[] | null = monthly.data?.rows ?? null;

  const rows: LedgerRow[] | null = grouped.data?.rows ?? null;
  const currencies = ledgerCurrencies(rows ?? [], settings.currency);
  const chartCurrencies = ledgerCurrencies(months ?? [], settings.currency);
  const keyLabel = (key: string | null) =>
    key === null ? t('runs.ledger.none') : groupBy === 'card' ? cardName(key) : key;

  return (
    <section className="panel" aria-labelledby="ledger-title">
      <h2 id="ledger-title">{t('runs.ledger.title')}</h2>
      <div className="tabs" role="tablist" aria-label={t('runs.ledger.groupBy')}>
        {GROUPS.map((group) => (
          <button
            key={group}
            type="button"
            role="tab"
            id={`ledger-tab-${group}`}
            aria-selected={group === groupBy}
            aria-controls="ledger-panel"
            className="tab"
            onClick={() => setGroupBy(group)}
          >
            {t(`runs.ledger.by.${group}`)}
          </button>
        ))}
      </div>
      <div id="ledger-panel" role="tabpanel" aria-labelledby={`ledger-tab-${groupBy}`}>
        {rows === null ? (
          <p className="muted">{t('runs.loading')}</p>
        ) : rows.length === 0 ? (
          <p className="muted">{t('runs.ledger.empty')}</p>
        ) : (
          <TableScroll label={t('runs.ledger.title')}>
            <table className="table ledger-table">
              <caption className="visually-hidden">{t('runs.ledger.title')}</caption>
              <HeaderRow
                columns={[
                  { label: t(`runs.ledger.by.${groupBy}`) },
                  { label: t('runs.ledger.runs'), num: true },
                  { label: t('runs.ledger.gpuHours'), num: true },
                  ...currencies.map((currency) => ({ label: t('runs.ledger.spent', { currency }), num: true })),
                ]}
              />
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key ?? '(none)'}>
                    <th scope="row">{keyLabel(row.key)}</th>
                    <td className="num">{formatNumber(row.runs)}</td>
                    <td className="num">
                      {formatNumber(row.gpuHours, 1)}
                      {row.runsWithoutDuration > 0 ? (
                        <span className="cell-sub">
                          {t('runs.ledger.withoutDuration', { count: row.runsWithoutDuration })}
                        </span>
                      ) : null}
                    </td>
                    {currencies.map((currency) => (
                      <td className="num" key={currency}>
                        {row.cost[currency] ? formatPrice(row.cost[currency], currency) : '—'}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </div>
      {chartCurrencies.map((currency) => (
        <BarChart
          key={currency}
          title={t('runs.ledger.chartTitle', { currency })}
          bars={monthlyBars(months ?? [], currency)}
          xLabel={t('runs.ledger.by.month')}
          yLabel={t('runs.ledger.spent', { currency })}
          formatY={(value) => formatPrice(value, currency)}
          describe={(bar) => `${bar.label}: ${formatPrice(bar.value, currency)}`}
        />
      ))}
    </section>
  );
});
