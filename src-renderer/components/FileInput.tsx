import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface FileInputProps {
  id: string;
  /** The input's accept list. */
  accept: string;
  disabled?: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * A file input whose button and "no file chosen" are in the app's language. The browser draws its own in the
 * browser's language (Chromium: "Choose File", "No file chosen"), which is English in a Chinese page whenever the two
 * differ. The native input stays, visually hidden: the `<label htmlFor={id}>` beside it names it, Tab and Enter open
 * it, and the button drawn here takes its focus ring.
 */
export function FileInput({ id, accept, disabled = false, onChange }: FileInputProps) {
  const { t } = useTranslation();
  const [name, setName] = useState<string | null>(null);
  return (
    <span className={`file-input${disabled ? ' file-input-disabled' : ''}`}>
      <input
        id={id}
        type="file"
        className="visually-hidden"
        accept={accept}
        disabled={disabled}
        onChange={(event) => {
          setName(event.target.files?.[0]?.name ?? null);
          onChange(event);
        }}
      />
      {/* A second label of the same input: a click on the drawn button opens the file dialog. */}
      <label htmlFor={id} className="file-input-button" aria-hidden="true">
        {t('file.choose')}
      </label>
      <span className="file-input-name muted" aria-hidden="true">
        {name ?? t('file.none')}
      </span>
    </span>
  );
}
