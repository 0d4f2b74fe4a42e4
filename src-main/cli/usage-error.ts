/**
 * A mistake in what the user typed (a flag, a value, an input file): the CLI prints
 * `error: <where>: <message>` on one line and exits 2.
 */
export class UsageError extends Error {
  constructor(
    /** The flag or field at fault, e.g. "--batch" or "--input[3].batchSize". */
    readonly where: string,
    message: string,
    /** Further lines printed after the error line, e.g. every bad row of an import file. */
    readonly details: readonly string[] = [],
  ) {
    super(message);
    this.name = 'UsageError';
  }
}
