import { useTranslation } from 'react-i18next';
import type { ModelPreset } from '../../../src-main/domain/catalog';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { msg } from '../../../src-main/domain/messages';
import { formatParams } from '../../lib/format';
import { useMessageText } from '../../lib/messages';
import { CUSTOM_SIZE, FROM_FILE } from './estimate-form';
import { ModelFileInput } from './ModelFileInput';

export interface ModelFieldProps {
  models: readonly ModelPreset[];
  model: string;
  size: string;
  onModel: (model: string) => void;
  onSize: (size: string) => void;
  /** The model read from a file (model-file.ts text) and where to put a new one. */
  modelFile: string;
  onModelFile: (modelFile: string) => void;
  idPrefix: string;
  error?: string;
}

/** Groups presets by family, keeping the catalog's order. */
function byFamily(models: readonly ModelPreset[]): [string, ModelPreset[]][] {
  const groups = new Map<string, ModelPreset[]>();
  for (const model of models) groups.set(model.family, [...(groups.get(model.family) ?? []), model]);
  return [...groups.entries()];
}

/** A preset model from the catalog, any size typed as "13B", or a model read from a file. */
export function ModelField({
  models,
  model,
  size,
  onModel,
  onSize,
  modelFile,
  onModelFile,
  idPrefix,
  error,
}: ModelFieldProps) {
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
        error={custom || model === FROM_FILE ? undefined : error}
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
        <option value={FROM_FILE}>{t('inputs.fromFile')}</option>
      </SelectField>
      {model === FROM_FILE ? (
        <>
          <ModelFileInput value={modelFile} onChange={onModelFile} idPrefix={idPrefix} onSaved={onModel} />
          {error ? (
            <p className="field-error" role="alert">
              {/* Nothing read yet: say what to do rather than the schema's "must not be empty". */}
              {modelFile ? error : t('inputs.readFirst')}
            </p>
          ) : null}
        </>
      ) : null}
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
