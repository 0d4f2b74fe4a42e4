import type { GlossaryKey } from '../lib/glossary';
import { Term } from './Term';

/** A checkbox with its label beside it. */
export function CheckboxField({
  id,
  label,
  checked,
  onChange,
  term,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The glossary entry that explains the box. */
  term?: GlossaryKey;
}) {
  return (
    <div className="field field-checkbox">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
      {term ? <Term k={term} /> : null}
    </div>
  );
}
