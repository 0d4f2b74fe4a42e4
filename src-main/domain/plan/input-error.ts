import type { ZodError } from 'zod';
import { InputError } from '../errors';

/** Turns the first zod issue into an InputError naming the field ("spot.restartMinutes", "offers.1.currency"). */
export function inputErrorFrom(error: ZodError): InputError {
  const issue = error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : '(input)';
  return new InputError(field, issue?.message ?? 'invalid input');
}
