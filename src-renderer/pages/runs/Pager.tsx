import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { pageRange, type PageMove } from './runs-query';

/** "1–50 of 100,000" with first / previous / next / last page buttons. */
export function Pager({ page, total, onMove }: { page: number; total: number; onMove: (move: PageMove) => void }) {
  const { t } = useTranslation();
  const { from, to, pages } = pageRange(page, total);
  return (
    <nav className="pager" aria-label={t('runs.pager.label')}>
      <span className="pager-text" aria-live="polite">
        {t('runs.pager.range', { from: formatNumber(from), to: formatNumber(to), total: formatNumber(total) })}
      </span>
      <button type="button" disabled={page === 0} onClick={() => onMove('first')} aria-label={t('runs.pager.first')}>
        «
      </button>
      <button type="button" disabled={page === 0} onClick={() => onMove('previous')}>
        {t('runs.pager.previous')}
      </button>
      <span className="pager-page">
        {t('runs.pager.page', { page: formatNumber(page + 1), pages: formatNumber(pages) })}
      </span>
      <button type="button" disabled={page >= pages - 1} onClick={() => onMove('next')}>
        {t('runs.pager.next')}
      </button>
      <button
        type="button"
        disabled={page >= pages - 1}
        onClick={() => onMove('last')}
        aria-label={t('runs.pager.last')}
      >
        »
      </button>
    </nav>
  );
}
