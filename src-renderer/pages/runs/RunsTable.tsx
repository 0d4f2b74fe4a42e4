import { useTranslation } from 'react-i18next';
import type { MemoryMeter, RunSortKey } from '../../../src-main/domain/runs';
import type { EstimateInput } from '../../../src-main/domain/estimate/input';
import { fillDefaults } from '../../../src-main/domain/estimate/resolve-input';
import { optionLabel } from '../../../src-main/domain/fields/resolve';
import type { ChannelOutput } from '../../../src-main/ipc/contract';
import { formatNumber, formatPrice, shortenSource } from '../../lib/format';
import { useMessageText } from '../../lib/messages';
import { citationUrl } from './citation';
import { errorFraction, errorLevel, formatError, memoryErrorOf, predictedGiBFor } from './run-accuracy';
import { ariaSort, type SortState } from './runs-query';
import type { Message } from '../../../src-main/domain/messages';

export type ListedRun = ChannelOutput<'runs:list'>['runs'][number];

interface RunsTableProps {
  runs: readonly ListedRun[];
  cardName: (id: string) => string;
  /** Why a run is flagged (throughput differs from its twins), by run id. */
  flags: ReadonlyMap<number, Message>;
  sort: SortState;
  onSort: (key: RunSortKey) => void;
  onOpen: (run: ListedRun) => void;
  onDelete: (run: ListedRun) => void;
}

/** Which part of the estimate a meter's reading is compared with (bytesOnMeter). */
const COMPARED_WITH: Record<MemoryMeter, 'allocated' | 'reserved' | 'total'> = {
  'torch-allocated': 'allocated',
  'torch-reserved': 'reserved',
  'nvidia-smi': 'total',
};

/** An estimate-vs-measured error, coloured by size, with the exact figures in its title. */
function ErrorBadge({ fraction }: { fraction: number | null }) {
  const { t } = useTranslation();
  if (fraction === null) return null;
  return (
    <span className={`error-badge error-${errorLevel(fraction)}`} title={t('runs.table.errorTitle')}>
      {formatError(fraction)}
    </span>
  );
}

/** "2025-11-30 14:05" from an ISO date-time as logged (its own zone), or the date alone. */
function shortDate(iso: string | undefined): string {
  if (!iso) return '—';
  return iso.length > 10 ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : iso;
}

