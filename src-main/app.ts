import type Database from 'better-sqlite3';
import { openDb } from './db/open';
import { NotFoundError, StoreError, toStoreError } from './db/store-error';
import { recoveryAdvice } from './db/recovery';
import { defaultDbPath, defaultPaths } from './db/paths';
import { seedFromData } from './db/seed';
import { seedPublishedRuns } from './db/seed-runs';
import { handlers, type HandlerDeps } from './handlers';
import { createDispatcher, type Dispatcher } from './ipc/register';
import type { ContractError } from './ipc/contract';

export interface App {
  db: Database.Database;
  dbPath: string;
  dispatcher: Dispatcher;
  close(): void;
}

/**
 * The one composition of the service that all three doors (Electron, HTTP, CLI) share:
 * open and migrate the store, seed the built-in catalog, bind the handlers.
 */
export function openApp(options: { dbPath?: string } = {}): App {
  const dbPath = options.dbPath ?? defaultDbPath();
  const { dataDir } = defaultPaths();
  let db: Database.Database | undefined;
  try {
    db = openDb(dbPath);
    seedFromData(db, dataDir);
    seedPublishedRuns(db, dataDir);
  } catch (error) {
    db?.close();
    throw withRecoveryAdvice(error, dbPath);
  }
  const opened = db;
  const deps: HandlerDeps = { db: opened };
  const dispatcher = createDispatcher(handlers, deps, mapStoreError);
  return { db: opened, dbPath, dispatcher, close: () => opened.close() };
}

/**
 * A damaged file (found by openDb, or only when seeding reads a bad page) becomes a
 * 'corrupt' StoreError that names the backup to restore and the command that does it.
 */
function withRecoveryAdvice(error: unknown, dbPath: string): unknown {
  const storeError = toStoreError(error, dbPath);
  if (storeError.code !== 'corrupt') return error;
  return new StoreError('corrupt', `${storeError.message}. ${recoveryAdvice(dbPath)}`, { cause: storeError });
}

function mapStoreError(error: unknown): ContractError | null {
  if (error instanceof NotFoundError) return { code: 'not-found', message: error.message };
  if (error instanceof StoreError) return { code: 'store', message: error.message };
  // A last line of defence: stored free-form JSON is depth-bounded (domain/runs/bounded-json.ts),
  // so a stack overflow can only come from input nested too deep, the caller's fault.
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return { code: 'bad-input', message: 'the input is nested too deeply to read' };
  }
  const sqliteCode = (error as { code?: unknown } | null)?.code;
  if (typeof sqliteCode === 'string' && sqliteCode.startsWith('SQLITE_CONSTRAINT')) {
    return { code: 'bad-input', message: `rejected by the store: ${(error as Error).message}` };
  }
  return null;
}
