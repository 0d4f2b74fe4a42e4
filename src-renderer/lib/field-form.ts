import type { z } from 'zod';
import type { AnyField, FieldTable, Group } from '../../src-main/domain/fields/field';
import { listFields } from '../../src-main/domain/fields/field';
import { numberFromText } from './field-problems';

/* eslint-disable @typescript-eslint/no-explicit-any -- type-level mapping over any table */
type Entries<T> = {
  [K in keyof T & string]: T[K] extends Group<infer M, any>
    ? { [F in keyof M & string]: [`${K}${Capitalize<F>}`, M[F]] }[keyof M & string]
    : [K, T[K]];
}[keyof T & string];

/** What a form holds for a field: a switch as a boolean, anything else as the text the user typed or picked. */
type FormValue<F> = F extends { schema: infer S extends z.ZodType }
  ? z.output<S> extends boolean
    ? boolean
    : string
  : never;

/** A form over a table: one value per field, keyed by its form key ("batchSize", "loraRank"). */
export type TableForm<T> = { [E in Entries<T> as E[0]]: FormValue<E[1]> };
/* eslint-enable @typescript-eslint/no-explicit-any */

/** A field of a table with its contract path ("lora.rank") and its form key ("loraRank"). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a field of any table
export interface FormField<Ctx = any> {
  path: string;
  key: string;
  field: AnyField<Ctx>;
}

/** The form key of a contract path: "lora.rank" -> "loraRank". */
export function formKeyOf(path: string): string {
  return path.replace(/\.([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table, whatever its context
export function formFields(table: FieldTable<any>): FormField<any>[] {
  return listFields(table).map(({ key, field }) => ({ path: key, key: formKeyOf(key), field }));
}

/** A value as its control shows it: a switch as is, '' for none, anything else as text. */
export function formText(value: unknown): string | boolean {
  if (typeof value === 'boolean') return value;
  return value === undefined || value === null ? '' : String(value);
}

/**
 * The value of a control for the contract: a number field's text as the number typed ("1e30" stays
 * 1e30, so the schema says it is too big; junk is NaN), '' as undefined (NaN for a whole-number
 * field, which is always required).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a field of any table
export function formValue(field: AnyField<any>, text: string | boolean): unknown {
  if (typeof text === 'boolean') return text;
  const trimmed = text.trim();
  if (field.control?.kind !== 'number') return trimmed === '' ? undefined : text;
  if (trimmed === '') return field.control.step === 1 ? Number.NaN : undefined;
  return numberFromText(trimmed);
}

/** A select's choices: the control's own list, else the schema's enum (nullable or not). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a field of any table
export function choicesOf(field: AnyField<any>): readonly string[] {
  const control = field.control;
  if (control?.kind === 'select' && control.options) return control.options;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- zod's definitions
  let schema = field.schema as any;
  while (schema?.def?.innerType) schema = schema.def.innerType;
  return schema?.options ?? [];
}
