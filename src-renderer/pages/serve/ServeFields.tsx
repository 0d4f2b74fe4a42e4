import { useTranslation } from 'react-i18next';
import type { Card, ModelPreset } from '../../../src-main/domain/catalog';
import type { FormGroup } from '../../../src-main/domain/fields/field';
import { FieldControl } from '../../components/FieldControl';
import { ModelField } from '../estimate/ModelField';
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
  onChange: (key: keyof ServeForm, value: string | boolean) => void;
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
                <ModelField
                  key={key}
                  models={models}
                  model={form.model}
                  size={form.size}
                  onModel={(value) => onChange('model', value)}
                  onSize={(value) => onChange('size', value)}
                  modelFile={form.modelFile}
                  onModelFile={(value) => onChange('modelFile', value)}
                  idPrefix="srv"
                  error={errorFor('model')}
                />
              ) : (
                <FieldControl
                  key={key}
                  id={`srv-${field.flag?.name ?? key}`}
                  field={field}
                  value={values[key]!}
                  onChange={(value) => onChange(key as keyof ServeForm, value)}
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
