/** A bad input found by domain logic (after schema parsing), naming the field at fault. */
export class InputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'InputError';
  }
}
