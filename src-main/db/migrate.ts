import { createHash } from 'node:crypto';
import type { Db } from './driver';
import { isBusyError } from './busy';
import { StoreError } from './store-error';
import { readTransaction, writeTransaction } from './transaction';

/** One numbered SQL migration file, `NNN_snake_name.sql`. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** sha256 (hex) of the file with line endings normalized to \n. */
  checksum: string;
}

const FILE_NAME = /^(\d{3})_([a-z0-9_]+)\.sql$/;

/**
 * The migrations among `files` (file name -> SQL), ordered; versions must run 1, 2, 3 … without
 * gaps. `where` names their origin in an error.
 */
export function migrationsFrom(files: Readonly<Record<string, string>>, where = 'the bundled migrations'): Migration[] {
  const migrations = Object.entries(files)
    .map(([entry, text]) => ({ text, match: FILE_NAME.exec(entry) }))
    .filter((m): m is { text: string; match: RegExpExecArray } => m.match !== null)
    .map(({ text, match }) => {
      // A checkout with CRLF line endings must not look like an edited migration.
      const sql = text.replace(/\r\n/g, '\n');
      return { version: Number(match[1]), name: match[2] ?? '', sql, checksum: sha256(sql) };
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) {
      throw new StoreError(
        'migration-failed',
        `${where} must be numbered 001, 002 … without gaps or repeats; found ${String(m.version).padStart(3, '0')}_${m.name}.sql at position ${i + 1}`,
      );
    }
  });
  return migrations;
}

/** The version the file is at (`PRAGMA user_version`); 0 for a new file. */
export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Throws unless `db` can be migrated by `migrations`: its version must not be newer than
 * the newest migration, and every applied migration must still have the checksum it was
 * applied with. Only reads.
 */
export function assertMigratable(db: Db, migrations: readonly Migration[]): void {
  // One read transaction: the version and the history are read from one snapshot, so another process
  // committing a migration between the two reads cannot make a good file look corrupt.
  readTransaction(db, () => checkMigratable(db, migrations));
}

function checkMigratable(db: Db, migrations: readonly Migration[]): void {
  const version = schemaVersion(db);
  const latest = migrations.length;
  if (version > latest) {
    throw new StoreError(
      'newer-schema',
      `the database is at schema version ${version}, but this Cardwise only knows up to ${latest}; update Cardwise (the file was not changed)`,
    );
  }
  if (version === 0) return;
  const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
  const applied = hasTable
    ? (db.prepare('SELECT version, name, checksum FROM schema_migrations ORDER BY version').all() as AppliedRow[])
    : [];
  if (applied.length !== version || applied.some((row, i) => row.version !== i + 1)) {
    throw new StoreError(
      'corrupt',
      `the database says schema version ${version} but its migration history lists ${applied.length} migrations`,
    );
  }
  for (const row of applied) {
    const known = migrations[row.version - 1];
    if (known && known.checksum !== row.checksum) {
      throw new StoreError(
        'checksum-mismatch',
        `migration ${String(row.version).padStart(3, '0')}_${row.name} was changed after it was applied to this database (checksum differs); restore the original migration file and add a new one instead`,
      );
    }
  }
}

interface AppliedRow {
  version: number;
  name: string;
  checksum: string;
}

export interface MigrateOptions {
  /** Called once, before the first pending migration, when the file already had a schema. */
  beforeMigrating?: (fromVersion: number) => void;
  now?: () => Date;
}

/**
 * Applies the pending migrations, each in its own IMMEDIATE transaction together with its
 * schema_migrations row and the new user_version. The version is read again under the write
 * lock, so when several processes open the same new file at once each migration runs exactly
 * once (the others find it applied and skip it). Returns the versions this call applied.
 */
export function migrate(db: Db, migrations: readonly Migration[], options: MigrateOptions = {}): number[] {
  assertMigratable(db, migrations);
  const from = schemaVersion(db);
  const pending = migrations.filter((m) => m.version > from);
  if (pending.length === 0) return [];
  if (from > 0) options.beforeMigrating?.(from);
  const now = options.now ?? (() => new Date());
  // SQLite's procedure for schema changes: foreign keys off (so a table rebuild does not
  // cascade), then foreign_key_check before each commit. It cannot change inside a transaction.
  const foreignKeys = db.pragma('foreign_keys', { simple: true }) as number;
  db.pragma('foreign_keys = OFF');
  const applied: number[] = [];
  try {
    for (const m of pending) if (applyOne(db, m, now())) applied.push(m.version);
  } finally {
    db.pragma(`foreign_keys = ${foreignKeys ? 'ON' : 'OFF'}`);
  }
  return applied;
}

/** Applies one migration unless another connection already did; says whether this one did. */
function applyOne(db: Db, m: Migration, at: Date): boolean {
  const label = `${String(m.version).padStart(3, '0')}_${m.name}`;
  try {
    return writeTransaction(db, () => {
      const version = schemaVersion(db);
      if (version >= m.version) return false;
      if (version !== m.version - 1) throw new Error(`the file is at version ${version}, expected ${m.version - 1}`);
      db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT`);
      db.exec(m.sql);
      const violations = db.pragma('foreign_key_check') as unknown[];
      if (violations.length > 0) throw new Error(`${violations.length} foreign key violations`);
      db.prepare('INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)').run(
        m.version,
        m.name,
        m.checksum,
        at.toISOString(),
      );
      // user_version is written in the same transaction, so it never runs ahead of the schema.
      db.pragma(`user_version = ${m.version}`);
      return true;
    });
  } catch (error) {
    if (isBusyError(error)) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new StoreError('migration-failed', `migration ${label} failed and was rolled back: ${detail}`, {
      cause: error,
    });
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
