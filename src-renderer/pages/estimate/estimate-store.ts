import { choicesOf } from '../../lib/field-form';
import { createSessionStore, reviveFlat } from '../../lib/session-store';
import { DEFAULT_FORM, ESTIMATE_FIELDS, type EstimateForm } from './estimate-form';

/** The choices of every select of the form, from the field table. */
const CHOICES = ESTIMATE_FIELDS.filter(({ field }) => field.control?.kind === 'select').map(
  ({ key, field }) => [key, choicesOf(field)] as const,
);

/** A saved Estimate form made safe: wrong types and unknown choices fall back to the defaults. */
export function reviveEstimateForm(saved: unknown): EstimateForm {
  const form = reviveFlat(saved, DEFAULT_FORM) as unknown as Record<string, unknown>;
  const defaults = DEFAULT_FORM as unknown as Record<string, unknown>;
  for (const [key, allowed] of CHOICES) {
    // A value that is not a choice is a default the form keeps while the field is hidden (quant of a bf16 base).
    if (!allowed.includes(form[key] as string) && form[key] !== defaults[key]) form[key] = defaults[key];
  }
  return form as unknown as EstimateForm;
}

/** What the user set on Estimate, shared with Compare and kept across reloads of this tab. */
export const estimateFormStore = createSessionStore('cardwise.estimateForm', reviveEstimateForm);
