import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchUsesIndex, type Run, type RunSortKey } from '../../../src-main/domain/runs';
import { Toast } from '../../components/Toast';
import { useApp } from '../../lib/app-context';
import { useCatalog } from '../../lib/catalog';
import { prefetchChannel, send, useLive } from '../../lib/queries';
import { usePainted } from '../../lib/use-painted';
import { estimateFormStore } from '../estimate/estimate-store';
import { AccuracySummary } from './AccuracySummary';
import { ImportExport } from './ImportExport';
import { LedgerSection } from './LedgerSection';
import { Pager } from './Pager';
import { blankDraft, draftFromRun, runInputOf, type RunDraft } from './run-draft';
import { RunFiltersBar } from './RunFiltersBar';
import { RunForm, type RunFormMode } from './RunForm';
import {
  afterDeleting,
  DEFAULT_SORT,
  FIRST_PAGE,
  listInput,
  movePage,
  NO_FILTERS,
  nextSort,
  type PagePosition,
  type RunFilters,
  type SortState,
} from './runs-query';
import { RunsTable, type ListedRun } from './RunsTable';
import './runs.css';

/**
 * How long a typed search waits before asking the store: text the store finds in its index is asked soon (a
 * fast answer, even at a million runs); shorter text, which the store searches in every run, only once typing
 * pauses, so a word being typed does not queue slow scans ahead of its own search.
 */
const searchDelayMs = (text: string) => (searchUsesIndex(text) || text === '' ? 100 : 250);

interface ToastState {
  /** A new toast restarts the timer even when its text is the same. */
  id: number;
  /** The message's i18n key: translated when shown, so it follows a language switch. */
  message: string;
  /** The run just deleted, for Undo. */
  deleted?: Run;
}

