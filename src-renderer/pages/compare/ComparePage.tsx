import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelPreset } from '../../../src-main/domain/catalog';
import { useApp } from '../../lib/app-context';
import { useCatalog } from '../../lib/catalog';
import { useLive } from '../../lib/queries';
import { optionLabel } from '../../../src-main/domain/fields/resolve';
import { formatParams } from '../../lib/format';
import { useSessionStore } from '../../lib/session-store';
import { useUrlState } from '../../lib/url-state';
import { PAGE_LINKS } from '../shared/page-links';
import { LinkNotice } from '../shared/LinkNotice';
import { CopyCli } from '../shared/CopyCli';
import { rankCommand } from '../../lib/cli-command';
import { encodeRankCsv } from '../../../src-main/domain/cost/rank-csv';
import { downloadText } from '../runs/download';
import { pageHref } from '../../lib/use-hash-route';
import { CUSTOM_SIZE, toEstimateInput, type EstimateForm } from '../estimate/estimate-form';
import { estimateFormStore } from '../estimate/estimate-store';
import { rowsByOffer } from '../../../src-main/domain/cost/rank-answer';
import { chartPoints, groupExcluded } from './chart-points';
import { compareFormStore, toRankInput, type CompareForm } from './compare-form';
import { CostTimeChart } from './CostTimeChart';
import { RankTable } from './RankTable';
import { WorkloadFields } from './WorkloadFields';
import { SetupFields } from '../shared/SetupFields';
import { msg } from '../../../src-main/domain/messages';
import { messageKey, useMessageText } from '../../lib/messages';
import './compare.css';
import { AssumptionsPanel } from '../../components/AssumptionsPanel';

/** "Llama 3.1 8B · LoRA · bf16 · batch 1 · 2048 tokens": the Estimate set-up in one line. */
function useEstimateSummary(form: EstimateForm, models: readonly ModelPreset[]): string {
  const { t } = useTranslation();
  const text = useMessageText();
  const preset = models.find((m) => m.id === form.model);
  const model =
    form.model === CUSTOM_SIZE
      ? form.size.trim()
      : preset
        ? `${preset.name} (${formatParams(preset.params)})`
        : form.model;
  return t('compare.summary', {
    model,
    method: text(optionLabel('method', form.method)),
    precision: text(optionLabel('precision', form.precision)),
    batch: form.batchSize,
    seq: form.seqLen,
  });
}

