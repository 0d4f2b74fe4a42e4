import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Card, ModelPreset } from '../../../src-main/domain/catalog';
import type { FormGroup } from '../../../src-main/domain/fields/field';
import { msg, type Message, type MessageCode } from '../../../src-main/domain/messages';
import type { Run } from '../../../src-main/domain/runs';
import { FieldControl } from '../../components/FieldControl';
import { ApiError } from '../../lib/api';
import { send } from '../../lib/queries';
import { formatParams } from '../../lib/format';
import { errorMessage, useMessageText } from '../../lib/messages';
import { ESTIMATE_FIELDS, shownFields, updateForm, type EstimateForm } from '../estimate/estimate-form';
import { ConfigControls } from '../estimate/EstimateFields';
import { citationUrl } from './citation';
import {
  checkDraft,
  draftToInput,
  formFieldOf,
  patchFor,
  RUN_FIELDS,
  servesInference,
  type Problem,
  type RunDraft,
} from './run-draft';

/** The run form's sections, with their legend: the run's own fields by their group, and the configuration. */
const RUN_SECTIONS: readonly [FormGroup | 'config', string][] = [
  ['where', 'runs.form.groupWhere'],
  ['config', 'runs.form.groupConfig'],
  ['measured', 'runs.form.groupMeasured'],
  ['serving', 'runs.form.groupServing'],
  ['money', 'runs.form.groupMoney'],
];

/** The configuration fields of a run: the Estimate form's, but its speed card (the run has its own card). */
const CONFIG_FIELDS = ESTIMATE_FIELDS.filter(({ path }) => path !== 'gpu' && path !== 'gpus');
const GPUS_FIELD = ESTIMATE_FIELDS.find(({ path }) => path === 'gpus')!;

/** Fields that have a control here (a backend error on another field is shown under the form). */
const FORM_KEYS = new Set([...RUN_FIELDS, ...ESTIMATE_FIELDS].map(({ key }) => key));

/** A form key's label from the field table, or the key itself for a field the tables do not hold. */
function labelOf(key: string): MessageCode | undefined {
  return [...RUN_FIELDS, ...ESTIMATE_FIELDS].find((field) => field.key === key)?.field.label;
}

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
  const text = useMessageText();
  const [draft, setDraft] = useState<RunDraft>(initial);
  const [problems, setProblems] = useState<Record<string, Problem>>({});
  /** A problem with no field of its own in the form (or none at all), shown above the buttons. */
  const [general, setGeneral] = useState<{ field: string | null; message: Message } | null>(null);
  const [saving, setSaving] = useState(false);
  const readOnly = mode.kind === 'view';
  const baseline = useMemo(() => draftToInput(initial), [initial]);

  const set = <K extends keyof RunDraft>(key: K, value: RunDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setConfig = <K extends keyof EstimateForm>(key: K, value: EstimateForm[K]) =>
    setDraft((d) => ({ ...d, estimate: updateForm(d.estimate, key, value) }));
  const fieldLabel = (key: string) => {
    const label = labelOf(key);
    return label ? text(msg(label)) : key;
  };
  const errorFor = (field: string) => (problems[field] ? text(problems[field]) : undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (readOnly) return;
    const input = draftToInput(draft);
    const found = checkDraft(input);
    setProblems(found);
    const unplaced = Object.entries(found).find(([field]) => !FORM_KEYS.has(field));
    setGeneral(unplaced ? { field: unplaced[0], message: unplaced[1] } : null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      if (mode.kind === 'edit') {
        onSaved(await send('runs:update', { id: mode.run.id, patch: patchFor(baseline, input) }), 'updated');
      } else {
        onSaved(await send('runs:add', input), 'added');
      }
    } catch (error) {
      const field = error instanceof ApiError && error.field ? formFieldOf(error.field) : null;
      const message = errorMessage(error);
      if (field && FORM_KEYS.has(field)) setProblems({ [field]: message });
      else setGeneral({ field, message });
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
  const shown = shownFields(form);
  const runControl = ({ key, field }: (typeof RUN_FIELDS)[number]) => (
    <FieldControl
      key={key}
      id={`run-${field.flag?.name ?? key}`}
      field={field}
      value={(draft as unknown as Record<string, string>)[key]!}
      onChange={(value) => setDraft((d) => ({ ...d, [key]: value }))}
      error={errorFor(key)}
      cards={cards}
    />
  );

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
          {RUN_SECTIONS.filter(([group]) => group !== 'serving' || servesInference(draft)).map(([group, legend]) =>
            group === 'config' ? (
              <fieldset key={group}>
                <legend>{t(legend)}</legend>
                {draft.shape ? (
                  <div className="field">
                    <span className="field-label">{text(msg('field.model'))}</span>
                    <p className="shape-note">
                      {t('runs.form.shape', { params: formatParams(draft.shape.params) })}{' '}
                      {readOnly ? null : (
                        <button type="button" className="button-quiet" onClick={() => set('shape', null)}>
                          {t('runs.form.replaceShape')}
                        </button>
                      )}
                    </p>
                  </div>
                ) : null}
                <ConfigControls
                  fields={CONFIG_FIELDS.filter(({ path }) => shown.has(path) && !(draft.shape && path === 'model'))}
                  form={form}
                  onChange={setConfig}
                  errorFor={(path) => errorFor(formFieldOf(`config.${path}`))}
                  models={models}
                  cards={cards}
                  idPrefix="run"
                />
              </fieldset>
            ) : (
              <fieldset key={group}>
                <legend>{t(legend)}</legend>
                {RUN_FIELDS.filter(({ field }) => field.control?.group === group).map(runControl)}
                {group === 'where' ? (
                  <FieldControl
                    id="run-gpus"
                    field={GPUS_FIELD.field}
                    value={form.gpus}
                    onChange={(value) => setConfig('gpus', value as string)}
                    error={errorFor('gpus')}
                  />
                ) : null}
              </fieldset>
            ),
          )}
        </div>
      </fieldset>
      {general ? (
        <p className="inline-alert" role="alert">
          {general.field
            ? text(msg('validation.withField', { field: fieldLabel(general.field), problem: general.message }))
            : text(general.message)}
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
