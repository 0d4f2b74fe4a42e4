import { useTranslation } from 'react-i18next';
import { currencySchema } from '../../../src-main/domain/catalog';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { JobSizeFields } from '../shared/JobSizeFields';
import { messageOptions, options } from '../../lib/options';
import { useMessageText } from '../../lib/messages';
import { BILLING_FILTERS, GPU_CHOICES, SORTS, parseGpuCounts, toggleGpuCount, type CompareForm } from './compare-form';

interface WorkloadFieldsProps {
  form: CompareForm;
  onChange: <K extends keyof CompareForm>(key: K, value: CompareForm[K]) => void;
  errorFor: (field: keyof CompareForm) => string | undefined;
}

/** The job (tokens, epochs) and how to rank it (currency, billing, GPU counts, sort). */
export function WorkloadFields({ form, onChange, errorFor }: WorkloadFieldsProps) {
  const { t } = useTranslation();
  const text = useMessageText();
  const ticked = parseGpuCounts(form.gpuCounts);
  return (
    <form className="compare-form" onSubmit={(event) => event.preventDefault()} aria-label={t('compare.formLabel')}>
      <div className="compare-form-grid">
        <JobSizeFields
          form={form}
          onChange={(key, value) => onChange(key, value)}
          errorFor={errorFor}
          idPrefix="cmp"
          tokensHint={t('compare.tokensHint')}
        />
        <TextField
          id="cmp-per-sample"
          type="number"
          min={1}
          step={1}
          label={t('compare.tokensPerSample')}
          value={form.tokensPerSample}
          onChange={(v) => onChange('tokensPerSample', v)}
          hint={t('compare.tokensPerSampleHint')}
          error={errorFor('tokensPerSample')}
        />
        <SelectField
          id="cmp-currency"
          label={t('compare.currency')}
          value={form.currency}
          onChange={(v) => onChange('currency', v)}
          options={messageOptions(text, 'currency', currencySchema.options)}
        />
        <SelectField
          id="cmp-billing"
          label={t('compare.billing')}
          value={form.billing}
          onChange={(v) => onChange('billing', v)}
          options={BILLING_FILTERS.map((value) => ({
            value,
            label: value === 'all' ? t('compare.billingAll') : t(`billing.${value}`),
          }))}
        />
        <SelectField
          id="cmp-sort"
          label={t('compare.sort')}
          value={form.sort}
          onChange={(v) => onChange('sort', v)}
          options={options(t, SORTS, 'compare.sortBy')}
        />
        <fieldset className="gpu-counts" aria-describedby={errorFor('gpuCounts') ? 'cmp-gpus-error' : undefined}>
          <legend>{t('compare.gpuCounts')}</legend>
          <div className="gpu-count-boxes">
            {GPU_CHOICES.map((count) => (
              <label key={count} className="gpu-count">
                <input
                  type="checkbox"
                  checked={ticked.includes(count)}
                  onChange={(event) =>
                    onChange('gpuCounts', toggleGpuCount(form.gpuCounts, count, event.target.checked))
                  }
                />
                {t('compare.gpuCount', { count })}
              </label>
            ))}
          </div>
          {errorFor('gpuCounts') ? (
            <p className="field-error" id="cmp-gpus-error" role="alert">
              {errorFor('gpuCounts')}
            </p>
          ) : null}
        </fieldset>
      </div>
    </form>
  );
}