/** "What did it really use?": the run log, paged and sorted in the store, with the money it cost. */
export function RunsPage() {
  const { t } = useTranslation();
  const { reportError, setPageState, settings } = useApp();
  const { cards, models } = useCatalog();
  const [filters, setFilters] = useState<RunFilters>(NO_FILTERS);
  const [searchText, setSearchText] = useState('');
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [position, setPosition] = useState<PagePosition>(FIRST_PAGE);
  const [form, setForm] = useState<{ mode: RunFormMode; initial: RunDraft; key: number } | null>(null);
  const [toast, setToast] = useState<ToastState | null>(null);
  const formRef = useRef<HTMLDivElement>(null);

  // The text box updates at once; the list asks only when typing pauses.
  useEffect(() => {
    const timer = window.setTimeout(() => setSearchText(filters.text), searchDelayMs(filters.text));
    return () => window.clearTimeout(timer);
  }, [filters.text]);

  const request = useMemo(
    () => listInput({ ...filters, text: searchText }, sort, position),
    [filters, searchText, sort, position],
  );
  const list = useLive('runs:list', request);
  const total = list.data?.total ?? 0;
  // What the page asks after its table (the ledger, the accuracy summary) waits for the table's first paint, or its
  // failure's: they are asked then either way.
  const tableShown = usePainted(list.data || list.error ? 'table' : null) === 'table';
  const loading = !list.settled || searchText !== filters.text;

  useEffect(() => {
    if (list.error) reportError(list.error);
  }, [list.error, reportError]);
  useEffect(() => {
    if (list.data) setPageState('ready');
    else if (list.error) setPageState('error');
  }, [list.data, list.error, setPageState]);

  const cardName = useCallback((id: string) => cards.find((c) => c.id === id)?.name ?? id, [cards]);
  const modelName = useCallback((id: string) => models.find((m) => m.id === id)?.name, [models]);
  // The table's runs come with their cards' names, those of the cards nobody rents included (reference-cards.ts).
  const pageNames = list.data?.cardNames;
  const pageCardName = useCallback((id: string) => pageNames?.[id] ?? cardName(id), [pageNames, cardName]);
  // The page an input leads to is asked before the page renders its stale state, so the answer is on
  // its way meanwhile (the search text only once typing pauses, as the list itself asks it).
  const askAhead = (next: { filters?: RunFilters; sort?: SortState; position: PagePosition }) =>
    prefetchChannel(
      'runs:list',
      listInput({ ...(next.filters ?? filters), text: searchText }, next.sort ?? sort, next.position),
    );
  const changeFilters = (next: RunFilters) => {
    askAhead({ filters: next, position: FIRST_PAGE });
    setFilters(next);
    setPosition(FIRST_PAGE);
  };
  const openForm = (mode: RunFormMode, initial: RunDraft) => {
    setForm({ mode, initial, key: Date.now() });
    window.requestAnimationFrame(() => formRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' }));
  };
  const openRun = (run: ListedRun) =>
    openForm(run.origin === 'published' ? { kind: 'view', run } : { kind: 'edit', run }, draftFromRun(run, models));

  const closeToast = useCallback(() => setToast(null), []);
  const deleteRun = (run: ListedRun) => {
    send('runs:delete', { id: run.id })
      .then((deleted) => {
        setToast({ id: Date.now(), message: 'runs.toast.deleted', deleted });
        if (form && 'run' in form.mode && form.mode.run.id === run.id) setForm(null);
        // Deleting the last row of the last page goes back a page.
        setPosition((current) => afterDeleting(current, total - 1));
      })
      .catch(reportError);
  };
  const undo = (deleted: Run) => {
    setToast(null);
    send('runs:add', runInputOf(deleted))
      .then(() => setToast({ id: Date.now(), message: 'runs.toast.restored' }))
      .catch(reportError);
  };

  return (
    <div className="runs">
      <section className="panel" aria-labelledby="runs-log-title">
        <div className="runs-head">
          <h2 id="runs-log-title">{t('runs.logTitle')}</h2>
          <div className="runs-actions">
            <button
              type="button"
              className="button-primary"
              onClick={() => openForm({ kind: 'add' }, blankDraft(cards, settings.currency))}
            >
              {t('runs.logRun')}
            </button>
            <button
              type="button"
              onClick={() => openForm({ kind: 'add' }, blankDraft(cards, settings.currency, estimateFormStore.get()))}
              title={t('runs.fromEstimateHint')}
            >
              {t('runs.fromEstimate')}
            </button>
          </div>
        </div>
        <ImportExport />
      </section>

      <div ref={formRef}>
        {form ? (
          <RunForm
            key={form.key}
            mode={form.mode}
            initial={form.initial}
            cards={cards}
            models={models}
            onClose={() => setForm(null)}
            onSaved={(_run, kind) => {
              setForm(null);
              setToast({ id: Date.now(), message: kind === 'added' ? 'runs.toast.added' : 'runs.toast.updated' });
            }}
          />
        ) : null}
      </div>

      <section className="panel" aria-labelledby="runs-table-title">
        <h2 id="runs-table-title" className="visually-hidden">
          {t('runs.table.caption')}
        </h2>
        <RunFiltersBar filters={filters} cards={cards} otherCards={list.data?.otherCards} onChange={changeFilters} />
        <div
          className="runs-results"
          data-state={loading ? 'loading' : list.error ? 'error' : 'ready'}
          aria-busy={loading}
        >
          {list.data ? (
            <>
              <Pager
                page={position.page}
                total={total}
                onMove={(move) => {
                  const next = movePage(move, position, list.data?.runs ?? [], sort, total);
                  askAhead({ position: next });
                  setPosition(next);
                }}
              />
              {list.data.runs.length === 0 ? (
                <p className="muted">{t('runs.empty')}</p>
              ) : (
                <div className={list.stale ? 'stale' : undefined}>
                  <RunsTable
                    runs={list.data.runs}
                    cardName={pageCardName}
                    modelName={modelName}
                    sort={sort}
                    onSort={(key: RunSortKey) => {
                      askAhead({ sort: nextSort(sort, key), position: FIRST_PAGE });
                      setSort((current) => nextSort(current, key));
                      setPosition(FIRST_PAGE);
                    }}
                    onOpen={openRun}
                    onDelete={deleteRun}
                  />
                </div>
              )}
            </>
          ) : (
            <p className="muted">{t('runs.loading')}</p>
          )}
        </div>
      </section>

      <div className="runs-bottom">
        <LedgerSection cardName={cardName} tableShown={tableShown} />
        <AccuracySummary tableShown={tableShown} />
      </div>

      {toast ? (
        <Toast
          key={toast.id}
          message={t(toast.message)}
          closeLabel={t('runs.toast.close')}
          onClose={closeToast}
          action={toast.deleted ? { label: t('runs.toast.undo'), onClick: () => undo(toast.deleted!) } : undefined}
        />
      ) : null}
    </div>
  );
}