/** "Which card?": every card, GPU count and offer that fits, ranked, charted and explained. */
export function ComparePage() {
  const { t } = useTranslation();
  const text = useMessageText();
  const { settings, reportError, setPageState } = useApp();
  // The address holds the page's forms: a reload or a pasted link restores them.
  const rejected = useUrlState('compare', PAGE_LINKS.compare);
  const [estimateForm] = useSessionStore(estimateFormStore);
  const [form, setForm] = useSessionStore(compareFormStore);
  const catalog = useCatalog();
  const { cards, models, loaded } = catalog;
  const offers = useMemo(() => new Map(catalog.offers.map((offer) => [offer.id, offer])), [catalog.offers]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [openOffers, setOpenOffers] = useState<ReadonlySet<string>>(new Set());

  const estimateInput = useMemo(() => toEstimateInput(estimateForm), [estimateForm]);
  const prepared = useMemo(() => toRankInput(estimateInput, form), [estimateInput, form]);
  const rank = useLive('rank:compute', prepared.input ?? null);
  const summary = useEstimateSummary(estimateForm, models);

  useEffect(() => setPageState(loaded && rank.settled ? 'ready' : 'loading'), [loaded, rank.settled, setPageState]);
  const backendProblem = rank.error?.code === 'bad-input' ? rank.error : undefined;
  useEffect(() => {
    if (rank.error && rank.error.code !== 'bad-input') reportError(rank.error);
  }, [rank.error, reportError]);

  const problem = prepared.problem;
  const problemText = (field: keyof CompareForm) => {
    if (problem?.field !== field) return undefined;
    if (problem.reason === 'count') return t('compare.tokensInvalid');
    if (problem.reason === 'gpu-counts') return t('compare.gpuCountsRequired');
    if (problem.reason === 'range') return text(problem.message);
    return undefined;
  };

  const output = rank.data;
  const { points, perJob } = useMemo(() => chartPoints(output?.candidates ?? []), [output]);
  const groups = useMemo(() => rowsByOffer(output?.candidates ?? []), [output]);
  const cardName = (id: string) => cards.find((c) => c.id === id)?.name ?? id;
  const flip = (id: string) => (open: ReadonlySet<string>) => {
    const next = new Set(open);
    if (!next.delete(id)) next.add(id);
    return next;
  };
  const toggle = (id: string) => {
    setExpanded(flip(id));
    // A row opened from the chart may be one of an offer's other GPU counts: show them.
    const group = groups.find((g) => g.others.some((c) => `${c.offerId}:${c.gpus}` === id));
    if (group && !openOffers.has(group.best.offerId)) setOpenOffers(flip(group.best.offerId));
  };
  const displayCurrency = output && output.currency !== 'mixed' ? output.currency : form.currency;

  return (
    <div className="compare">
      <LinkNotice rejected={rejected} />
      <p className="setup-summary">
        <span className="muted">{t('compare.summaryLabel')}</span> <strong>{summary}</strong>{' '}
        <a href={pageHref('estimate')}>{t('compare.changeOnEstimate')}</a>
      </p>
      <SetupFields idPrefix="cmp-setup" />
      <WorkloadFields
        form={form}
        onChange={(key, value) => setForm((f) => ({ ...f, [key]: value }))}
        errorFor={problemText}
      />
      <div
        className="results compare-results"
        data-state={rank.settled ? 'ready' : 'computing'}
        aria-busy={!rank.settled}
      >
        {problem?.field === 'estimate' ? (
          <p className="inline-alert" role="alert">
            {t('compare.estimateInvalid')} <a href={pageHref('estimate')}>{t('compare.changeOnEstimate')}</a>
          </p>
        ) : null}
        {backendProblem ? (
          <p className="inline-alert" role="alert">
            {backendProblem.field
              ? text(msg('validation.withField', { field: backendProblem.field, problem: backendProblem.detail }))
              : text(backendProblem.detail)}
          </p>
        ) : null}
        {output ? (
          <div className={rank.stale ? 'stale' : undefined}>
            {output.answer ? (
              <section className="panel rank-answer" aria-labelledby="cmp-answer-title" data-testid="rank-answer">
                <h2 id="cmp-answer-title" className="visually-hidden">
                  {t('compare.answerTitle')}
                </h2>
                {output.answer.lines.map((line, index) => (
                  <p key={messageKey(line)} className={index === 0 ? 'answer-main' : 'answer-also'}>
                    {index === 0 ? <strong>{text(line)}</strong> : text(line)}
                  </p>
                ))}
              </section>
            ) : null}
            {output.candidates.length > 0 ? (
              <>
                <section className="panel" aria-labelledby="cmp-chart-title">
                  <h2 id="cmp-chart-title">{perJob ? t('compare.chartTitleJob') : t('compare.chartTitleUnit')}</h2>
                  <p className="muted small">{t('compare.chartNote')}</p>
                  <CostTimeChart
                    points={points}
                    perJob={perJob}
                    currency={displayCurrency}
                    onSelect={toggle}
                    selectedId={[...expanded].at(-1)}
                  />
                </section>
                <section className="panel" aria-labelledby="cmp-table-title">
                  <div className="panel-head">
                    <h2 id="cmp-table-title">{t('compare.tableTitle', { count: output.candidates.length })}</h2>
                    <button
                      type="button"
                      title={t('setup.csvNote')}
                      onClick={() =>
                        downloadText('cardwise-ranking.csv', encodeRankCsv(output.candidates), 'text/csv;charset=utf-8')
                      }
                    >
                      {t('setup.csvExport')}
                    </button>
                  </div>
                  <p className="muted small">{t('compare.tableNote')}</p>
                  <RankTable
                    groups={groups}
                    openOffers={openOffers}
                    onToggleOffer={(offerId) => setOpenOffers(flip(offerId))}
                    offers={offers}
                    cards={cards}
                    headroomFraction={settings.headroomFraction}
                    method={estimateForm.method}
                    sort={form.sort}
                    expanded={expanded}
                    onToggle={toggle}
                  />
                </section>
              </>
            ) : (
              <p className="panel muted">{t('compare.noCandidates')}</p>
            )}
            {prepared.input ? <CopyCli command={rankCommand(prepared.input)} idPrefix="cmp" /> : null}
            {output.excluded.length > 0 ? (
              <section className="panel excluded" aria-labelledby="cmp-excluded-title">
                <details open={output.candidates.length === 0}>
                  <summary id="cmp-excluded-title">
                    {t('compare.excludedTitle', { count: output.excluded.length })}
                  </summary>
                  <ul className="excluded-list">
                    {groupExcluded(output.excluded).map((group) => (
                      <li key={`${group.card}:${messageKey(group.reason)}`} data-card={group.card}>
                        <strong>
                          {cardName(group.card)} {group.gpus.map((n) => `×${n}`).join(', ')}
                        </strong>
                        <span className="muted"> — {text(group.reason)}</span>
                      </li>
                    ))}
                  </ul>
                </details>
              </section>
            ) : null}
            <AssumptionsPanel
              id="cmp-assumptions-title"
              title={t('compare.assumptionsTitle')}
              lines={output.assumptions}
            />
          </div>
        ) : problem ? null : (
          <p className="muted">{t('compare.computing')}</p>
        )}
      </div>
    </div>
  );
}
