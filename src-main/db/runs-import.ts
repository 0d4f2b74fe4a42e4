import {
  CsvRunsDecoder,
  ImportError,
  IssueCollector,
  jsonFileIssue,
  jsonPendingRows,
  JsonRowsError,
  JsonRowsReader,
  MAX_REPORTED_ISSUES,
  RowValidator,
  runProblems,
  RunsFileError,
  type ImportIssue,
  type PendingRow,
} from '../domain/runs';
import { listCards } from './cards-repo';
import { DEFAULT_BUSY_POLICY } from './busy';
import type { Db } from './driver';
import { listModels } from './models-repo';
import { RUN_COLUMNS, runValues } from './runs-rows';
import { withDerivedRebuilt } from './runs-derived';
import { tempTransaction, writeTransactionWhenFree } from './transaction';

/**
 * Importing runs, all or nothing, in bounded memory and with the write lock held briefly:
 * rows are decoded and validated as they stream in and staged in a temp table of this
 * connection (which takes no lock on the database); only when every row is good is the write
 * lock taken, the duplicates marked and the staged runs copied in one INSERT … SELECT. A kill at
 * any moment leaves the database with none or all of the runs (SQLite's transaction), and
 * other writers wait for the copy only, never for the reading.
 */

export type RunFileFormat = 'csv' | 'json';

/** How far an import is. */
export interface ImportProgress {
  phase: 'reading' | 'writing';
  /** Rows read so far (reading), or rows being written. */
  rows: number;
}

export interface ImportOptions {
  /** Add runs that are already in the log too (by default they are counted and skipped). */
  allowDuplicates?: boolean;
  now?: Date;
  /** Called every PROGRESS_EVERY rows while reading, and once before writing. */
  onProgress?: (progress: ImportProgress) => void;
  /** How long to wait for another process's write lock before answering busy. */
  lockDeadlineMs?: number;
}

/** What an import did. */
export interface ImportResult {
  imported: number;
  /** Rows identical to a run already in the log: skipped, unless allowDuplicates. */
  duplicates: number;
  /** The lines of the first MAX_REPORTED_ISSUES duplicates (numbered as problems are). */
  duplicateLines: number[];
  /** The ids given to the imported runs: every id from first to last; null when none was. */
  ids: { first: number; last: number } | null;
}

const STAGE_BATCH = 2_000;
/**
 * Page cache of the connection while it imports, KiB (SQLite's negative cache_size): the copy writes
 * every index of the log, and content_key's are random, so with the default 2 MiB cache most index
 * pages are evicted and re-read between rows. The staging table (temp schema) gets as much, so it is
 * spilled to its temp file less often. Both restored when the import ends.
 */
const IMPORT_CACHE_KIB = 64 * 1024;
const PROGRESS_EVERY = 50_000;
/** Text is handed to the decoder in slices of this size, so one big request does not block for long. */
const SLICE_CHARS = 1 << 20;

/**
 * What the staging table leaves out (issue 16): the columns that one configuration decides are staged
 * once per distinct configuration in a table of their own (a log repeats a few dozen), and the
 * columns every imported run shares (where it came from, when it was written) are given to the copy
 * as parameters. A staged row is then about half as wide, and half as many values are bound per row.
 */
const CONFIG_COLUMNS = ['config', 'method', 'model_label', 'precision'] as const;
const SHARED_COLUMNS = ['ref_id', 'origin', 'citation', 'created_at'] as const;
/** Where the copy into the log reads each column: the staged row, its configuration, or a parameter. */
const sourceOf = (column: string) =>
  (CONFIG_COLUMNS as readonly string[]).includes(column)
    ? `c.${column}`
    : (SHARED_COLUMNS as readonly string[]).includes(column)
      ? `@${column}`
      : `s.${column}`;
const STAGED_COLUMNS = RUN_COLUMNS.filter((column) => sourceOf(column).startsWith('s.'));
/** The copy's select list, in RUN_COLUMNS order. */
const COPY_SELECT = RUN_COLUMNS.map(sourceOf).join(', ');
const columnAt = (column: string) => (RUN_COLUMNS as readonly string[]).indexOf(column);
const STAGED_AT = STAGED_COLUMNS.map(columnAt);
const CONFIG_AT = CONFIG_COLUMNS.map(columnAt);
const SHARED_AT = SHARED_COLUMNS.map(columnAt);

let stagingTables = 0;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The decoded rows of a file arriving in chunks, a batch per chunk. */
async function* decodeChunks(
  chunks: AsyncIterable<string> | Iterable<string>,
  format: RunFileFormat,
): AsyncGenerator<PendingRow[]> {
  if (format === 'csv') {
    const decoder = new CsvRunsDecoder();
    for await (const chunk of chunks) yield decoder.push(chunk);
    yield decoder.end();
    return;
  }
  const reader = new JsonRowsReader();
  try {
    for await (const chunk of chunks) yield jsonPendingRows(reader.push(chunk));
    yield jsonPendingRows(reader.end());
  } catch (error) {
    if (error instanceof JsonRowsError) throw new RunsFileError([jsonFileIssue(error)]);
    throw error;
  }
}

