import type { z } from 'zod';
import { firstIssue, InputError } from '../domain/errors';
import { StoreError } from './store-error';

function describe(error: z.ZodError): { field: string; message: string } {
  const { field, message } = firstIssue(error);
  return { field: field ?? '(value)', message };
}

/** Parses a caller's value; a bad one throws InputError naming the field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const { field, message } = describe(parsed.error);
  throw new InputError(field, message);
}

/** Parses a row read from the database into its domain type; a bad row means a damaged store. */
export function parseRow<S extends z.ZodType>(schema: S, value: unknown, table: string, id: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const { field, message } = describe(parsed.error);
  throw new StoreError('corrupt', `${table} row "${String(id)}" does not match its schema (${field}: ${message})`);
}

/** "field: message" of the first zod issue, for error texts outside the two cases above. */
export function zodSummary(error: z.ZodError): string {
  const { field, message } = describe(error);
  return `${field}: ${message}`;
}
