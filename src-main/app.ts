import type Database from 'better-sqlite3';
import { openDb } from './db/open';
import { NotFoundError, StoreError } from './db/store-error';
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
  const db = openDb(dbPath);
  const { dataDir } = defaultPaths();
  seedFromData(db, dataDir);
  seedPublishedRuns(db, dataDir);
  const deps: HandlerDeps = { db };
  const dispatcher = createDispatcher(handlers, deps, mapStoreError);
  return { db, dbPath, dispatcher, close: () => db.close() };
}

function mapStoreError(error: unknown): ContractError | null {
  if (error instanceof NotFoundError) return { code: 'not-found', message: error.message };
  if (error instanceof StoreError) return { code: 'store', message: error.message };
  const sqliteCode = (error as { code?: unknown } | null)?.code;
  if (typeof sqliteCode === 'string' && sqliteCode.startsWith('SQLITE_CONSTRAINT')) {
    return { code: 'bad-input', message: `rejected by the store: ${(error as Error).message}` };
  }
  return null;
}
