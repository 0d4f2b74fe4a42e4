import { memo, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../lib/app-context';
import { formatPercent } from '../../lib/format';
import type { ChannelInput } from '../../../src-main/ipc/contract';
import { useChannel } from '../../lib/queries';
import { accuracySummary, type AccuracyFigure } from './run-accuracy';

/** How many of the user's latest runs the summary reads (one page of the list channel). */
const SUMMARY_RUNS = 500;
const SUMMARY_REQUEST: ChannelInput<'runs:list'> = {
  limit: SUMMARY_RUNS,
  offset: 0,
  sort: ['startedAt', 'desc'],
  filter: { origin: 'mine' },
};

/** Median |error| of today's estimate against the user's latest measured runs, memory and speed. */
// Memoised: the Runs page redraws on each page, sort and filter, which this section does not show. Asked once the
// run table is on screen (`tableShown`): its 500 runs, estimates included, take the server tens of milliseconds at a
// million runs and the browser as long to read, and asked with the table (before it, as a child's effects run
// first) they held up the table the page opens on.
export const AccuracySummary = memo(function AccuracySummary({ tableShown }: { tableShown: boolean }) {
  const { t } = useTranslation();
  const { reportError } = useApp();
  const latest = useChannel('runs:list', SUMMARY_REQUEST, { enabled: tableShown });
  useEffect(() => {
    if (latest.error) reportError(latest.error);
  }, [latest.error, reportError]);
  const runs = latest.data?.runs;
  const summary = useMemo(() => (runs ? { ...accuracySummary(runs), runs: runs.length } : null), [runs]);

  const figure = (label: string, value: AccuracyFigure) => (
    <div className="accuracy-figure">
      <dt>{label}</dt>
      <dd>
        <span className="accuracy-value">
          {value.medianAbsError === null ? '—' : formatPercent(value.medianAbsError)}
        </span>
        <span className="muted small">{t('runs.accuracy.basedOn', { count: value.runs })}</span>
      </dd>
    </div>
  );
  return (
    <section className="panel" aria-labelledby="accuracy-title">
      <h2 id="accuracy-title">{t('runs.accuracy.title')}</h2>
      {summary === null ? (
        <p className="muted">{t('runs.loading')}</p>
      ) : summary.runs === 0 ? (
        <p className="muted">{t('runs.accuracy.empty')}</p>
      ) : (
        <>
          <dl className="accuracy">
            {figure(t('runs.accuracy.memory'), summary.memory)}
            {figure(t('runs.accuracy.speed'), summary.speed)}
          </dl>
          <p className="muted small">{t('runs.accuracy.note', { count: summary.runs })}</p>
        </>
      )}
    </section>
  );
});
