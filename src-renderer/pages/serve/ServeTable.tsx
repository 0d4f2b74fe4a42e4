import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '../../../src-main/domain/catalog';
import { HeaderRow } from '../../components/HeaderRow';
import { Term } from '../../components/Term';
import { formatNumber, formatPrice } from '../../lib/format';
import { useMessageText } from '../../lib/messages';
import type { ServeTableRow } from './serve-rows';

/** The cards that fit, ranked for the traffic: memory, concurrency, latency and cost of each card's best server. */
// Memoised on its rows (one array per answer): a keystroke that only marks the answer stale skips it.
export const ServeTable = memo(function ServeTable({
  rows,
  currency,
}: {
  rows: readonly ServeTableRow[];
  currency: Currency;
}) {
  const { t } = useTranslation();
  const text = useMessageText();
  // A latency in ms, or what stands in for it when the server cannot keep up with the rate.
  const latency = (ms: number | null) => (ms === null ? t('serve.unstable') : formatNumber(ms, ms < 10 ? 1 : 0));
  return (
    <div className="table-scroll">
      <table className="table serve-table">
        <caption className="visually-hidden">{t('serve.tableCaption')}</caption>
        <HeaderRow
          columns={[
            { label: t('serve.col.server') },
            { label: t('serve.col.costPer1M'), num: true, sort: 'ascending' },
            { label: t('serve.col.costPer1k'), num: true },
            {
              key: 'latency',
              label: <Term k="latency">{t('serve.col.ttftItl')}</Term>,
              num: true,
              title: t('serve.col.ttftItlTitle'),
              className: 'serve-latency',
            },
            { label: t('serve.col.maxRate'), num: true, title: t('serve.col.maxRateTitle') },
            // The memory behind the rate, after what a renter decides on: a narrow window scrolls to them.
            { key: 'kvPool', label: <Term k="kvCache">{t('serve.col.kvPool')}</Term>, num: true, secondary: true },
            {
              key: 'concurrency',
              label: <Term k="concurrency">{t('serve.col.concurrency')}</Term>,
              num: true,
              title: t('serve.col.concurrencyTitle'),
              secondary: true,
            },
          ]}
        />
        <tbody>
          {rows.map(({ id, setup, offer }) => {
            const speed = setup.speed;
            return (
              <tr
                key={id}
                data-card={setup.card}
                data-gpus={setup.gpus}
                className={speed?.meetsTarget ? undefined : 'serve-misses'}
              >
                <th scope="row">
                  {t('serve.seriesLabel', { gpus: setup.gpus, card: setup.cardName })}
                  {setup.calibration ? (
                    <span
                      className="tag serve-calibrated"
                      title={setup.calibration.basis ? text(setup.calibration.basis) : undefined}
                    >
                      {t('serve.calibrated')}
                    </span>
                  ) : null}
                  <span className="cell-sub">
                    {offer
                      ? t('serve.offer', { provider: offer.provider, billing: t(`billing.${offer.billing}`) })
                      : t('serve.noOffer', { currency })}
                  </span>
                </th>
                <td className="num">{offer ? formatPrice(offer.costPer1MOutputTokens, currency) : '—'}</td>
                <td className="num">{offer ? formatPrice(offer.costPer1kRequests, currency) : '—'}</td>
                <td className="num" title={t('serve.col.ttftItlTitle')}>
                  {speed ? `${latency(speed.ttftMs)} · ${latency(speed.itlMs)}` : '—'}
                  {speed && !speed.meetsTarget ? <span className="tag serve-over">{t('serve.overTarget')}</span> : null}
                </td>
                <td className="num">{speed ? formatNumber(speed.maxRequestsPerSecond, 2) : '—'}</td>
                <td className="num">{formatNumber(setup.kvPoolTokens)}</td>
                <td className="num" title={t('serve.col.concurrencyTitle')}>
                  {t('serve.concurrencyCell', {
                    average: formatNumber(setup.maxConcurrentSequences.atAverageRequest),
                    atMax: formatNumber(setup.maxConcurrentSequences.atMaxModelLen),
                  })}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
});
