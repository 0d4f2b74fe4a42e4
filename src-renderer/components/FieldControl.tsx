import { memo, type ReactElement } from 'react';
import type { Card } from '../../src-main/domain/catalog';
import type { AnyField } from '../../src-main/domain/fields/field';
import { optionLabel } from '../../src-main/domain/fields/resolve';
import { msg } from '../../src-main/domain/messages';
import { choicesOf } from '../lib/field-form';
import { FIELD_TERMS } from '../lib/glossary';
import { useMessageText } from '../lib/messages';
import { CheckboxField } from './CheckboxField';
import { FieldError } from './FieldError';
import { SelectField } from './SelectField';
import { TextField } from './TextField';

export interface FieldControlProps {
  id: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a field of any table
  field: AnyField<any>;
  value: string | boolean;
  onChange: (value: string | boolean) => void;
  error?: string;
  /** The catalog, for a card field. */
  cards?: readonly Card[];
}

/**
 * One field of a table (domain/fields) as its control hint says: a select of its choices, a
 * number, a checkbox, a text…, labelled and explained in the UI's language from the table's words.
 */
export function FieldControl({ id, field, value, onChange, error, cards = [] }: FieldControlProps) {
  const text = useMessageText();
  const control = field.control;
  const label = text(msg(field.label));
  const hint = field.help ? text(msg(field.help)) : undefined;
  const described = error ? `${id}-error` : undefined;
  const term = FIELD_TERMS[field.label];
  switch (control?.kind) {
    case 'checkbox':
      return <CheckboxField id={id} label={label} checked={value === true} onChange={onChange} term={term} />;
    case 'number':
      return (
        <TextField
          id={id}
          type="number"
          min={control.min}
          step={control.step}
          label={label}
          value={String(value)}
          onChange={onChange}
          error={error}
          hint={hint}
          term={term}
        />
      );
    case 'text':
      return (
        <TextField
          id={id}
          label={label}
          value={String(value)}
          onChange={onChange}
          placeholder={control.placeholder}
          error={error}
          hint={hint}
          term={term}
        />
      );
    case 'select':
    case 'card': {
      const empty = control.emptyLabel ? [{ value: '', label: text(msg(control.emptyLabel)) }] : [];
      const choices =
        control.kind === 'select'
          ? choicesOf(field).map((choice) => ({
              value: choice,
              label: text(optionLabel(control.optionLabels, choice)),
            }))
          : [
              ...cards.map((card) => ({ value: card.id, label: card.name })),
              // A card the catalog no longer has (a logged run's) stays shown as its id.
              ...(value === '' || cards.some((card) => card.id === value)
                ? []
                : [{ value: String(value), label: String(value) }]),
            ];
      return (
        <SelectField
          id={id}
          label={label}
          value={String(value)}
          onChange={onChange}
          options={[...empty, ...choices]}
          error={error}
          hint={hint}
          term={term}
        />
      );
    }
    case 'textarea':
    case 'datetime':
      return (
        <div className="field">
          <label htmlFor={id}>{label}</label>
          {control.kind === 'textarea' ? (
            <textarea
              id={id}
              rows={3}
              value={String(value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={described}
              onChange={(event) => onChange(event.target.value)}
            />
          ) : (
            <input
              id={id}
              type="datetime-local"
              value={String(value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={described}
              onChange={(event) => onChange(event.target.value)}
            />
          )}
          <FieldError id={`${id}-error`} message={error} />
        </div>
      );
    default:
      return null;
  }
}

/** A form's one change handler, told which field changed. */
export type KeyedChange<K extends string> = (key: K, value: string | boolean) => void;

/**
 * One field's control, told its form's one `onChange` and its key: memoised, so with a stable `onChange` a
 * keystroke renders the field it changed again, not every field and its strings.
 */
export const KeyedFieldControl = memo(function KeyedFieldControl({
  fieldKey,
  onChange,
  ...control
}: Omit<FieldControlProps, 'onChange'> & { fieldKey: string; onChange: KeyedChange<string> }) {
  return <FieldControl {...control} onChange={(value) => onChange(fieldKey, value)} />;
}) as <K extends string>(
  props: Omit<FieldControlProps, 'onChange'> & { fieldKey: K; onChange: KeyedChange<K> },
) => ReactElement;
