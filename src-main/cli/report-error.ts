import { ContractCallError } from '../ipc/register';
import { UsageError } from './usage-error';

/** Exit status for a bad flag, bad input or unknown command. */
export const EXIT_USAGE = 2;
/** Exit status for a store or internal failure. */
export const EXIT_FAILURE = 1;
/** Exit status when the database stayed locked by another process: try again (sysexits EX_TEMPFAIL). */
export const EXIT_BUSY = 75;

/**
 * Turns a contract error about a field into one about the flag that set it
 * ("batchSize: Too big" -> "--batch: Too big"), and a not-found error into one about
 * `notFoundFlag`; other errors pass through unchanged.
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
  const { field, message } = error.error;
  const flag = flagFor(field);
  if (!flag) return error;
  const prefix = `${field}: `;
  return new UsageError(flag, message.startsWith(prefix) ? message.slice(prefix.length) : message);
}

/**
 * Prefixes the field of a contract error with where the input came from
 * ("batchSize: Too small" -> "--input[3].batchSize: Too small").
 */
export function locateInputError(error: unknown, where: string): unknown {
  if (!(error instanceof ContractCallError) || error.error.code !== 'bad-input') return error;
  const { field, message } = error.error;
  if (!field) return new UsageError(where, message);
  const prefix = `${field}: `;
  return new UsageError(`${where}.${field}`, message.startsWith(prefix) ? message.slice(prefix.length) : message);
}

/**
 * The stderr line (plus any detail lines of a UsageError) and exit status for any failure:
 * usage mistakes and bad input exit 2, store and internal failures exit 1. Never a stack trace.
 */
export function describeFailure(error: unknown): { line: string; exitCode: number } {
  if (error instanceof UsageError) {
    return { line: [`error: ${error.where}: ${error.message}`, ...error.details].join('\n'), exitCode: EXIT_USAGE };
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
  const parseArgsError = describeParseArgsError(error);
  if (parseArgsError) return { line: `error: ${parseArgsError}`, exitCode: EXIT_USAGE };
  const name = (error as { name?: unknown } | null)?.name;
  const message = error instanceof Error ? error.message : String(error);
  // openApp throws StoreError (bad file, migration refused) before any dispatcher exists.
  const prefix = name === 'StoreError' ? 'store: ' : '';
  const busy = name === 'StoreError' && (error as { code?: unknown }).code === 'busy';
  return { line: `error: ${busy ? 'busy: ' : prefix}${oneLine(message)}`, exitCode: busy ? EXIT_BUSY : EXIT_FAILURE };
}

/** node:util parseArgs errors carry ERR_PARSE_ARGS_* codes; reword them to name the flag first. */
function describeParseArgsError(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !code.startsWith('ERR_PARSE_ARGS_')) return null;
  const message = (error as Error).message;
  const flag = /'(-{1,2}[^' ]+)/.exec(message)?.[1];
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `${flag ?? 'option'}: unknown option (see --help)`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return message.includes('does not take an argument')
        ? `${flag ?? 'option'}: takes no value`
        : `${flag ?? 'option'}: needs a value`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument ${/'([^']*)'/.exec(message)?.[1] ?? ''} (see --help)`.trim();
    default:
      return oneLine(message);
  }
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}
