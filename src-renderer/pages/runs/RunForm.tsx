import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Card, ModelPreset } from '../../../src-main/domain/catalog';
import { methodSchema, precisionSchema, quantSchema } from '../../../src-main/domain/estimate/input';
import { memoryMeterSchema, runCurrencySchema, runOutcomeSchema, type Run } from '../../../src-main/domain/runs';
import { CheckboxField } from '../../components/CheckboxField';
import { FieldError } from '../../components/FieldError';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { ApiError, call } from '../../lib/api';
import { formatParams } from '../../lib/format';
import { options } from '../../lib/options';
import { isQuantized, isTraining, updateForm, usesLora, type EstimateForm } from '../estimate/estimate-form';
import { ModelField } from '../estimate/ModelField';
import { citationUrl } from './citation';
import { checkDraft, draftToInput, formFieldOf, patchFor, type Problem, type RunDraft } from './run-draft';

/** What the form is for: a new run, one of the user's runs, or a published run (read-only). */
export type RunFormMode = { kind: 'add' } | { kind: 'edit'; run: Run } | { kind: 'view'; run: Run };

interface RunFormProps {
  mode: RunFormMode;
  initial: RunDraft;
  cards: readonly Card[];
  models: readonly ModelPreset[];
  onSaved: (run: Run, kind: 'added' | 'updated') => void;
  onClose: () => void;
}