/** A text in slices of SLICE_CHARS. */
export function* slices(text: string): Generator<string> {
  for (let at = 0; at < text.length; at += SLICE_CHARS) yield text.slice(at, at + SLICE_CHARS);
}

/**
 * Imports the rows of `batches` all or nothing. Throws ImportError (the first
 * MAX_REPORTED_ISSUES problems and how many there were) when any row is bad; nothing is
 * written then.
 */
export async function importPendingRows(
  db: Db,
  batches: AsyncIterable<PendingRow[]> | Iterable<PendingRow[]>,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const now = options.now ?? new Date();
  const table = `temp.import_${process.pid}_${++stagingTables}`;
  const configs = `${table}_configs`;
  const cacheSize = db.pragma('cache_size', { simple: true }) as number;
  const tempCacheSize = db.pragma('temp.cache_size', { simple: true }) as number;
  db.pragma(`cache_size = ${Math.min(cacheSize, -IMPORT_CACHE_KIB)}`);
  db.pragma(`temp.cache_size = ${Math.min(tempCacheSize, -IMPORT_CACHE_KIB)}`);
  db.exec(
    `CREATE TABLE ${table} (line INTEGER NOT NULL, dup INTEGER NOT NULL DEFAULT 0, config_ref INTEGER NOT NULL, ${STAGED_COLUMNS.join(', ')})`,
  );
  db.exec(`CREATE TABLE ${configs} (id INTEGER PRIMARY KEY, ${CONFIG_COLUMNS.join(', ')})`);
  try {
    const stage = db.prepare(
      `INSERT INTO ${table} (line, config_ref, ${STAGED_COLUMNS.join(', ')}) VALUES (?, ?, ${STAGED_COLUMNS.map(() => '?').join(', ')})`,
    );
    const stageConfig = db.prepare(
      `INSERT INTO ${configs} (id, ${CONFIG_COLUMNS.join(', ')}) VALUES (?, ${CONFIG_COLUMNS.map(() => '?').join(', ')})`,
    );
    // By the configuration's JSON text, which decides the other three columns.
    const configRefs = new Map<unknown, number>();
    let shared: unknown[] | null = null;
    const validator = new RowValidator();
    const problems = new IssueCollector();
    // A row that cannot have happened on its card is a bad row like any other (plausibility.ts).
    const cards = new Map(listCards(db).map((card) => [card.id, card]));
    const presets = listModels(db);
    const impossible = (line: number, input: Parameters<typeof runProblems>[0]): ImportIssue[] =>
      runProblems(input, cards.get(input.card), presets).map((p) => ({ line, field: p.field, message: p.message }));
    let read = 0;
    let staged = 0;
    // Built whole per row: `{ ...meta, estimate }` adds a field, which costs about 1 µs on Node 20 (scripts/bench/spread.ts).
    const metaOf = (estimate: unknown) =>
      ({ origin: 'mine', citation: null, refId: null, createdAt: now, estimate }) as const;
    try {
      for await (const rows of batches) {
        for (let from = 0; from < rows.length; from += STAGE_BATCH) {
          const batch = rows.slice(from, from + STAGE_BATCH);
          const good: unknown[][] = [];
          for (const row of batch) {
            const validated = validator.validate(row);
            const { run } = validated;
            const issues = run && validated.issues.length === 0 ? impossible(row.line, run.input) : validated.issues;
            if (issues.length > 0) problems.add(issues);
            // Once a row is bad nothing will be written: the rest is only checked, not staged.
            else if (run && problems.total === 0) {
              const values = runValues(run.input, metaOf(run.estimate));
              const json = values[CONFIG_AT[0] as number];
              let ref = configRefs.get(json);
              if (ref === undefined) {
                ref = configRefs.size + 1;
                configRefs.set(json, ref);
                stageConfig.run(ref, ...CONFIG_AT.map((at) => values[at]));
              }
              shared ??= SHARED_AT.map((at) => values[at]);
              const stagedRow: unknown[] = [row.line, ref];
              for (const at of STAGED_AT) stagedRow.push(values[at]);
              good.push(stagedRow);
            }
          }
          if (good.length > 0) tempTransaction(db, () => good.forEach((values) => stage.run(values)));
          staged += good.length;
          const before = read;
          read += batch.length;
          if (options.onProgress && Math.floor(read / PROGRESS_EVERY) > Math.floor(before / PROGRESS_EVERY)) {
            options.onProgress({ phase: 'reading', rows: read });
          }
          await yieldToEventLoop();
        }
      }
    } catch (error) {
      if (!(error instanceof RunsFileError)) throw error;
      problems.add(error.issues);
    }
    if (problems.total > 0) throw new ImportError(problems.issues, { total: problems.total, rows: problems.rows });
    return await writeStaged(db, { table, configs, shared: shared ?? [] }, staged, options);
  } finally {
    db.exec(`DROP TABLE IF EXISTS ${table}`);
    db.exec(`DROP TABLE IF EXISTS ${configs}`);
    db.pragma(`cache_size = ${cacheSize}`);
    db.pragma(`temp.cache_size = ${tempCacheSize}`);
  }
}

