import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Card, ModelPreset } from '../../../src-main/domain/catalog';
import type { FormGroup } from '../../../src-main/domain/fields/field';
import { KeyedFieldControl } from '../../components/FieldControl';
import type { FormField } from '../../lib/field-form';
import { ESTIMATE_FIELDS, shownFields, type EstimateForm } from './estimate-form';
import { ModelField, type ModelFieldProps } from './ModelField';
import { parseFormModelFile } from './model-file';

export interface FieldsProps {
  form: EstimateForm;
  onChange: <K extends keyof EstimateForm>(key: K, value: EstimateForm[K]) => void;
  /** The error message for a field (by its contract path), when it has one. */
  errorFor: (field: string) => string | undefined;
}

/** The form's sections, in order, with their legend. */
const SECTIONS: readonly [FormGroup, string][] = [
  ['model', 'estimate.groupModel'],
  ['workload', 'estimate.groupWorkload'],
  ['training', 'estimate.groupTraining'],
  ['gpus', 'estimate.groupGpus'],
  ['speed', 'estimate.groupSpeed'],
];

/**
 * Every input of the estimate, from the field table: each field that applies to the set-up, in its
 * section (a section with nothing to show is left out), a group's fields (LoRA) side by side.
 */
export function EstimateFields({
  form,
  onChange,
  errorFor,
  models,
  cards,
}: FieldsProps & { models: readonly ModelPreset[]; cards: readonly Card[] }) {
  const { t } = useTranslation();
  const shown = shownFields(form);
  return (
    <form className="estimate-form" onSubmit={(event) => event.preventDefault()} aria-label={t('estimate.formLabel')}>
      {SECTIONS.map(([group, legend]) => {
        const fields = ESTIMATE_FIELDS.filter(({ path, field }) => field.control?.group === group && shown.has(path));
        if (fields.length === 0) return null;
        return (
          <fieldset key={group}>
            <legend>{t(legend)}</legend>
            <ConfigControls
              fields={fields}
              form={form}
              onChange={onChange}
              errorFor={errorFor}
              models={models}
              cards={cards}
              idPrefix="est"
            />
          </fieldset>
        );
      })}
    </form>
  );
}

/**
 * The controls of some estimate fields, as the Estimate page and the Run form show them: the model
 * as a preset or a size, the others by their control hint; the fields of one group in a row.
 */
export function ConfigControls({
  fields,
  form,
  onChange,
  errorFor,
  models,
  cards,
  idPrefix,
}: FieldsProps & {
  fields: readonly FormField[];
  models: readonly ModelPreset[];
  cards: readonly Card[];
  idPrefix: string;
}) {
  const values = form as unknown as Record<string, string | boolean>;
  const control = ({ path, key, field }: FormField) =>
    path === 'model' ? (
      <ModelControl
        key={key}
        models={models}
        model={form.model}
        size={form.size}
        modelFile={form.modelFile}
        onChange={onChange}
        idPrefix={idPrefix}
        error={errorFor('model')}
      />
    ) : (
      <KeyedFieldControl
        key={key}
        id={`${idPrefix}-${field.flag?.name ?? key}`}
        field={field}
        fieldKey={key as keyof EstimateForm}
        value={values[key]!}
        onChange={onChange}
        error={errorFor(path) ?? (path.includes('.') ? errorFor(path.split('.')[0]!) : undefined)}
        cards={cards}
      />
    );
  // Consecutive fields of one group (lora.rank, lora.targets) share a row.
  const rows: FormField[][] = [];
  for (const field of fields) {
    const last = rows[rows.length - 1];
    const group = (entry: FormField) => (entry.path.includes('.') ? entry.path.split('.')[0] : null);
    if (last && group(field) !== null && group(last[0]!) === group(field)) last.push(field);
    else rows.push([field]);
  }
  return (
    <>
      {rows.map((row) =>
        row.length === 1 ? (
          control(row[0]!)
        ) : (
          <div className="field-row" key={row[0]!.key}>
            {row.map(control)}
          </div>
        ),
      )}
    </>
  );
}

/**
 * The model's control, told the form's one `onChange`: memoised like KeyedFieldControl, so a keystroke in another field
 * does not render its list of presets again.
 */
const ModelControl = memo(function ModelControl({
  onChange,
  ...shown
}: Pick<ModelFieldProps, 'models' | 'model' | 'size' | 'modelFile' | 'idPrefix' | 'error'> & {
  onChange: FieldsProps['onChange'];
}) {
  return (
    <ModelField
      {...shown}
      onModel={(value) => onChange('model', value)}
      onSize={(value) => onChange('size', value)}
      onModelFile={(value) => {
        onChange('modelFile', value);
        // A GGUF file is its quantization, as `cardwise estimate --gguf` takes it.
        const scheme = parseFormModelFile(value)?.scheme;
        if (scheme) {
          onChange('precision', scheme === 'gguf-q8_0' ? 'int8' : 'int4');
          onChange('quant', scheme);
        }
      }}
    />
  );
});
