import type { z } from 'zod';
import { inputErrorFrom } from '../domain/errors';
import { english, firstProblem } from '../domain/messages';
import { StoreError } from './store-error';

/** "field: problem" of the first zod issue, in English (store and seed faults are for the developer's log). */
export function zodSummary(error: z.ZodError, schema?: z.ZodType): string {
  const { field, detail } = firstProblem(error, schema);
  return `${field ?? '(value)'}: ${english(detail)}`;
}

/** Parses a caller's value; a bad one throws InputError naming the field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw inputErrorFrom(parsed.error, schema, '(value)');
}

/** Parses a row read from the database into its domain type; a bad row means a damaged store. */
export function parseRow<S extends z.ZodType>(schema: S, value: unknown, table: string, id: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new StoreError(
    'corrupt',
    `${table} row "${String(id)}" does not match its schema (${zodSummary(parsed.error, schema)})`,
  );
}
