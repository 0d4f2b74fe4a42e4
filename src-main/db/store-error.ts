import { english, msg, type Message, type MessageCode } from '../domain/messages';
import { isBusyError } from './busy';

/** Why the store refused to open or migrate a database file. */
export type StoreErrorCode =
  | 'corrupt'
  | 'newer-schema'
  | 'checksum-mismatch'
  | 'migration-failed'
  | 'io'
  /** Another process has the database open, so it cannot be replaced now. */
  | 'in-use'
  /** Another process held the write lock for longer than this one would wait. */
  | 'busy';

const STORE_DETAIL = {
  corrupt: 'store.corrupt',
  'newer-schema': 'store.newerSchema',
  'checksum-mismatch': 'store.checksumMismatch',
  'migration-failed': 'store.migrationFailed',
  io: 'store.io',
  'in-use': 'store.inUse',
  busy: 'store.busy',
} as const satisfies Record<StoreErrorCode, MessageCode>;

/** A fault of the database file or its migrations (not of the caller's input). */
export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StoreError';
  }

  /** What the user should do about it, in words the doors translate (`message` keeps the technical detail). */
  get detail(): Message {
    return msg(STORE_DETAIL[this.code]);
  }
}

/** What a missing row is called, by table: the word the user reads ("no card with id …"). */
const ROW_WORDS: Record<string, 'card' | 'offer' | 'run' | 'model'> = {
  card: 'card',
  cards: 'card',
  offer: 'offer',
  offers: 'offer',
  run: 'run',
  runs: 'run',
  model: 'model',
  models: 'model',
};

/** A repository was asked to change a row that does not exist. */
export class NotFoundError extends Error {
  /** The sentence as a code with parameters, for the doors to translate. */
  readonly detail: Message;

  constructor(
    readonly table: string,
    readonly id: string,
  ) {
    const word = ROW_WORDS[table];
    const detail = msg('store.notFound', { what: msg(word ? `store.what.${word}` : 'store.what.row'), id });
    super(english(detail));
    this.detail = detail;
    this.name = 'NotFoundError';
  }
}

const CORRUPT_CODES = /^SQLITE_(NOTADB|CORRUPT)/;

/** Maps a driver error (better-sqlite3 `SqliteError` or a Node fs error) to a StoreError. */
export function toStoreError(error: unknown, file: string): StoreError {
  if (error instanceof StoreError) return error;
  const code = (error as { code?: unknown })?.code;
  const detail = error instanceof Error ? error.message : String(error);
  if (isBusyError(error)) {
    return new StoreError(
      'busy',
      `${file} stayed locked or was being changed by another Cardwise process (${code}: ${detail}); nothing was changed — try again in a few seconds`,
      { cause: error },
    );
  }
  if (typeof code === 'string' && CORRUPT_CODES.test(code)) {
    return new StoreError('corrupt', `${file} is not a readable Cardwise database (${detail}); it was left as it is`, {
      cause: error,
    });
  }
  return new StoreError('io', `cannot use the database file ${file}: ${detail}`, { cause: error });
}
