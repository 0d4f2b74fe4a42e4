import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { pageRange } from './runs-query';

/** "1–50 of 100,000" with first / previous / next / last page buttons. */
export function Pager({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const { from, to, pages } = pageRange(page, total);
  return (
    <nav className="pager" aria-label={t('runs.pager.label')}>
      <span className="pager-text" aria-live="polite">
        {t('runs.pager.range', { from: formatNumber(from), to: formatNumber(to), total: formatNumber(total) })}
      </span>
      <button type="button" disabled={page === 0} onClick={() => onPage(0)} aria-label={t('runs.pager.first')}>
        «
      </button>
      <button type="button" disabled={page === 0} onClick={() => onPage(page - 1)}>
        {t('runs.pager.previous')}
      </button>
      <span className="pager-page">
        {t('runs.pager.page', { page: formatNumber(page + 1), pages: formatNumber(pages) })}
      </span>
      <button type="button" disabled={page >= pages - 1} onClick={() => onPage(page + 1)}>
        {t('runs.pager.next')}
      </button>
      <button
        type="button"
        disabled={page >= pages - 1}
        onClick={() => onPage(pages - 1)}
        aria-label={t('runs.pager.last')}
      >
        »
      </button>
    </nav>
  );
}
