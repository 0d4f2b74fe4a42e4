import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { modelPresetSchema } from '../../../src-main/domain/catalog';
import { firstProblem, type Message } from '../../../src-main/domain/messages';
import { presetFromFile, presetIdFrom, presetNameFrom } from '../../../src-main/domain/model-files/preset';
import { TextField } from '../../components/TextField';
import { useCatalog } from '../../lib/catalog';
import { errorMessage, useMessageText } from '../../lib/messages';
import { send } from '../../lib/queries';
import type { FormModelFile } from './model-file';

interface SaveModelPresetProps {
  /** The model read from a file. */
  read: FormModelFile;
  idPrefix: string;
  onSaved?: (presetId: string) => void;
}

/**
 * "Save as my model": the model read from a file becomes a preset of the user's own (models:save),
 * listed with the others on every page at once; the id and name start from the file's. A group of
 * controls inside the page's form (no nested form).
 */
export function SaveModelPreset({ read, idPrefix, onSaved }: SaveModelPresetProps) {
  const { t } = useTranslation();
  const text = useMessageText();
  const { models } = useCatalog();
  const source = { ...read, name: read.name ?? null, maxContext: read.maxContext ?? null };
  const [id, setId] = useState(() => presetIdFrom(read.name ?? read.file ?? 'my-model'));
  const [name, setName] = useState(() => presetNameFrom(source, id));
  const [problem, setProblem] = useState<{ field: string; message: Message } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  async function save() {
    const preset = presetFromFile(source, id.trim(), name.trim(), 'Cardwise (Save as my model)');
    const checked = modelPresetSchema.safeParse(preset, { reportInput: true });
    if (!checked.success) {
      const { field, detail } = firstProblem(checked.error, modelPresetSchema);
      setProblem({ field: field ?? '', message: detail });
      return;
    }
    try {
      const result = await send('models:save', checked.data);
      setProblem(null);
      setSaved(result.name);
      onSaved?.(result.id);
    } catch (error) {
      setProblem({ field: '', message: errorMessage(error) });
    }
  }

  const replaces = models.some((model) => model.id === id.trim());
  return (
    // A group, not a form: it sits inside the Estimate and Run forms.
    <div className="save-model" role="group" aria-labelledby={`${idPrefix}-save-model-title`}>
      <h3 id={`${idPrefix}-save-model-title`}>{t('saveModel.title')}</h3>
      <div className="form-grid">
        <TextField
          id={`${idPrefix}-save-model-id`}
          label={t('saveModel.id')}
          value={id}
          onChange={setId}
          hint={replaces ? t('saveModel.replaces') : t('saveModel.idHint')}
          error={problem?.field === 'id' ? text(problem.message) : undefined}
        />
        <TextField
          id={`${idPrefix}-save-model-name`}
          label={t('saveModel.name')}
          value={name}
          onChange={setName}
          error={problem?.field === 'name' ? text(problem.message) : undefined}
        />
      </div>
      {problem && problem.field !== 'id' && problem.field !== 'name' ? (
        <p className="field-error" role="alert">
          {text(problem.message)}
        </p>
      ) : null}
      <button type="button" onClick={() => void save()}>
        {t('saveModel.save')}
      </button>
      {saved ? (
        <p role="status" className="muted small">
          {t('saveModel.saved', { name: saved })}
        </p>
      ) : null}
    </div>
  );
}