/** Marks the duplicates and copies the staged runs into the log, under the write lock. */
async function writeStaged(
  db: Db,
  staging: { table: string; configs: string; shared: unknown[] },
  staged: number,
  options: ImportOptions,
): Promise<ImportResult> {
  const { table, configs, shared } = staging;
  const markAgainst = (newerThan: number) =>
    db
      .prepare(
        `UPDATE ${table} SET dup = 1 WHERE dup = 0 AND EXISTS (
           SELECT 1 FROM main.runs AS r WHERE r.content_key = ${table}.content_key AND r.id > ?)`,
      )
      .run(newerThan);
  // Most of the duplicate search runs before the lock; under it, only runs added since are checked.
  let seen = 0;
  if (!options.allowDuplicates) {
    seen = maxId(db);
    tempTransaction(db, () => markAgainst(0));
  }
  options.onProgress?.({ phase: 'writing', rows: staged });
  return writeTransactionWhenFree(
    db,
    () => {
      if (!options.allowDuplicates && maxId(db) > seen) markAgainst(seen);
      const duplicateLines = (
        db.prepare(`SELECT line FROM ${table} WHERE dup = 1 ORDER BY line LIMIT ?`).all(MAX_REPORTED_ISSUES) as {
          line: number;
        }[]
      ).map((r) => r.line);
      const duplicates = (db.prepare(`SELECT count(*) AS n FROM ${table} WHERE dup = 1`).get() as { n: number }).n;
      // Rows are staged in file order, so the staging table's rowid is that order: no sort of the staged rows
      // (CROSS JOIN keeps the staged rows the outer loop; each finds its configuration by primary key).
      const copy = () =>
        db
          .prepare(
            `INSERT INTO main.runs (${RUN_COLUMNS.join(', ')})
             SELECT ${COPY_SELECT}
             FROM ${table} AS s CROSS JOIN ${configs} AS c ON c.id = s.config_ref
             WHERE s.dup = 0 ORDER BY s.rowid`,
          )
          .run(Object.fromEntries(SHARED_COLUMNS.map((column, i) => [column, shared[i] ?? null])));
      const written = staged - duplicates >= maxId(db) ? withIndexesRebuilt(db, copy) : copy();
      const imported = written.changes;
      const last = Number(written.lastInsertRowid);
      // AUTOINCREMENT under the write lock: one statement's rows get consecutive ids.
      return { imported, duplicates, duplicateLines, ids: imported > 0 ? { first: last - imported + 1, last } : null };
    },
    options.lockDeadlineMs ?? DEFAULT_BUSY_POLICY.deadlineMs,
  );
}

/** The largest id given so far: also an upper bound on how many runs the log holds, for one index probe. */
function maxId(db: Db): number {
  return (db.prepare('SELECT coalesce(max(id), 0) AS id FROM main.runs').get() as { id: number }).id;
}

/**
 * Runs `write` with the log's secondary indexes dropped and creates them again after, in the caller's
 * transaction (a kill leaves them as they were): when an import at least doubles the log, building an
 * index from the whole table (one sort) is cheaper than inserting each row into it at a random place
 * (https://www.sqlite.org/lang_createindex.html; SQLite sorts the rows once for CREATE INDEX). The
 * indexes are read from sqlite_master, so any a later migration adds is covered; the automatic ones of
 * UNIQUE constraints (sql IS NULL) cannot be dropped and stay.
 */
export function withIndexesRebuilt<T>(db: Db, write: () => T): T {
  const indexes = db
    .prepare("SELECT name, sql FROM main.sqlite_master WHERE type = 'index' AND tbl_name = 'runs' AND sql IS NOT NULL")
    .all() as { name: string; sql: string }[];
  for (const index of indexes) db.exec(`DROP INDEX main."${index.name.replaceAll('"', '""')}"`);
  // What the log's triggers keep (the text index, the ledger's sums, the rate groups) likewise: built from the
  // whole log after the write (runs-derived.ts).
  const result = withDerivedRebuilt(db, write);
  for (const index of indexes) db.exec(index.sql);
  return result;
}

/** Imports a file's text arriving in chunks (a read stream, or one text in slices). */
export function importRunChunks(
  db: Db,
  chunks: AsyncIterable<string> | Iterable<string>,
  format: RunFileFormat,
  options: ImportOptions = {},
): Promise<ImportResult> {
  return importPendingRows(db, decodeChunks(chunks, format), options);
}

/** importRunChunks for a whole text: CSV lines are numbered 1-based after the header, JSON rows by index. */
export function importRunsFile(
  db: Db,
  text: string,
  format: RunFileFormat,
  options: ImportOptions = {},
): Promise<ImportResult> {
  return importRunChunks(db, slices(text), format, options);
}

/** Imports run objects (0-based index as the line), all or nothing. */
export function importRuns(db: Db, inputs: readonly unknown[], options: ImportOptions = {}): Promise<ImportResult> {
  return importPendingRows(db, [inputs.map((value, line) => ({ line, value, issues: [] }))], options);
}
