import type { GlossaryKey } from '../lib/glossary';
import { FieldError } from './FieldError';
import { FieldLabel } from './FieldLabel';

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'number';
  min?: number;
  step?: number | 'any';
  placeholder?: string;
  error?: string;
  hint?: string;
  required?: boolean;
  /** The glossary entry that explains the field. */
  term?: GlossaryKey;
}

/** A labelled text or number input that keeps what the user typed as a string. */
export function TextField({ id, label, value, onChange, type = 'text', error, hint, term, ...rest }: TextFieldProps) {
  return (
    <div className="field">
      <FieldLabel htmlFor={id} label={label} term={term} />
      <input
        id={id}
        type={type}
        value={value}
        inputMode={type === 'number' ? 'decimal' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        {...rest}
      />
      {hint ? <p className="field-hint">{hint}</p> : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
