import { memo, useDeferredValue, useMemo, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { MemoryMeter, RunSortKey } from '../../../src-main/domain/runs';
import type { EstimateInput } from '../../../src-main/domain/estimate/input';
import { fillDefaults } from '../../../src-main/domain/estimate/resolve-input';
import { optionLabel } from '../../../src-main/domain/fields/resolve';
import type { ChannelOutput } from '../../../src-main/ipc/contract';
import { formatNumber, formatPrice, shortenSource } from '../../lib/format';
import { modelShown } from './run-model';
import { useMessageText } from '../../lib/messages';
import { citationUrl } from './citation';
import { errorFraction, errorLevel, formatError, memoryErrorOf, predictedGiBFor } from './run-accuracy';
import { ariaSort, type SortState } from './runs-query';
import type { Message } from '../../../src-main/domain/messages';

export type ListedRun = ChannelOutput<'runs:list'>['runs'][number];

interface RunsTableProps {
  runs: readonly ListedRun[];
  cardName: (id: string) => string;
  /** A model preset's name by its id; undefined for an id the catalog does not hold. */
  modelName: (id: string) => string | undefined;
  sort: SortState;
  onSort: (key: RunSortKey) => void;
  onOpen: (run: ListedRun) => void;
  onDelete: (run: ListedRun) => void;
}

/**
 * The table's fixed words, translated once per render of the table instead of once per row, and the two
 * translators the rows use (handed down: a useTranslation hook in each of fifty rows subscribed fifty times).
 */
function tableLabels(t: TFunction, text: (message: Message) => string) {
  return {
    t,
    text,
    errorTitle: t('runs.table.errorTitle'),
    meterShort: {
      'torch-allocated': t('runs.meterShort.torch-allocated'),
      'torch-reserved': t('runs.meterShort.torch-reserved'),
      'nvidia-smi': t('runs.meterShort.nvidia-smi'),
    } satisfies Record<MemoryMeter, string>,
    prefill: t('runs.table.prefill'),
    published: t('runs.origin.published'),
    mine: t('runs.origin.mine'),
    view: t('runs.table.view'),
    edit: t('runs.table.edit'),
    delete: t('runs.table.delete'),
  };
}
type TableLabels = ReturnType<typeof tableLabels>;

/** An estimate-vs-measured error, coloured by size, with the exact figures in its title. */
function ErrorBadge({ fraction, title }: { fraction: number | null; title: string }) {
  if (fraction === null) return null;
  return (
    <span className={`error-badge error-${errorLevel(fraction)}`} title={title}>
      {formatError(fraction)}
    </span>
  );
}

/** "2025-11-30 14:05" from an ISO date-time as logged (its own zone), or the date alone. */
function shortDate(iso: string | undefined): string {
  if (!iso) return '—';
  return iso.length > 10 ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : iso;
}

/** Under a row's height: every row holds two lines (a method over its shape), 47 px at the default font size. */
const ROW_MIN_PX = 44;
/** The most rows the window can show at once, the table filling it. */
const rowsAWindowShows = () => Math.ceil(window.innerHeight / ROW_MIN_PX);

/** What a row's buttons do: the table listens once for all of them (data-action on each button). */
type RowAction = 'open' | 'delete';

/** One page of runs: what was measured, what the estimator says today, and how far apart they are. */
export function RunsTable({ runs, cardName, modelName, sort, onSort, onOpen, onDelete }: RunsTableProps) {
  const { t } = useTranslation();
  const text = useMessageText();
  const labels = useMemo(() => tableLabels(t, text), [t, text]);
  // The rows a window can show are drawn first, the rest of the page's fifty in a render of their own after the first
  // paint (React's deferred value: 0 when the table mounts, then the old count until the new one is rendered). A page
  // opening at 1,000,000 runs spent most of its time laying out and painting the rows below the window (issue 16).
  // A new page of as many rows as the last updates every row at once.
  const deferredCount = useDeferredValue(runs.length, 0);
  const shown = Math.max(deferredCount, Math.min(runs.length, rowsAWindowShows()));
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
  // One listener for every row's buttons, so a row's props stay equal across the page's renders and
  // the memoised rows are not drawn again while the next page is on its way (issue 16).
  const onRowClick = (event: MouseEvent<HTMLTableSectionElement>) => {
    const button = (event.target as Element).closest<HTMLElement>('button[data-action]');
    const row = button?.closest<HTMLElement>('tr[data-run-id]');
    const run = row ? runs.find((r) => String(r.id) === row.dataset.runId) : undefined;
    if (!button || !run) return;
    if ((button.dataset.action as RowAction) === 'open') onOpen(run);
    else {
      // Rows are kept by position (below): without this the focus would stay on the same button, now the
      // next run's Delete. It goes back to the page, as when a row was removed with its button.
      button.blur();
      onDelete(run);
    }
  };
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
        <tbody onClick={onRowClick}>
          {/* Keyed by position: a new page, sort or filter updates the rows in place instead of removing
              them all and building every row's DOM again. A row keeps no state of its own. */}
          {runs.slice(0, shown).map((run, index) => (
            <RunRow
              key={index}
              run={run}
              cardLabel={cardName(run.card)}
              modelText={modelShown(run, modelName, t)}
              flag={run.flag ?? null}
              labels={labels}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface RunRowProps {
  run: ListedRun;
  cardLabel: string;
  modelText: string;
  flag: Message | null;
  labels: TableLabels;
}

/** One run's row; memoised, so a render of the page with the same runs leaves it as it is. */
const RunRow = memo(function RunRow({ run, cardLabel, modelText, flag: flagged, labels }: RunRowProps) {
  const { t, text } = labels;
  // A serving run's memory is the engine's preallocated budget and its speed a whole batch's: the
  // one-sequence estimate does not predict them (serving runs calibrate the Serve page instead).
  const serving = run.engine !== undefined;
  const predictedGiB = serving ? null : predictedGiBFor(run);
  const memoryError = serving ? null : memoryErrorOf(run);
  const predictedSpeed = serving ? null : (run.predicted?.tokensPerSecond ?? null);
  const speedError = errorFraction(predictedSpeed, run.tokensPerSecond);
  const flag = flagged ? text(flagged) : null;
  const published = run.origin === 'published';
  const description = `#${run.id} ${modelText} ${cardLabel}`;
  const url = run.citation ? citationUrl(run.citation) : null;
  return (
    <tr data-origin={published ? undefined : 'user'} data-run-id={run.id}>
      <td className="nowrap">
        {flag ? (
          <span className="run-flag" role="img" aria-label={t('runs.table.flagged', { reason: flag })} title={flag}>
            ⚑
          </span>
        ) : null}
        {shortDate(run.startedAt)}
      </td>
      <th scope="row">{cardLabel}</th>
      <td className="num">{run.gpus}</td>
      <td className="run-model" title={modelText}>
        {modelText}
      </td>
      <td className="nowrap run-method">
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
      {/* As the speed beside it: what was measured, how far the estimate is, then the estimate (of the part of the
          memory the run's meter reads: predictedGiBFor) and the meter. */}
      <td className="num">
        {run.peakMemoryGiB === null ? '—' : formatNumber(run.peakMemoryGiB, 1)}{' '}
        <ErrorBadge fraction={memoryError} title={labels.errorTitle} />
        {predictedGiB !== null || run.memoryMeter ? (
          <span className="cell-sub">
            {[
              predictedGiB === null ? null : t('runs.table.predicted', { value: formatNumber(predictedGiB, 1) }),
              run.memoryMeter ? labels.meterShort[run.memoryMeter] : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
        ) : null}
      </td>
      <td className="num">
        {run.tokensPerSecond === undefined ? '—' : formatNumber(run.tokensPerSecond)}{' '}
        <ErrorBadge fraction={speedError} title={labels.errorTitle} />
        {predictedSpeed !== null ? (
          <span className="cell-sub">{t('runs.table.predicted', { value: formatNumber(predictedSpeed) })}</span>
        ) : null}
        {/* An inference run's rate is its generation unless it says otherwise: a prompt's rate is far higher. */}
        {run.throughputKind === 'prefill' ? <span className="cell-sub">{labels.prefill}</span> : null}
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
              {labels.published}
              <span className="cell-sub">{shortenSource(url, 22)}</span>
            </a>
          ) : (
            <span title={run.citation ?? undefined}>{labels.published}</span>
          )
        ) : (
          labels.mine
        )}
      </td>
      <td className="run-notes" title={run.notes}>
        {notesShown(run.notes)}
      </td>
      <td className="nowrap">
        <button
          type="button"
          className="button-quiet"
          data-action={'open' satisfies RowAction}
          aria-label={t(published ? 'runs.table.viewLabel' : 'runs.table.editLabel', { run: description })}
        >
          {published ? labels.view : labels.edit}
        </button>
        {published ? null : (
          <button
            type="button"
            className="button-quiet"
            data-action={'delete' satisfies RowAction}
            aria-label={t('runs.table.deleteLabel', { run: description })}
          >
            {labels.delete}
          </button>
        )}
      </td>
    </tr>
  );
});

/**
 * Characters of a run's notes the cell holds: more than its 220 px show (it ends in an ellipsis, the whole notes in
 * its title). A published run's notes run to 1,500 characters; laid out whole, fifty of them were about half of the
 * table's layout in a Chromium trace of a 50-row filter.
 */
const NOTES_SHOWN_CHARS = 100;

function notesShown(notes: string | undefined): string {
  if (notes === undefined || notes.length <= NOTES_SHOWN_CHARS) return notes ?? '';
  // Not between the two halves of a character outside the BMP (an emoji).
  const end = /[\uD800-\uDBFF]/.test(notes[NOTES_SHOWN_CHARS - 1]!) ? NOTES_SHOWN_CHARS - 1 : NOTES_SHOWN_CHARS;
  return `${notes.slice(0, end)}…`;
}

/** A run's precision, batch and sequence as the estimator reads its config (a value it leaves out is the default). */
function shapeOf(config: EstimateInput) {
  const { precision, batchSize, seqLen } = fillDefaults(config);
  return { precision, batch: batchSize, seq: formatNumber(seqLen) };
}
