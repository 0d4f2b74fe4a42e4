import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Card, ModelPreset } from '../../../src-main/domain/catalog';
import type { FormGroup } from '../../../src-main/domain/fields/field';
import { KeyedFieldControl, type KeyedChange } from '../../components/FieldControl';
import { ModelField, type ModelFieldProps } from '../estimate/ModelField';
import { SERVE_FIELDS, shownServeFields, type ServeForm } from './serve-form';

/** The form's sections, in order, with their legend. */
const SECTIONS: readonly [FormGroup, string][] = [
  ['model', 'serve.groupModel'],
  ['gpus', 'serve.groupGpus'],
  ['workload', 'serve.groupWorkload'],
  ['speed', 'serve.groupSpeed'],
  ['money', 'serve.groupMoney'],
];

interface ServeFieldsProps {
  form: ServeForm;
  /** Stable (the Serve page's), so a keystroke renders again only the field it changed. */
  onChange: KeyedChange<keyof ServeForm>;
  /** The error message for a field (by its contract path), when it has one. */
  errorFor: (field: string) => string | undefined;
  models: readonly ModelPreset[];
  cards: readonly Card[];
}

/** Every input of a serving question, from the serve field table: each field that applies, in its section. */
export function ServeFields({ form, onChange, errorFor, models, cards }: ServeFieldsProps) {
  const { t } = useTranslation();
  const shown = shownServeFields(form);
  const values = form as unknown as Record<string, string | boolean>;
  return (
    <form
      className="estimate-form serve-form"
      onSubmit={(event) => event.preventDefault()}
      aria-label={t('serve.formLabel')}
    >
      {SECTIONS.map(([group, legend]) => {
        const fields = SERVE_FIELDS.filter(({ path, field }) => field.control?.group === group && shown.has(path));
        if (fields.length === 0) return null;
        return (
          <fieldset key={group}>
            <legend>{t(legend)}</legend>
            {fields.map(({ path, key, field }) =>
              path === 'model' ? (
                <ServeModelControl
                  key={key}
                  models={models}
                  model={form.model}
                  size={form.size}
                  modelFile={form.modelFile}
                  onChange={onChange}
                  error={errorFor('model')}
                />
              ) : (
                <KeyedFieldControl
                  key={key}
                  id={`srv-${field.flag?.name ?? key}`}
                  field={field}
                  fieldKey={key as keyof ServeForm}
                  value={values[key]!}
                  onChange={onChange}
                  error={errorFor(path)}
                  cards={cards}
                />
              ),
            )}
          </fieldset>
        );
      })}
    </form>
  );
}

/** The model's control, told the form's one `onChange`: memoised, so other fields' keystrokes leave its presets be. */
const ServeModelControl = memo(function ServeModelControl({
  onChange,
  ...shown
}: Pick<ModelFieldProps, 'models' | 'model' | 'size' | 'modelFile' | 'error'> & {
  onChange: KeyedChange<keyof ServeForm>;
}) {
  return (
    <ModelField
      {...shown}
      idPrefix="srv"
      onModel={(value) => onChange('model', value)}
      onSize={(value) => onChange('size', value)}
      onModelFile={(value) => onChange('modelFile', value)}
    />
  );
});
