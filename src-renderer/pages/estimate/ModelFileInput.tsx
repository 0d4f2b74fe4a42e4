import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../../src-main/domain/messages';
import { formatParams } from '../../lib/format';
import { useMessageText } from '../../lib/messages';
import { formModelFileText, parseFormModelFile, readChosenFile, readPastedText, type ReadOutcome } from './model-file';
import { dropFileProps, FileOrPaste } from './FileOrPaste';
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
  const choose = (file: File) => void readChosenFile(file).then(take);

  return (
    <div className="model-file" {...dropFileProps(choose)} data-testid="model-file">
      <FileOrPaste
        id={`${idPrefix}-model`}
        chooseLabel={t('inputs.chooseFile')}
        accept=".json,.safetensors,.gguf,application/json"
        pasteLabel={t('inputs.pasteConfig')}
        readLabel={t('inputs.readPasted')}
        placeholder='{"model_type": "qwen2", "hidden_size": 3584, …}'
        problem={problem}
        onFile={choose}
        onPasted={(pasted) => void readPastedText(pasted).then(take)}
      >
        <p className="hint">{t('inputs.dropHint')}</p>
        <HfIdInput idPrefix={idPrefix} onModel={(model) => take({ ok: true, model })} onProblem={setProblem} />
      </FileOrPaste>
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