/** Every field of a run with a visible label; a rejected field shows its message beside it. */
export function RunForm({ mode, initial, cards, models, onSaved, onClose }: RunFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<RunDraft>(initial);
  const [problems, setProblems] = useState<Record<string, Problem>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const readOnly = mode.kind === 'view';
  const baseline = useMemo(() => draftToInput(initial), [initial]);

  const set = <K extends keyof RunDraft>(key: K, value: RunDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setConfig = <K extends keyof EstimateForm>(key: K, value: EstimateForm[K]) =>
    setDraft((d) => ({ ...d, estimate: updateForm(d.estimate, key, value) }));
  const say = (problem: Problem | undefined) =>
    problem === undefined ? undefined : 'text' in problem ? problem.text : t(problem.key, problem.values);
  const errorFor = (field: string) => say(problems[field]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (readOnly) return;
    const input = draftToInput(draft);
    const found = checkDraft(input);
    setProblems(found);
    setGeneral(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      if (mode.kind === 'edit') {
        onSaved(await call('runs:update', { id: mode.run.id, patch: patchFor(baseline, input) }), 'updated');
      } else {
        onSaved(await call('runs:add', input), 'added');
      }
    } catch (error) {
      const field = error instanceof ApiError && error.field ? formFieldOf(error.field) : null;
      const message = error instanceof Error ? error.message : String(error);
      if (field && FORM_FIELDS.has(field)) setProblems({ [field]: { text: message } });
      else setGeneral(message);
    } finally {
      setSaving(false);
    }
  }

  const form = draft.estimate;
  const title =
    mode.kind === 'add'
      ? t('runs.form.addTitle')
      : mode.kind === 'edit'
        ? t('runs.form.editTitle', { id: mode.run.id })
        : t('runs.form.viewTitle', { id: mode.run.id });
  const url = mode.kind === 'view' && mode.run.citation ? citationUrl(mode.run.citation) : null;

  return (
    <form className="panel run-form" onSubmit={submit} aria-labelledby="run-form-title" noValidate>
      <h2 id="run-form-title">{title}</h2>
      {mode.kind === 'view' ? (
        <p className="note">
          {t('runs.form.readOnly')}{' '}
          {url ? (
            <a href={url} target="_blank" rel="noopener noreferrer">
              {mode.run.citation}
            </a>
          ) : (
            mode.run.citation
          )}
        </p>
      ) : null}
      <fieldset disabled={readOnly || saving} className="run-form-body">
        <div className="run-form-grid">
          <fieldset>
            <legend>{t('runs.form.groupWhere')}</legend>
            <SelectField
              id="run-card"
              label={t('runs.form.card')}
              value={draft.card}
              onChange={(v) => set('card', v)}
              options={[
                ...cards.map((c) => ({ value: c.id, label: c.name })),
                ...(cards.some((c) => c.id === draft.card) ? [] : [{ value: draft.card, label: draft.card }]),
              ]}
              error={errorFor('card')}
            />
            <TextField
              id="run-gpus"
              type="number"
              min={1}
              step={1}
              label={t('runs.form.gpus')}
              value={form.gpus}
              onChange={(v) => setConfig('gpus', v)}
              error={errorFor('gpus')}
            />
            <TextField
              id="run-provider"
              label={t('runs.form.provider')}
              value={draft.provider}
              onChange={(v) => set('provider', v)}
              placeholder="AutoDL"
              error={errorFor('provider')}
            />
            <div className="field">
              <label htmlFor="run-started">{t('runs.form.startedAt')}</label>
              <input
                id="run-started"
                type="datetime-local"
                value={draft.startedAt}
                aria-invalid={errorFor('startedAt') ? true : undefined}
                aria-describedby={errorFor('startedAt') ? 'run-started-error' : undefined}
                onChange={(event) => set('startedAt', event.target.value)}
              />
              <FieldError id="run-started-error" message={errorFor('startedAt')} />
            </div>
          </fieldset>
          <fieldset>
            <legend>{t('runs.form.groupConfig')}</legend>
            {draft.shape ? (
              <div className="field">
                <span className="field-label">{t('estimate.model')}</span>
                <p className="shape-note">
                  {t('runs.form.shape', { params: formatParams(draft.shape.params) })}{' '}
                  {readOnly ? null : (
                    <button type="button" className="button-quiet" onClick={() => set('shape', null)}>
                      {t('runs.form.replaceShape')}
                    </button>
                  )}
                </p>
              </div>
            ) : (
              <ModelField
                models={models}
                model={form.model}
                size={form.size}
                onModel={(v) => setConfig('model', v)}
                onSize={(v) => setConfig('size', v)}
                error={errorFor('model')}
              />
            )}
            <SelectField
              id="run-method"
              label={t('estimate.method')}
              value={form.method}
              onChange={(v) => setConfig('method', v)}
              options={options(t, methodSchema.options, 'method')}
              error={errorFor('method')}
            />
            <SelectField
              id="run-precision"
              label={t('estimate.precision')}
              value={form.precision}
              onChange={(v) => setConfig('precision', v)}
              options={options(t, precisionSchema.options, 'precision')}
              error={errorFor('precision')}
            />
            {isQuantized(form.precision) ? (
              <SelectField
                id="run-quant"
                label={t('estimate.quant')}
                value={form.quant}
                onChange={(v) => setConfig('quant', v)}
                options={options(t, quantSchema.options, 'quant')}
                error={errorFor('quant')}
              />
            ) : null}
            <div className="field-row field-row-even">
              <TextField
                id="run-batch"
                type="number"
                min={1}
                step={1}
                label={t('runs.form.batch')}
                value={form.batchSize}
                onChange={(v) => setConfig('batchSize', v)}
                error={errorFor('batchSize')}
              />
              <TextField
                id="run-seq"
                type="number"
                min={1}
                step={1}
                label={t('runs.form.seq')}
                value={form.seqLen}
                onChange={(v) => setConfig('seqLen', v)}
                error={errorFor('seqLen')}
              />
            </div>
            {isTraining(form.method) ? (
              <CheckboxField
                id="run-gc"
                label={t('estimate.gradientCheckpointing')}
                checked={form.gradientCheckpointing}
                onChange={(v) => setConfig('gradientCheckpointing', v)}
              />
            ) : null}
            {usesLora(form.method) ? (
              <TextField
                id="run-lora-rank"
                type="number"
                min={1}
                step={1}
                label={t('estimate.loraRank')}
                value={form.loraRank}
                onChange={(v) => setConfig('loraRank', v)}
                error={errorFor('loraRank')}
              />
            ) : null}
          </fieldset>
          <fieldset>
            <legend>{t('runs.form.groupMeasured')}</legend>
            <div className="field-row field-row-even">
              <TextField
                id="run-peak"
                type="number"
                min={0}
                step="any"
                label={t('runs.form.peak')}
                value={draft.peakMemoryGiB}
                onChange={(v) => set('peakMemoryGiB', v)}
                error={errorFor('peakMemoryGiB')}
              />
              <SelectField
                id="run-meter"
                label={t('runs.form.meter')}
                value={draft.memoryMeter}
                onChange={(v) => set('memoryMeter', v)}
                options={[
                  { value: '' as const, label: t('runs.form.meterNone') },
                  ...options(t, memoryMeterSchema.options, 'runs.meter'),
                ]}
                error={errorFor('memoryMeter')}
              />
            </div>
            <TextField
              id="run-speed"
              type="number"
              min={0}
              step="any"
              label={t('runs.form.speed')}
              value={draft.tokensPerSecond}
              onChange={(v) => set('tokensPerSecond', v)}
              error={errorFor('tokensPerSecond')}
            />
            <SelectField
              id="run-outcome"
              label={t('runs.form.outcome')}
              value={draft.outcome}
              onChange={(v) => set('outcome', v)}
              options={options(t, runOutcomeSchema.options, 'runs.outcome')}
              error={errorFor('outcome')}
            />
          </fieldset>
          <fieldset>
            <legend>{t('runs.form.groupMoney')}</legend>
            <TextField
              id="run-hours"
              type="number"
              min={0}
              step="any"
              label={t('runs.form.hours')}
              value={draft.durationHours}
              onChange={(v) => set('durationHours', v)}
              error={errorFor('durationHours')}
            />
            <div className="field-row field-row-even">
              <TextField
                id="run-cost"
                type="number"
                min={0}
                step="any"
                label={t('runs.form.cost')}
                value={draft.cost}
                onChange={(v) => set('cost', v)}
                error={errorFor('cost')}
              />
              <SelectField
                id="run-currency"
                label={t('runs.form.currency')}
                value={draft.currency}
                onChange={(v) => set('currency', v)}
                options={options(t, runCurrencySchema.options, 'currency')}
                error={errorFor('currency')}
              />
            </div>
            <div className="field">
              <label htmlFor="run-notes">{t('runs.form.notes')}</label>
              <textarea
                id="run-notes"
                rows={3}
                value={draft.notes}
                aria-invalid={errorFor('notes') ? true : undefined}
                aria-describedby={errorFor('notes') ? 'run-notes-error' : undefined}
                onChange={(event) => set('notes', event.target.value)}
              />
              <FieldError id="run-notes-error" message={errorFor('notes')} />
            </div>
          </fieldset>
        </div>
      </fieldset>
      {general ? (
        <p className="inline-alert" role="alert">
          {general}
        </p>
      ) : null}
      <div className="form-actions">
        {readOnly ? null : (
          <button type="submit" className="button-primary" disabled={saving}>
            {mode.kind === 'edit' ? t('runs.form.save') : t('runs.form.add')}
          </button>
        )}
        <button type="button" onClick={onClose}>
          {readOnly ? t('runs.form.close') : t('runs.form.cancel')}
        </button>
      </div>
    </form>
  );
}

/** Fields that have a control here (a backend error on another field is shown under the form). */
const FORM_FIELDS = new Set([
  'card',
  'gpus',
  'provider',
  'startedAt',
  'model',
  'method',
  'precision',
  'quant',
  'batchSize',
  'seqLen',
  'loraRank',
  'peakMemoryGiB',
  'memoryMeter',
  'tokensPerSecond',
  'outcome',
  'durationHours',
  'cost',
  'currency',
  'notes',
]);