/** One page of runs: what was measured, what the estimator says today, and how far apart they are. */
export function RunsTable({ runs, cardName, flags, sort, onSort, onOpen, onDelete }: RunsTableProps) {
  const { t } = useTranslation();
  const text = useMessageText();
  const sortable = (key: RunSortKey, label: string, numeric = false) => (
    <th scope="col" aria-sort={ariaSort(sort, key)} className={numeric ? 'num' : undefined}>
      <button type="button" className="sort-button" onClick={() => onSort(key)}>
        {label}
        <span className="sort-arrow" aria-hidden="true">
          {sort.key === key ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
  return (
    <div className="table-scroll">
      <table className="table runs-table actions-last">
        <caption className="visually-hidden">{t('runs.table.caption')}</caption>
        <thead>
          <tr>
            {sortable('startedAt', t('runs.table.date'))}
            {sortable('card', t('runs.table.card'))}
            <th scope="col" className="num">
              {t('runs.table.gpus')}
            </th>
            <th scope="col">{t('runs.table.model')}</th>
            <th scope="col">{t('runs.table.method')}</th>
            {sortable('peakMemoryGiB', t('runs.table.peak'), true)}
            <th scope="col" className="num">
              {t('runs.table.estimate')}
            </th>
            {sortable('tokensPerSecond', t('runs.table.speed'), true)}
            {sortable('durationHours', t('runs.table.hours'), true)}
            {sortable('cost', t('runs.table.cost'), true)}
            {/* data-secondary: a narrow window scrolls to these (HeaderRow.tsx, Column.secondary). */}
            <th scope="col">{t('runs.table.outcome')}</th>
            <th scope="col" data-secondary="">
              {t('runs.table.origin')}
            </th>
            <th scope="col" data-secondary="">
              {t('runs.table.notes')}
            </th>
            <th scope="col">
              <span className="visually-hidden">{t('runs.table.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => {
            // A serving run's memory is the engine's preallocated budget and its speed a whole batch's: the
            // one-sequence estimate does not predict them (serving runs calibrate the Serve page instead).
            const serving = run.engine !== undefined;
            const predictedGiB = serving ? null : predictedGiBFor(run);
            const memoryError = serving ? null : memoryErrorOf(run);
            const predictedSpeed = serving ? null : (run.predicted?.tokensPerSecond ?? null);
            const speedError = errorFraction(predictedSpeed, run.tokensPerSecond);
            const flagged = flags.get(run.id);
            const flag = flagged ? text(flagged) : null;
            const published = run.origin === 'published';
            const description = `#${run.id} ${run.modelLabel} ${cardName(run.card)}`;
            const url = run.citation ? citationUrl(run.citation) : null;
            return (
              <tr key={run.id} data-origin={published ? undefined : 'user'} data-run-id={run.id}>
                <td className="nowrap">
                  {flag ? (
                    <span
                      className="run-flag"
                      role="img"
                      aria-label={t('runs.table.flagged', { reason: flag })}
                      title={flag}
                    >
                      ⚑
                    </span>
                  ) : null}
                  {shortDate(run.startedAt)}
                </td>
                <th scope="row">{cardName(run.card)}</th>
                <td className="num">{run.gpus}</td>
                <td className="run-model" title={run.modelLabel}>
                  {run.modelLabel}
                </td>
                <td className="nowrap">
                  {text(optionLabel('method', run.config.method))}
                  <span className="cell-sub run-shape">
                    {run.engine
                      ? t(run.concurrency ? 'runs.table.servingAt' : 'runs.table.serving', {
                          engine: text(optionLabel('serveEngine', run.engine)),
                          count: run.concurrency,
                        })
                      : t('runs.table.shape', shapeOf(run.config))}
                  </span>
                </td>
                <td className="num">
                  {run.peakMemoryGiB === null ? '—' : formatNumber(run.peakMemoryGiB, 1)}
                  {run.memoryMeter ? <span className="cell-sub">{t(`runs.meterShort.${run.memoryMeter}`)}</span> : null}
                </td>
                <td className="num">
                  {predictedGiB === null ? '—' : formatNumber(predictedGiB, 1)} <ErrorBadge fraction={memoryError} />
                  {predictedGiB !== null ? (
                    <span className="cell-sub">
                      {t(`runs.table.${COMPARED_WITH[run.memoryMeter ?? 'nvidia-smi']}`)}
                    </span>
                  ) : null}
                </td>
                <td className="num">
                  {run.tokensPerSecond === undefined ? '—' : formatNumber(run.tokensPerSecond)}{' '}
                  <ErrorBadge fraction={speedError} />
                  {predictedSpeed !== null ? (
                    <span className="cell-sub">
                      {t('runs.table.predicted', { value: formatNumber(predictedSpeed) })}
                    </span>
                  ) : null}
                </td>
                <td className="num">{run.durationHours === undefined ? '—' : formatNumber(run.durationHours, 2)}</td>
                <td className="num">
                  {run.cost === undefined || !run.currency ? '—' : formatPrice(run.cost, run.currency)}
                  {run.currency ? <span className="cell-sub">{run.currency}</span> : null}
                </td>
                <td>
                  <span className={`badge outcome-${run.outcome}`}>{text(optionLabel('outcome', run.outcome))}</span>
                </td>
                <td className="nowrap">
                  {published ? (
                    url ? (
                      // The link holds its source too: fifty "Published" links would be one name for fifty places.
                      <a href={url} target="_blank" rel="noopener noreferrer" title={run.citation ?? undefined}>
                        {t('runs.origin.published')}
                        <span className="cell-sub">{shortenSource(url, 22)}</span>
                      </a>
                    ) : (
                      <span title={run.citation ?? undefined}>{t('runs.origin.published')}</span>
                    )
                  ) : (
                    t('runs.origin.mine')
                  )}
                </td>
                <td className="run-notes" title={run.notes}>
                  {run.notes ?? ''}
                </td>
                <td className="nowrap">
                  <button
                    type="button"
                    className="button-quiet"
                    aria-label={t(published ? 'runs.table.viewLabel' : 'runs.table.editLabel', { run: description })}
                    onClick={() => onOpen(run)}
                  >
                    {published ? t('runs.table.view') : t('runs.table.edit')}
                  </button>
                  {published ? null : (
                    <button
                      type="button"
                      className="button-quiet"
                      aria-label={t('runs.table.deleteLabel', { run: description })}
                      onClick={() => onDelete(run)}
                    >
                      {t('runs.table.delete')}
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** A run's precision, batch and sequence as the estimator reads its config (a value it leaves out is the default). */
function shapeOf(config: EstimateInput) {
  const { precision, batchSize, seqLen } = fillDefaults(config);
  return { precision, batch: batchSize, seq: formatNumber(seqLen) };
}
