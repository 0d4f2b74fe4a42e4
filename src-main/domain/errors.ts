import type { z } from 'zod';
import { english, firstProblem, type Message } from './messages';

/** A bad input found by domain logic (after schema parsing), naming the field at fault. */
export class InputError extends Error {
  /** The sentence as a code with parameters, for the doors to translate (absent for plain text). */
  readonly detail: Message | undefined;

  constructor(
    readonly field: string,
    detail: Message | string,
  ) {
    super(typeof detail === 'string' ? detail : english(detail));
    this.name = 'InputError';
    this.detail = typeof detail === 'string' ? undefined : detail;
  }
}

/**
 * The InputError for a failed parse: its first problem, worded with the limits of `schema`, at
 * its dotted field path ("spot.restartMinutes", "offers.1.currency"); `rootField` when the value
 * as a whole is at fault.
 */
export function inputErrorFrom(error: z.ZodError, schema: z.ZodType, rootField = '(input)'): InputError {
  const { field, detail } = firstProblem(error, schema);
  return new InputError(field ?? rootField, detail);
}
