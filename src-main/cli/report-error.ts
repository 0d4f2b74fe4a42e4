import { english } from '../domain/messages';
import { ContractCallError } from '../ipc/register';

/** Exit status for a bad flag, bad input or unknown command. */
export const EXIT_USAGE = 2;
/** Exit status for a store or internal failure. */
export const EXIT_FAILURE = 1;
/** Exit status when the database stayed locked by another process: try again (sysexits EX_TEMPFAIL). */
export const EXIT_BUSY = 75;

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

/** A contract error's sentence without the "field: " prefix the dispatcher puts in front of it. */
function sentence(error: ContractCallError): string {
  const { field, message, detail } = error.error;
  if (detail) return english(detail);
  const prefix = field ? `${field}: ` : '';
  return message.startsWith(prefix) ? message.slice(prefix.length) : message;
}

/**
 * Turns a contract error about a field into one about the flag that set it ("precision: QLoRA
 * needs…" -> "--precision: QLoRA needs…"), and a not-found error into one about `notFoundFlag`;
 * other errors pass through unchanged.
 */
export function nameTheFlag(
  error: unknown,
  flagFor: (field: string) => string | undefined,
  /** The flag that named a row, for a not-found error (e.g. --gpu for an unknown card). */
  notFoundFlag?: string,
): unknown {
  if (error instanceof ContractCallError && error.error.code === 'not-found' && notFoundFlag) {
    return new UsageError(notFoundFlag, error.error.message);
  }
  if (!(error instanceof ContractCallError) || error.error.code !== 'bad-input' || !error.error.field) return error;
  const flag = flagFor(error.error.field);
  return flag ? new UsageError(flag, sentence(error)) : error;
}

/**
 * Prefixes the field of a contract error with where the input came from
 * ("batchSize: Too small" -> "--input[3].batchSize: Too small").
 */
export function locateInputError(error: unknown, where: string): unknown {
  if (!(error instanceof ContractCallError) || error.error.code !== 'bad-input') return error;
  const { field } = error.error;
  return new UsageError(field ? `${where}.${field}` : where, sentence(error));
}

/**
 * The stderr line (plus any detail lines of a UsageError) and exit status for any failure:
 * usage mistakes and bad input exit 2, store and internal failures 1, a busy store 75. Never a stack trace.
 */
export function describeFailure(error: unknown): { line: string; exitCode: number } {
  if (error instanceof UsageError) {
    const lines = [`error: ${error.where}: ${error.message}`, ...error.details];
    return { line: lines.map(printable).join('\n'), exitCode: EXIT_USAGE };
  }
  if (error instanceof ContractCallError) {
    const { code, message } = error.error;
    if (code === 'busy') return { line: `error: busy: ${oneLine(message)}`, exitCode: EXIT_BUSY };
    const userFault = code === 'bad-input' || code === 'not-found' || code === 'unknown-channel';
    return {
      line: `error: ${userFault ? '' : `${code}: `}${oneLine(message)}`,
      exitCode: userFault ? EXIT_USAGE : EXIT_FAILURE,
    };
  }
  const name = (error as { name?: unknown } | null)?.name;
  const message = error instanceof Error ? error.message : String(error);
  // openApp throws StoreError (bad file, migration refused) before any dispatcher exists.
  const prefix = name === 'StoreError' ? 'store: ' : '';
  const busy = name === 'StoreError' && (error as { code?: unknown }).code === 'busy';
  return { line: `error: ${busy ? 'busy: ' : prefix}${oneLine(message)}`, exitCode: busy ? EXIT_BUSY : EXIT_FAILURE };
}

function oneLine(text: string): string {
  return printable(text.replace(/\s*\n\s*/g, ' ').trim());
}

const ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * A line as a terminal should get it: control characters (a newline, ESC of an escape sequence,
 * C1 codes, the Unicode line separators) written as escapes, since an error line may quote what
 * the user typed (`--batch: …, got "…"`) and must stay one line that cannot repaint the screen.
 */
function printable(line: string): string {
  return line.replace(
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
    (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
