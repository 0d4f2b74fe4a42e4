import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../../src-main/domain/messages';
import type { FileModel } from '../../../src-main/domain/model-files/file-model';
import { ApiError, call } from '../../lib/api';
import { useApp } from '../../lib/app-context';

interface HfIdInputProps {
  idPrefix: string;
  onModel: (model: FileModel) => void;
  /** The Hub's or the id's problem, in the user's language (nothing else changes). */
  onProblem: (problem: Message) => void;
}

/**
 * A model by its Hugging Face id (`ORG/NAME`, or its page's address): the backend reads its
 * config.json from the Hub, or the copy it cached when offline, and says which (models:fetchHf).
 */
export function HfIdInput({ idPrefix, onModel, onProblem }: HfIdInputProps) {
  const { t } = useTranslation();
  const { reportError } = useApp();
  const [id, setId] = useState('');
  const [reading, setReading] = useState(false);
  const read = () => {
    if (id.trim() === '' || reading) return;
    setReading(true);
    call('models:fetchHf', { id: id.trim() })
      .then((answer) => onModel(answer.model))
      .catch((error: unknown) =>
        error instanceof ApiError && error.code !== 'internal' ? onProblem(error.detail) : reportError(error),
      )
      .finally(() => setReading(false));
  };
  return (
    <div className="model-hf">
      <label htmlFor={`${idPrefix}-model-hf`}>{t('inputs.hfId')}</label>
      <div className="model-hf-row">
        <input
          id={`${idPrefix}-model-hf`}
          type="text"
          value={id}
          placeholder="Qwen/Qwen2.5-Coder-32B-Instruct"
          spellCheck={false}
          autoComplete="off"
          onChange={(event) => setId(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              read();
            }
          }}
        />
        <button type="button" onClick={read} disabled={reading || id.trim() === ''} aria-busy={reading}>
          {reading ? t('inputs.hfReading') : t('inputs.hfRead')}
        </button>
      </div>
      <p className="hint">{t('inputs.hfHint')}</p>
    </div>
  );
}
