import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../../src-main/domain/messages';
import { formatParams } from '../../lib/format';
import { useMessageText } from '../../lib/messages';
import { formModelFileText, parseFormModelFile, readChosenFile, readPastedText, type ReadOutcome } from './model-file';
import { HfIdInput } from './HfIdInput';
import { SaveModelPreset } from './SaveModelPreset';

interface ModelFileInputProps {
  /** The model read so far (model-file.ts text, '' for none). */
  value: string;
  onChange: (value: string) => void;
  idPrefix: string;
  /** A preset was saved from the model read: the form may switch to it. */
  onSaved?: (presetId: string) => void;
}

/**
 * The model from a file the user has: a config.json, a safetensors index or a .safetensors file
 * chosen or dropped, or a config.json pasted. Read here, offline; a file that is not one says so
 * (naming it) and leaves the model read before, and the rest of the form, as they were.
 */
export function ModelFileInput({ value, onChange, idPrefix, onSaved }: ModelFileInputProps) {
  const { t } = useTranslation();
  const text = useMessageText();
  const [pasted, setPasted] = useState('');
  const [problem, setProblem] = useState<Message | null>(null);
  const [notes, setNotes] = useState<Message[]>([]);
  const current = parseFormModelFile(value);

  const take = (outcome: ReadOutcome) => {
    if (!outcome.ok) {
      setProblem(outcome.problem);
      return;
    }
    setProblem(null);
    setNotes(outcome.model.notes);
    onChange(formModelFileText(outcome.model));
  };
  const choose = async (file: File | undefined) => {
    if (file) take(await readChosenFile(file));
  };
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    void choose(event.dataTransfer.files[0]);
  };

  return (
    <div className="model-file" onDragOver={(event) => event.preventDefault()} onDrop={drop} data-testid="model-file">
      <label htmlFor={`${idPrefix}-model-file`}>{t('inputs.chooseFile')}</label>
      <input
        id={`${idPrefix}-model-file`}
        type="file"
        accept=".json,.safetensors,.gguf,application/json"
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      <p className="hint">{t('inputs.dropHint')}</p>
      <HfIdInput idPrefix={idPrefix} onModel={(model) => take({ ok: true, model })} onProblem={setProblem} />
      <label htmlFor={`${idPrefix}-model-paste`}>{t('inputs.pasteConfig')}</label>
      <textarea
        id={`${idPrefix}-model-paste`}
        rows={4}
        value={pasted}
        placeholder='{"model_type": "qwen2", "hidden_size": 3584, …}'
        onChange={(event) => setPasted(event.target.value)}
      />
      <button type="button" onClick={() => void readPastedText(pasted).then(take)} disabled={pasted.trim() === ''}>
        {t('inputs.readPasted')}
      </button>
      {problem ? (
        <p className="field-error" role="alert">
          {text(problem)}
        </p>
      ) : null}
      {current ? (
        <div className="model-file-read" role="status">
          <p>
            {t('inputs.readFrom', {
              file: current.file || t('inputs.aShape'),
              architecture: current.architecture ?? '—',
              params: formatParams(current.model.params),
              layers: current.model.layers ?? '?',
            })}
          </p>
          {notes.length > 0 ? (
            <ul>
              {notes.map((note, index) => (
                <li key={index}>{text(note)}</li>
              ))}
            </ul>
          ) : null}
          <SaveModelPreset key={value} read={current} idPrefix={idPrefix} onSaved={onSaved} />
        </div>
      ) : null}
    </div>
  );
}
