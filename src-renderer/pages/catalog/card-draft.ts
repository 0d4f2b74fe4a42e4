import type { z } from 'zod';
import type { Card } from '../../../src-main/domain/catalog';
import {
  cardFields,
  cardFieldsSchema,
  cardFromFields,
  fieldsOfCard,
} from '../../../src-main/domain/fields/card-fields';
import type { AnyField } from '../../../src-main/domain/fields/field';
import type { Message } from '../../../src-main/domain/messages';
import { formFields, formText, formValue } from '../../lib/field-form';
import { problemsByField } from '../../lib/field-problems';

/** The card form's fields, in the table's order (domain/fields/card-fields.ts): one control each. */
export const CARD_FORM_FIELDS = formFields(cardFields);

/** What the card form holds: the text of each field, by its key ("memoryGiB"). */
export type CardDraft = Record<string, string>;

/**
 * A new card's form: the table's number defaults (TDP 300 W, PCIe 4, 2024), every other field
 * empty. A text left empty (vendor, architecture, source) takes the table's default when saved,
 * so no English default text shows in a Chinese form.
 */
export function blankCardDraft(): CardDraft {
  return Object.fromEntries(
    CARD_FORM_FIELDS.map(({ key, field }) => [
      key,
      field.control?.kind === 'number' ? String(formText((field as { default?: unknown }).default)) : '',
    ]),
  );
}

/** The form for editing a stored card (built-in or the user's own). */
export function draftOfCard(card: Card): CardDraft {
  const fields = fieldsOfCard(card) as Record<string, unknown>;
  return Object.fromEntries(CARD_FORM_FIELDS.map(({ key }) => [key, String(formText(fields[key]))]));
}

/** The checked card, or every field at fault with the sentence for its first problem. */
export type CardCheck = { ok: true; card: Card } | { ok: false; problems: Record<string, Message> };

/**
 * The card the form spells, checked by the card field table (units and plausible ranges: a
 * TB/s typed as GB/s is refused, naming the field and its range); an empty optional rate is none.
 */
export function cardFromDraft(draft: CardDraft): CardCheck {
  const values: Record<string, unknown> = {};
  for (const { key, field } of CARD_FORM_FIELDS) {
    const value = formValue(field, draft[key] ?? '');
    if (value !== undefined) values[key] = value;
  }
  const parsed = cardFieldsSchema.safeParse(values, { reportInput: true });
  if (!parsed.success) return { ok: false, problems: problemsByField(parsed.error, cardFieldsSchema) };
  return { ok: true, card: cardFromFields(parsed.data) };
}

/** The plausible range of a number field, as its schema bounds it; null for a text field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a field of any table
export function rangeOf(field: AnyField<any>): { min: number; max: number } | null {
  let schema = field.schema as z.ZodType & { def?: { innerType?: z.ZodType } };
  while (schema.def?.innerType) schema = schema.def.innerType as typeof schema;
  const bounds = schema as unknown as { minValue?: number | null; maxValue?: number | null };
  return typeof bounds.minValue === 'number' && typeof bounds.maxValue === 'number'
    ? { min: bounds.minValue, max: bounds.maxValue }
    : null;
}
