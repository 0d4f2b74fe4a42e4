import type Database from 'better-sqlite3';
import { DEFAULT_BUSY_POLICY, isBusyError, RETRY_AFTER_SECONDS, retryWhileBusy, type BusyPolicy } from './db/busy';
import { registerHolder, type HolderKind, type HolderRegistration } from './db/holders';
import { migrationsFrom } from './db/migrate';
import { openDb, OPERATION_BUSY_TIMEOUT_MS } from './db/open';
import { NotFoundError, StoreError, toStoreError } from './db/store-error';
import { recoveryAdvice } from './db/recovery';
import type { StoreAssets } from './db/assets';
import { bundledAssets } from './db/bundled';
import { defaultDbPath } from './db/paths';
import { seedFromData } from './db/seed';
import { seedPublishedRuns } from './db/seed-runs';
import { PUBLISHED_RUNS_FILE } from './db/shipped-data';
import { fillContentKeys } from './db/runs-keys';
import { handlers, type HandlerDeps } from './handlers';
import { aroundDispatcher, createDispatcher, type Dispatcher } from './ipc/register';
import type { ContractError } from './ipc/contract';
import { english, msg } from './domain/messages';
import { hubCacheDirBeside, hubConfigFromEnv, type HubConfig } from './hub/hf-hub';

export interface App {
  db: Database.Database;
  dbPath: string;
  dispatcher: Dispatcher;
  /** This process's "I have the database open" note, which a restore reads (db/holders.ts). */
  holder: HolderRegistration;
  close(): void;
}

export interface OpenAppOptions {
  dbPath?: string;
  /** Who opens it, for a refused restore's message: default 'desktop' under Electron, else 'cli'. */
  holder?: HolderKind;
  /** How long a call waits for another process's write lock before it answers busy. */
  busy?: BusyPolicy;
  /** better-sqlite3's native module: the Electron main passes its own build (db/driver.ts). */
  nativeBinding?: string;
  /** The migrations and seed data; default the ones the build bundled (db/bundled.ts). */
  assets?: StoreAssets;
  /** How models are read by Hugging Face id; default from the environment, cached beside the database. */
  hub?: Partial<HubConfig>;
}

/**
 * The one composition of the service that all three doors (Electron, HTTP, CLI) share:
 * open and migrate the store, seed the built-in catalog, bind the handlers. A call that finds
 * the database locked by another process is retried without blocking the event loop, and
 * answers `busy` only when the lock outlasts the policy's deadline.
 */
export function openApp(options: OpenAppOptions = {}): App {
  const dbPath = options.dbPath ?? defaultDbPath();
  // The migrations and seed data the build carries; nothing is read from a checkout at run time.
  const { migrations, data, dataSha256 } = options.assets ?? bundledAssets;
  const holder = registerHolder(dbPath, options.holder ?? (process.versions.electron ? 'desktop' : 'cli'));
  let opened: Database.Database;
  try {
    opened = openWhenFree(() => {
      const db = openDb(dbPath, { nativeBinding: options.nativeBinding, migrations: migrationsFrom(migrations) });
      try {
        seedFromData(db, data);
        seedPublishedRuns(db, data, { fileSha256: dataSha256?.[PUBLISHED_RUNS_FILE] });
        fillContentKeys(db);
        db.pragma(`busy_timeout = ${OPERATION_BUSY_TIMEOUT_MS}`);
        return db;
      } catch (error) {
        db.close();
        throw error;
      }
    });
  } catch (error) {
    holder.release();
    throw withRecoveryAdvice(error, dbPath);
  }
  const hub = { ...hubConfigFromEnv(process.env, hubCacheDirBeside(dbPath)), ...options.hub };
  const deps: HandlerDeps = { db: opened, hub };
  const inner = createDispatcher(handlers, deps, mapStoreError);
  const policy = options.busy ?? DEFAULT_BUSY_POLICY;
  const dispatcher = aroundDispatcher(inner, (call) =>
    retryWhileBusy(call, (result) => !result.ok && result.error.code === 'busy', policy),
  );
  return {
    db: opened,
    dbPath,
    dispatcher,
    holder,
    close: () => {
      opened.close();
      holder.release();
    },
  };
}

/** How long opening keeps retrying when another process holds the file (see openWhenFree). */
const OPEN_RETRY_DEADLINE_MS = 30_000;

/**
 * Opening, migrating and seeding wait for another process's lock through SQLite's busy timeout,
 * but SQLite answers some lock conflicts at once without waiting (a read transaction whose
 * snapshot another process's commit made stale, a WAL file being reset as the last connection
 * closes: https://www.sqlite.org/rescode.html#busy_snapshot, https://www.sqlite.org/wal.html).
 * Every step of opening is idempotent and decides again under its lock, so the whole open is
 * simply tried again, with a short pause, until the deadline.
 */
function openWhenFree(open: () => Database.Database): Database.Database {
  const deadline = Date.now() + OPEN_RETRY_DEADLINE_MS;
  let pauseMs = 20;
  for (;;) {
    try {
      return open();
    } catch (error) {
      const busy = isBusyError(error) || (error instanceof StoreError && error.code === 'busy');
      if (!busy || Date.now() + pauseMs > deadline) throw error;
      // Opening is synchronous everywhere it is called (the CLI, the server, the Electron main before
      // its window), so the pause blocks this thread; nothing else is waiting on it yet.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, pauseMs);
      pauseMs = Math.min(250, pauseMs * 2);
    }
  }
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
  if (error instanceof NotFoundError) return { code: 'not-found', message: error.message, detail: error.detail };
  if (isBusyError(error) || (error instanceof StoreError && error.code === 'busy')) {
    const detail = msg('store.busy');
    return { code: 'busy', message: english(detail), detail, retryAfterSeconds: RETRY_AFTER_SECONDS };
  }
  if (error instanceof StoreError) return { code: 'store', message: error.message, detail: error.detail };
  // A last line of defence: stored free-form JSON is depth-bounded (domain/runs/bounded-json.ts),
  // so a stack overflow can only come from input nested too deep, the caller's fault.
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    const detail = msg('store.nestedTooDeep');
    return { code: 'bad-input', message: english(detail), detail };
  }
  const sqliteCode = (error as { code?: unknown } | null)?.code;
  if (typeof sqliteCode === 'string' && sqliteCode.startsWith('SQLITE_CONSTRAINT')) {
    // The driver's own text stays in the English message, for the log.
    return {
      code: 'bad-input',
      message: `rejected by the store: ${(error as Error).message}`,
      detail: msg('store.constraint'),
    };
  }
  return null;
}
