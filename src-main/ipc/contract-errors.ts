import { msg, type Message } from '../domain/messages/message';

/**
 * How a call fails, without zod: the renderer's first chunk reads errors before any page (and the
 * contract's schemas) has loaded. contract.ts re-exports all of it.
 */

/** `busy`: another process holds the database's write lock; the same call succeeds a moment later. */
export type ErrorCode = 'bad-input' | 'unknown-channel' | 'not-found' | 'forbidden' | 'busy' | 'store' | 'internal';
export interface ContractError {
  code: ErrorCode;
  /** The English sentence (the CLI prints it; logs keep it). */
  message: string;
  /** The same sentence as a code with parameters, which the renderer shows in the user's language. */
  detail?: Message;
  /** Dotted path of the input field at fault, when one is. */
  field?: string;
  /** For `busy`: seconds to wait before trying again (HTTP sends it as Retry-After). */
  retryAfterSeconds?: number;
  /** The first 100 bad rows of an import file (line: 1-based data line of a CSV, index in a JSON array). */
  issues?: { line: number; field: string; message: string; detail?: Message }[];
  /** How many problems the import file had in all (issues holds the first 100). */
  issuesTotal?: number;
}
export type Result<T> = { ok: true; data: T } | { ok: false; error: ContractError };

const GENERIC_DETAIL = {
  'bad-input': 'error.invalidInput',
  'unknown-channel': 'error.internal',
  'not-found': 'error.notFound',
  forbidden: 'error.forbidden',
  busy: 'store.busy',
  store: 'error.store',
  internal: 'error.internal',
} as const satisfies Record<ErrorCode, Message['code']>;

/**
 * What to tell the user about an error: its own message, or for an error built without one (a
 * door's refusal, a transport failure) a sentence for its code. Never the English `message`.
 */
export function errorDetail(error: Pick<ContractError, 'code' | 'detail'>): Message {
  return error.detail ?? msg(GENERIC_DETAIL[error.code]);
}
