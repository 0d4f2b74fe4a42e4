import { useTranslation } from 'react-i18next';
import { optimizerSchema, shardingSchema } from '../../../src-main/domain/estimate/input';
import { CheckboxField } from '../../components/CheckboxField';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { options } from '../../lib/options';
import { isTraining, TRAINING_SWITCHES, usesLora, type LoraTargetsChoice } from './estimate-form';
import type { FieldsProps } from './EstimateFields';

const LORA_TARGETS: readonly LoraTargetsChoice[] = ['attention', 'all-linear'];

/** Optimizer, LoRA and multi-GPU settings: only what applies to the chosen method. */
export function TrainingFields({ form, onChange, errorFor }: FieldsProps) {
  const { t } = useTranslation();
  const training = isTraining(form.method);
  return (
    <>
      {training ? (
        <fieldset>
          <legend>{t('estimate.groupTraining')}</legend>
          <SelectField
            id="est-optimizer"
            label={t('estimate.optimizer')}
            value={form.optimizer}
            onChange={(v) => onChange('optimizer', v)}
            options={options(t, optimizerSchema.options, 'optimizer')}
            error={errorFor('optimizer')}
          />
          <CheckboxField
            id="est-mixed"
            label={t('estimate.mixedPrecision')}
            checked={form.mixedPrecision}
            onChange={(v) => onChange('mixedPrecision', v)}
          />
          <CheckboxField
            id="est-gc"
            label={t('estimate.gradientCheckpointing')}
            checked={form.gradientCheckpointing}
            onChange={(v) => onChange('gradientCheckpointing', v)}
          />
          {TRAINING_SWITCHES.map((field) => (
            <CheckboxField
              key={field}
              id={`est-${field}`}
              label={t(`estimate.${field}`)}
              checked={form[field]}
              onChange={(v) => onChange(field, v)}
            />
          ))}
          {usesLora(form.method) ? (
            <div className="field-row">
              <TextField
                id="est-lora-rank"
                type="number"
                min={1}
                step={1}
                label={t('estimate.loraRank')}
                value={form.loraRank}
                onChange={(v) => onChange('loraRank', v)}
                error={errorFor('lora.rank') ?? errorFor('lora')}
              />
              <SelectField
                id="est-lora-targets"
                label={t('estimate.loraTargets')}
                value={form.loraTargets}
                onChange={(v) => onChange('loraTargets', v)}
                options={options(t, LORA_TARGETS, 'loraTargets')}
                error={errorFor('lora.targets')}
              />
            </div>
          ) : null}
        </fieldset>
      ) : null}
      <fieldset>
        <legend>{t('estimate.groupGpus')}</legend>
        <TextField
          id="est-gpus"
          type="number"
          min={1}
          step={1}
          label={t('estimate.gpus')}
          value={form.gpus}
          onChange={(v) => onChange('gpus', v)}
          error={errorFor('gpus')}
        />
        {training ? (
          <SelectField
            id="est-sharding"
            label={t('estimate.sharding')}
            value={form.sharding}
            onChange={(v) => onChange('sharding', v)}
            options={options(t, shardingSchema.options, 'sharding')}
            error={errorFor('sharding')}
            hint={form.gpus.trim() === '1' ? t('estimate.shardingHint') : undefined}
          />
        ) : null}
      </fieldset>
    </>
  );
}
