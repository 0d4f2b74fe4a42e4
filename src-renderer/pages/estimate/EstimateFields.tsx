import { useTranslation } from 'react-i18next';
import type { Card, ModelPreset } from '../../../src-main/domain/catalog';
import {
  inferenceRuntimeSchema,
  methodSchema,
  precisionSchema,
  quantSchema,
} from '../../../src-main/domain/estimate/input';
import { CheckboxField } from '../../components/CheckboxField';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { options } from '../../lib/options';
import { isQuantized, isTraining, type EstimateForm } from './estimate-form';
import { ModelField } from './ModelField';
import { TrainingFields } from './TrainingFields';

export interface FieldsProps {
  form: EstimateForm;
  onChange: <K extends keyof EstimateForm>(key: K, value: EstimateForm[K]) => void;
  /** The error message for a field, when it has one. */
  errorFor: (field: string) => string | undefined;
}

/** Every input of the estimate, grouped as a user thinks of them. */
export function EstimateFields({
  form,
  onChange,
  errorFor,
  models,
  cards,
}: FieldsProps & { models: readonly ModelPreset[]; cards: readonly Card[] }) {
  const { t } = useTranslation();
  return (
    <form className="estimate-form" onSubmit={(event) => event.preventDefault()} aria-label={t('estimate.formLabel')}>
      <fieldset>
        <legend>{t('estimate.groupModel')}</legend>
        <ModelField
          models={models}
          model={form.model}
          size={form.size}
          onModel={(value) => onChange('model', value)}
          onSize={(value) => onChange('size', value)}
          error={errorFor('model')}
        />
        <SelectField
          id="est-method"
          label={t('estimate.method')}
          value={form.method}
          onChange={(v) => onChange('method', v)}
          options={options(t, methodSchema.options, 'method')}
          error={errorFor('method')}
        />
        <SelectField
          id="est-precision"
          label={t('estimate.precision')}
          value={form.precision}
          onChange={(v) => onChange('precision', v)}
          options={options(t, precisionSchema.options, 'precision')}
          error={errorFor('precision')}
        />
        {isQuantized(form.precision) ? (
          <SelectField
            id="est-quant"
            label={t('estimate.quant')}
            value={form.quant}
            onChange={(v) => onChange('quant', v)}
            options={options(t, quantSchema.options, 'quant')}
            error={errorFor('quant')}
          />
        ) : null}
      </fieldset>
      <fieldset>
        <legend>{t('estimate.groupWorkload')}</legend>
        <TextField
          id="est-batch"
          type="number"
          min={1}
          step={1}
          label={t('estimate.batchSize')}
          value={form.batchSize}
          onChange={(v) => onChange('batchSize', v)}
          error={errorFor('batchSize')}
        />
        <TextField
          id="est-seq"
          type="number"
          min={1}
          step={1}
          label={t('estimate.seqLen')}
          value={form.seqLen}
          onChange={(v) => onChange('seqLen', v)}
          error={errorFor('seqLen')}
        />
        <CheckboxField
          id="est-flash"
          label={t('estimate.flashAttention')}
          checked={form.flashAttention}
          onChange={(v) => onChange('flashAttention', v)}
        />
        {isTraining(form.method) ? null : (
          <>
            <SelectField
              id="est-kv"
              label={t('estimate.kvCachePrecision')}
              value={form.kvCachePrecision}
              onChange={(v) => onChange('kvCachePrecision', v)}
              options={options(t, precisionSchema.options, 'precision')}
              error={errorFor('kvCachePrecision')}
            />
            <SelectField
              id="est-runtime"
              label={t('estimate.inferenceRuntime')}
              value={form.inferenceRuntime}
              onChange={(v) => onChange('inferenceRuntime', v)}
              options={options(t, inferenceRuntimeSchema.options, 'estimate.runtime')}
              error={errorFor('inferenceRuntime')}
            />
          </>
        )}
      </fieldset>
      <TrainingFields form={form} onChange={onChange} errorFor={errorFor} />
      <fieldset>
        <legend>{t('estimate.groupSpeed')}</legend>
        <SelectField
          id="est-speed-card"
          label={t('estimate.speedCard')}
          value={form.speedCard}
          onChange={(v) => onChange('speedCard', v)}
          options={[
            { value: '', label: t('estimate.speedNone') },
            ...cards.map((c) => ({ value: c.id, label: c.name })),
          ]}
          error={errorFor('gpu')}
        />
      </fieldset>
    </form>
  );
}
