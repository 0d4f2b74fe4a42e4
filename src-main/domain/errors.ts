import { english, type Message } from './messages';

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

/** The first problem zod found, as a dotted field path (undefined for the value as a whole) and its message. */
export function firstIssue(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): {
  field: string | undefined;
  message: string;
} {
  const issue = error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : undefined;
  return { field, message: issue?.message ?? 'invalid value' };
}
