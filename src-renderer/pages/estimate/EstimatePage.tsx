import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { msg } from '../../../src-main/domain/messages';
import { useApp } from '../../lib/app-context';
import { useCatalog } from '../../lib/catalog';
import { useMessageText } from '../../lib/messages';
import { useSessionStore } from '../../lib/session-store';
import { useUrlState } from '../../lib/url-state';
import { PAGE_LINKS } from '../shared/page-links';
import { LinkNotice } from '../shared/LinkNotice';
import { CopyCli } from '../shared/CopyCli';
import { estimateCommand } from '../../lib/cli-command';
import { CUSTOM_SIZE, estimateFieldLabel, shownFields, toEstimateInput, updateForm } from './estimate-form';
import { EstimateFields, type FieldsProps } from './EstimateFields';
import { EstimateResults } from './EstimateResults';
import type { FitChange } from '../../../src-main/domain/estimate/fit-changes';
import { applyFitChange } from './fit-advice';
import { FitAdvicePanel } from './FitAdvicePanel';
import { estimateFormStore } from './estimate-store';
import { QuickPicks, type LastPick } from './QuickPicks';
import { RecipeFileInput } from './RecipeFileInput';
import { applyRecipe } from './recipe-file';
import type { RecipeFile } from '../../../src-main/domain/recipe-files';
import { applyQuickPick, pickedFields, type QuickPick } from './quick-picks';
import { prefetchEstimate, useEstimate } from './use-estimate';

/** "Will it fit?": the form on the left, the answer on the right, updated as you type. */
export function EstimatePage() {
  const { t } = useTranslation();
  const text = useMessageText();
  const { settings, reportError, setPageState } = useApp();
  // The address holds the page's forms: a reload or a pasted link restores them.
  const rejected = useUrlState('estimate', PAGE_LINKS.estimate);
  const { cards, models, loaded, failed } = useCatalog();
  // Shared with Compare and kept across reloads (see estimate-store.ts).
  const [form, setForm] = useSessionStore(estimateFormStore);
  // What the last quick question set, said until the form is changed by hand.
  const [lastPick, setLastPick] = useState<LastPick | null>(null);
  // Stable (they read the form from its store), so a keystroke re-renders neither the quick questions
  // nor the fields it did not change.
  const pickQuestion = useCallback(
    (pick: QuickPick) => {
      const next = applyQuickPick(pick, models);
      setLastPick({ pick, fields: pickedFields(pick, estimateFormStore.get(), next, models) });
      setForm(next);
    },
    [models, setForm],
  );
  const changeField = useCallback<FieldsProps['onChange']>(
    (key, value) => {
      const next = updateForm(estimateFormStore.get(), key, value);
      prefetchEstimate(toEstimateInput(next));
      setLastPick(null);
      setForm(next);
    },
    [setForm],
  );

  // The default preset may be missing from a user's catalog: fall back to the first one.
  useEffect(() => {
    if (!loaded || failed) return;
    setForm((f) =>
      f.model === CUSTOM_SIZE || models.some((m) => m.id === f.model)
        ? f
        : { ...f, model: models[0]?.id ?? CUSTOM_SIZE },
    );
  }, [loaded, failed, models, setForm]);

  const input = useMemo(() => toEstimateInput(form), [form]);
  const estimate = useEstimate(input);
  const ready = loaded && estimate.settled;
  useEffect(() => setPageState(!ready ? 'loading' : failed ? 'error' : 'ready'), [ready, failed, setPageState]);
  useEffect(() => {
    if (estimate.failure) reportError(estimate.failure);
  }, [estimate.failure, reportError]);

  // "What would make it fit?": on the card picked in the answer, else on the form's card when it does not fit.
  const [pickedCard, setPickedCard] = useState<string | null>(null);
  const formCardFits = estimate.output?.fits.find((fit) => fit.card === form.gpu)?.fits;
  const adviceCard = cards.find((card) => card.id === (pickedCard ?? (formCardFits === false ? form.gpu : null)));
  // Stable, so the memoised results do not re-render on a keystroke that only marks them stale.
  const askFit = useCallback((card: string) => {
    setPickedCard(card);
    window.requestAnimationFrame(() =>
      document.getElementById('fit-advice-title')?.scrollIntoView({ block: 'start', behavior: 'smooth' }),
    );
  }, []);

  // Stable too, so the memoised advice panel does not re-render when the estimate's answer comes in.
  const applyAdvice = useCallback(
    (change: FitChange) => setForm((f) => applyFitChange(f, change.input, models)),
    [setForm, models],
  );
  const closeAdvice = useCallback(() => setPickedCard(null), []);
  const takeRecipe = useCallback(
    (recipe: RecipeFile, preset: string | null) => {
      setLastPick(null);
      setForm((f) => applyRecipe(f, recipe, preset, models));
    },
    [setForm, models],
  );

  const problem = estimate.problem;
  const placed = problem && shownFields(form).has(problem.field);
  const problemText = problem ? text(problem.message) : undefined;
  const errorFor = (field: string) => (problem && placed && problem.field === field ? problemText : undefined);
  // A problem with no field of its own on screen names the field by its label (a field without one: the problem alone,
  // never the contract's id).
  const label = problem ? estimateFieldLabel(problem.field) : undefined;
  const bannerText = problem
    ? label
      ? text(msg('validation.withField', { field: text(msg(label)), problem: problem.message }))
      : problemText
    : undefined;

  return (
    <div className="estimate">
      <LinkNotice rejected={rejected} />
      <QuickPicks onPick={pickQuestion} last={lastPick} />
      <RecipeFileInput presets={models} onRecipe={takeRecipe} />
      <div className="estimate-columns">
        <EstimateFields form={form} models={models} cards={cards} errorFor={errorFor} onChange={changeField} />
        <div className="results" data-state={estimate.settled ? 'ready' : 'computing'} aria-busy={!estimate.settled}>
          {problem && !placed ? (
            <p className="inline-alert" role="alert">
              {bannerText}
            </p>
          ) : null}
          {estimate.output ? (
            <div className={estimate.stale ? 'stale' : undefined}>
              <EstimateResults
                output={estimate.output}
                cards={cards}
                headroomFraction={settings.headroomFraction}
                onAskFit={askFit}
                sweep={estimate.sweep}
                sweepStale={estimate.sweepStale}
                sweepSettled={estimate.sweepSettled}
                advice={
                  adviceCard ? (
                    <FitAdvicePanel
                      input={problem ? null : input}
                      card={adviceCard}
                      hold={!estimate.shown}
                      onApply={applyAdvice}
                      onClose={pickedCard ? closeAdvice : undefined}
                    />
                  ) : null
                }
              />
              <CopyCli command={estimateCommand(input)} idPrefix="est" />
            </div>
          ) : (
            <p className="muted">{problem ? t('estimate.fixInput') : t('estimate.computing')}</p>
          )}
        </div>
      </div>
    </div>
  );
}
