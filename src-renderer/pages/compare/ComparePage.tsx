import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelPreset } from '../../../src-main/domain/catalog';
import { useApp } from '../../lib/app-context';
import { useCatalog } from '../../lib/catalog';
import { prefetchChannel, useLive } from '../../lib/queries';
import { optionLabel } from '../../../src-main/domain/fields/resolve';
import { formatParams } from '../../lib/format';
import { useSessionStore } from '../../lib/session-store';
import { useUrlState } from '../../lib/url-state';
import { PAGE_LINKS } from '../shared/page-links';
import { LinkNotice } from '../shared/LinkNotice';
import { rankCommand } from '../../lib/cli-command';
import { pageHref } from '../../lib/use-hash-route';
import { CUSTOM_SIZE, toEstimateInput, type EstimateForm } from '../estimate/estimate-form';
import { estimateFormStore } from '../estimate/estimate-store';
import { compareFormStore, toRankInput, type CompareForm } from './compare-form';
import { CompareResults } from './CompareResults';
import { WorkloadFields } from './WorkloadFields';
import { SetupFields } from '../shared/SetupFields';
import { SetupProblem } from '../shared/SetupProblem';
import { useMessageText } from '../../lib/messages';
import './compare.css';

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
  const displayCurrency = output && output.currency !== 'mixed' ? output.currency : form.currency;

  return (
    <div className="compare">
      <LinkNotice rejected={rejected} />
      <p className="setup-summary">
        <span className="muted">{t('compare.summaryLabel')}</span> <strong>{summary}</strong>{' '}
        <a href={pageHref('estimate')}>{t('setup.changeOnEstimate')}</a>
      </p>
      <SetupFields idPrefix="cmp-setup" />
      <WorkloadFields
        form={form}
        onChange={(key, value) => {
          const next = { ...compareFormStore.get(), [key]: value };
          // Asked before the page renders its stale state, so the answer is on its way meanwhile.
          const nextInput = toRankInput(estimateInput, next).input;
          if (nextInput) prefetchChannel('rank:compute', nextInput);
          setForm(next);
        }}
        errorFor={problemText}
      />
      <div
        className="results compare-results"
        data-state={rank.settled ? 'ready' : 'computing'}
        aria-busy={!rank.settled}
      >
        {problem?.field === 'estimate' ? (
          <p className="inline-alert" role="alert">
            {t('compare.estimateInvalid')} <a href={pageHref('estimate')}>{t('setup.changeOnEstimate')}</a>
          </p>
        ) : null}
        <SetupProblem error={backendProblem} />
        {output ? (
          <div className={rank.stale ? 'stale' : undefined}>
            <CompareResults
              output={output}
              expanded={expanded}
              setExpanded={setExpanded}
              openOffers={openOffers}
              setOpenOffers={setOpenOffers}
              offers={offers}
              cards={cards}
              headroomFraction={settings.headroomFraction}
              method={estimateForm.method}
              sort={form.sort}
              currency={displayCurrency}
              cliCommand={prepared.input ? rankCommand(prepared.input) : null}
            />
          </div>
        ) : problem || backendProblem ? null : (
          <p className="muted">{t('compare.computing')}</p>
        )}
      </div>
    </div>
  );
}
