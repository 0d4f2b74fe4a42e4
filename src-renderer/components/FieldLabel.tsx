import type { GlossaryKey } from '../lib/glossary';
import { Term } from './Term';

/** A field's <label>, with the glossary's ⓘ beside it (outside the label, so the control keeps its name). */
export function FieldLabel({ htmlFor, label, term }: { htmlFor: string; label: string; term?: GlossaryKey }) {
  if (!term) return <label htmlFor={htmlFor}>{label}</label>;
  return (
    <span className="field-label-row">
      <label htmlFor={htmlFor}>{label}</label>
      <Term k={term} />
    </span>
  );
}
