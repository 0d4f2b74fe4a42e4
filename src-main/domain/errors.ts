import type { z } from 'zod';
import { english, firstProblem, type Message } from './messages';

/** A bad input found by domain logic (after schema parsing), naming the field at fault. */
export class InputError extends Error {
  constructor(
    readonly field: string,
    /** The sentence as a code with parameters, for the doors to translate; `message` holds its English. */
    readonly detail: Message,
  ) {
    super(english(detail));
    this.name = 'InputError';
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
