import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { backupDatabase } from './backup';
import { bundledAssets } from './bundled';
import { driverOptions, type Db } from './driver';
import { checkIntact } from './intact';
import { assertMigratable, migrate, migrationsFrom, type Migration } from './migrate';
import { StoreError, toStoreError } from './store-error';

export interface OpenOptions {
  /** The migrations to bring the file up to; default the ones the build bundled (src-main/db/migrations). */
  migrations?: readonly Migration[];
  /** Clock for migration and backup time stamps (tests pass a fixed one). */
  now?: () => Date;
  /**
   * How long one statement waits for another process's write lock before SQLITE_BUSY. Opening
   * waits long (another process may be migrating or seeding the same file); a server or window
   * then lowers it (see OPERATION_BUSY_TIMEOUT_MS) and retries asynchronously instead.
   */
  busyTimeoutMs?: number;
  /** better-sqlite3's native module (the Electron main's own build); default: this process's (driver.ts). */
  nativeBinding?: string;
}

/** Opening, migrating and seeding wait this long for another process's lock. */
export const OPEN_BUSY_TIMEOUT_MS = 30_000;
/** After opening, one try blocks at most this long; the doors retry without blocking (busy.ts). */
export const OPERATION_BUSY_TIMEOUT_MS = 100;

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/**
 * Opens (or creates) the database file, sets the pragmas (WAL, foreign keys, busy
 * timeout, synchronous=NORMAL) and brings the schema up to date, taking a backup first
 * when an existing schema is about to change. A file that is not a database, is
 * corrupt, is newer than this app, or has edited migrations is refused with a
 * StoreError and left exactly as it was.
 */
export function openDb(file: string, options: OpenOptions = {}): Db {
  const migrations = options.migrations ?? migrationsFrom(bundledAssets.migrations);
  const now = options.now ?? (() => new Date());
  const existing = file !== ':memory:' && hasContent(file);
  if (file !== ':memory:') ensureFolder(file);
  if (existing) assertSqliteHeader(file);

  let db: Db | undefined;
  try {
    db = new Database(file, driverOptions({}, options.nativeBinding));
    // None of these three writes to the file; journal_mode=WAL does, so it waits for the checks.
    db.pragma(`busy_timeout = ${Math.max(0, Math.round(options.busyTimeoutMs ?? OPEN_BUSY_TIMEOUT_MS))}`);
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    // Checked only when the file changed since its last clean check (intact.ts); kept once the open succeeded.
    const keepClean = existing ? checkIntact(db, file) : undefined;
    if (existing) assertMigratable(db, migrations);
    db.pragma('journal_mode = WAL');
    const opened = db;
    migrate(opened, migrations, {
      now,
      beforeMigrating: (from) => backupDatabase(opened, file, from, now()),
    });
    keepClean?.();
    return db;
  } catch (error) {
    db?.close();
    throw toStoreError(error, file);
  }
}

function hasContent(file: string): boolean {
  try {
    return fs.statSync(file).size > 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw toStoreError(error, file);
  }
}

function ensureFolder(file: string): void {
  try {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  } catch (error) {
    throw toStoreError(error, file);
  }
}

/** Checked before SQLite sees the file, so nothing at all is written to a foreign file. */
function assertSqliteHeader(file: string): void {
  const header = Buffer.alloc(SQLITE_HEADER.length);
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, 'r');
    fs.readSync(fd, header, 0, header.length, 0);
  } catch (error) {
    throw toStoreError(error, file);
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
  if (!header.equals(SQLITE_HEADER)) {
    throw new StoreError(
      'corrupt',
      `${file} is not an SQLite database; it was left as it is (move it away or pass another --db)`,
    );
  }
}
