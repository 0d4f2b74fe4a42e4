import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../src-main/ipc/contract';
import type { Card } from '../../../src-main/domain/catalog';
import type { EstimateInput } from '../../../src-main/domain/estimate/input';
import type { FitChange } from '../../../src-main/domain/estimate/fit-changes';
import { formatGiB, formatNumber } from '../../lib/format';
import { useMessageText } from '../../lib/messages';
import { useLive } from '../../lib/queries';
import { fitRows } from '../../../src-main/domain/estimate/fit-rows';
import { HeaderRow } from '../../components/HeaderRow';
import { TableScroll } from '../../components/TableScroll';

interface FitAdvicePanelProps {
  /** The estimate's input (null while a field is invalid: the last advice stays, marked stale). */
  input: EstimateInput | null;
  card: Card;
  /** The input is asked later (once the estimate it advises on is on screen). */
  hold?: boolean;
  /** Puts a change's configuration into the form. */
  onApply: (change: FitChange) => void;
  /** Closes the panel (the card was picked in the answer, not in the form). */
  onClose?: () => void;
}

/** "×1.48" for a factor of the time or the GPU-hours as given; "—" where no speed is modelled. */
function factorText(factor: number | null): string {
  return factor === null ? '—' : `×${formatNumber(factor, 2)}`;
}

/**
 * "What would make it fit?" on one card: the changes of `estimate:fit` that bring the peak under
 * what the card may use, cheapest in GPU-hours first, each with its new peak, its time and
 * GPU-hour cost, what it gives up, and a button that makes the change in the form.
 */
export const FitAdvicePanel = memo(function FitAdvicePanel({
  input,
  card,
  hold = false,
  onApply,
  onClose,
}: FitAdvicePanelProps) {
  const { t } = useTranslation();
  const text = useMessageText();
  const {
    data: advice,
    error,
    stale,
    settled,
  } = useLive('estimate:fit', input ? { input, card: card.id } : null, { hold });
  return (
    <section
      className="panel fit-advice"
      aria-labelledby="fit-advice-title"
      data-testid="fit-advice"
      data-state={settled ? 'ready' : 'computing'}
    >
      <div className="fit-advice-head">
        <h2 id="fit-advice-title">{t('fitAdvice.title', { card: card.name })}</h2>
        {onClose ? (
          <button type="button" className="button-quiet" onClick={onClose}>
            {t('fitAdvice.close')}
          </button>
        ) : null}
      </div>
      {error ? (
        <p className="inline-alert" role="alert">
          {text(error.detail)}
        </p>
      ) : null}
      {advice && advice.card === card.id ? (
        <div className={stale ? 'stale' : undefined}>
          <FitAdvice advice={advice} card={card} onApply={onApply} />
        </div>
      ) : settled ? null : (
        <p className="muted">{t('estimate.computing')}</p>
      )}
    </section>
  );
});

/** The advice itself: what the card needs and the changes that make it fit. */
const FitAdvice = memo(function FitAdvice({
  advice,
  card,
  onApply,
}: {
  advice: ChannelOutput<'estimate:fit'>;
  card: Card;
  onApply: (change: FitChange) => void;
}) {
  const { t } = useTranslation();
  const text = useMessageText();
  const rows = fitRows(advice);
  return advice.fits ? (
    <p role="status">{t('fitAdvice.fitsNow', { card: card.name, need: formatGiB(advice.totalBytes) })}</p>
  ) : (
    <>
      <p>
        {t('fitAdvice.summary', {
          need: formatGiB(advice.totalBytes),
          usable: formatGiB(advice.usableBytes),
          card: card.name,
        })}
      </p>
      {rows.length === 0 ? (
        <p className="muted">{t('fitAdvice.none')}</p>
      ) : (
        <TableScroll label={t('fitAdvice.title', { card: card.name })}>
          <table className="table actions-last">
            <caption className="visually-hidden">{t('fitAdvice.title', { card: card.name })}</caption>
            <HeaderRow
              columns={[
                { label: t('fitAdvice.change') },
                { label: t('fitAdvice.peak'), num: true },
                { label: t('fitAdvice.gpus'), num: true },
                { label: t('fitAdvice.time'), num: true, title: t('fitAdvice.timeHint') },
                { label: t('fitAdvice.gpuHours'), num: true, title: t('fitAdvice.gpuHoursHint') },
                { label: t('fitAdvice.tradeOff') },
                { label: t('fitAdvice.apply'), hidden: true },
              ]}
            />
            <tbody>
              {rows.map((change, index) => {
                const name = text(change.change);
                return (
                  <tr key={`${change.change.code}-${index}`} data-testid="fit-change">
                    <th scope="row">{name}</th>
                    <td className="num">{formatGiB(change.totalBytes)}</td>
                    <td className="num">{change.gpus}</td>
                    <td className="num">{factorText(change.timeFactor)}</td>
                    <td className="num">{factorText(change.gpuHoursFactor)}</td>
                    <td>{change.tradeOff ? text(change.tradeOff) : '—'}</td>
                    <td>
                      <button
                        type="button"
                        aria-label={t('fitAdvice.applyLabel', { change: name })}
                        onClick={() => onApply(change)}
                      >
                        {t('fitAdvice.apply')}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
      <p className="muted small">{t('fitAdvice.note')}</p>
    </>
  );
});
