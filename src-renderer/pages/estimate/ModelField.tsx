import { useTranslation } from 'react-i18next';
import type { ModelPreset } from '../../../src-main/domain/catalog';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { msg } from '../../../src-main/domain/messages';
import { formatParams } from '../../lib/format';
import { useMessageText } from '../../lib/messages';
import { CUSTOM_SIZE } from './estimate-form';

interface ModelFieldProps {
  models: readonly ModelPreset[];
  model: string;
  size: string;
  onModel: (model: string) => void;
  onSize: (size: string) => void;
  error?: string;
}

/** Groups presets by family, keeping the catalog's order. */
function byFamily(models: readonly ModelPreset[]): [string, ModelPreset[]][] {
  const groups = new Map<string, ModelPreset[]>();
  for (const model of models) groups.set(model.family, [...(groups.get(model.family) ?? []), model]);
  return [...groups.entries()];
}

/** A preset model from the catalog, or any size typed as "13B". */
export function ModelField({ models, model, size, onModel, onSize, error }: ModelFieldProps) {
  const { t } = useTranslation();
  const text = useMessageText();
  const custom = model === CUSTOM_SIZE;
  return (
    <>
      <SelectField
        id="est-model"
        label={text(msg('field.model'))}
        value={model}
        onChange={onModel}
        error={custom ? undefined : error}
      >
        {byFamily(models).map(([family, presets]) => (
          <optgroup key={family} label={family}>
            {presets.map((preset) => (
              <option key={preset.id} value={preset.id}>
                {preset.name} ({formatParams(preset.params)})
              </option>
            ))}
          </optgroup>
        ))}
        <option value={CUSTOM_SIZE}>{t('estimate.customSize')}</option>
      </SelectField>
      {custom ? (
        <TextField
          id="est-size"
          label={t('estimate.size')}
          value={size}
          onChange={onSize}
          placeholder="13B"
          hint={t('estimate.sizeHint')}
          error={error}
        />
      ) : null}
    </>
  );
}
