import type { ReactNode } from 'react';
import type { GlossaryKey } from '../lib/glossary';
import { FieldError } from './FieldError';
import { FieldLabel } from './FieldLabel';

interface SelectFieldProps<V extends string> {
  id: string;
  label: string;
  value: V;
  onChange: (value: V) => void;
  /** Values and their visible text, or ready-made <option>/<optgroup> children. */
  options?: readonly { value: V; label: string }[];
  children?: ReactNode;
  error?: string;
  hint?: string;
  /** The glossary entry that explains the field. */
  term?: GlossaryKey;
}

/** A labelled <select> with an optional hint and error. */
export function SelectField<V extends string>({
  id,
  label,
  value,
  onChange,
  options,
  children,
  error,
  hint,
  term,
}: SelectFieldProps<V>) {
  return (
    <div className="field">
      <FieldLabel htmlFor={id} label={label} term={term} />
      <select
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value as V)}
      >
        {options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
      {hint ? <p className="field-hint">{hint}</p> : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
