import { z } from 'zod';
import { NotFoundError } from './store-error';
import type { Db } from './driver';
import { toColumn } from './row-mapping';
import { writeTransaction } from './transaction';
import { parseInput, parseRow } from './validate';
import { InputError } from '../domain/errors';
import {
  decodeRunsCsv,
  decodeRunsJson,
  encodeRunsCsv,
  encodeRunsJson,
  ImportError,
  modelLabel,
  runFieldsSchema,
  runInputSchema,
  runOriginSchema,
  runPatchSchema,
  validateImportRows,
  type PendingRow,
  type Run,
  type RunInput,
  type RunInputDraft,
  type RunOrigin,
  type RunPatch,
} from '../domain/runs';
import {
  ledgerOptionsSchema,
  listRunsOptionsSchema,
  type LedgerOptions,
  type ListRunsOptions,
  type RunSortKey,
} from '../domain/runs/queries';
import { boundedJsonSchema } from '../domain/runs/bounded-json';

/** Columns that hold a run field under its plain snake_case name (the rest are mapped by hand). */
const PLAIN_KEYS = [
  'startedAt',
  'gpus',
  'provider',
  'peakMemoryGiB',
  'memoryMeter',
  'tokensPerSecond',
  'throughputKind',
  'throughputScope',
  'durationHours',
  'cost',
  'currency',
  'outcome',
] as const;

/** How a run is stored that the user did not type: where it came from, and what was estimated. */
export interface RunMeta {
  origin: RunOrigin;
  citation: string | null;
  /** The reference row id of a published run; null for the user's own. */
  refId: string | null;
  estimate: unknown;
  /** Overrides the label derived from config (a publication's model name). */
  modelLabel?: string;
  createdAt: Date;
}

function toRow(input: RunInput, meta: RunMeta): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const key of PLAIN_KEYS) row[toColumn(key)] = input[key] ?? null;
  return {
    ...row,
    ref_id: meta.refId,
    card_id: input.card,
    config: JSON.stringify(input.config),
    method: input.config.method,
    model_label: meta.modelLabel ?? modelLabel(input.config.model),
    precision: input.config.precision,
    notes: input.notes ?? '',
    origin: meta.origin,
    citation: meta.citation,
    estimate: meta.estimate === null || meta.estimate === undefined ? null : JSON.stringify(meta.estimate),
    created_at: meta.createdAt.toISOString(),
  };
}

const storedRunSchema = runFieldsSchema.extend({
  id: z.number().int().positive(),
  origin: runOriginSchema,
  citation: z.string().nullable(),
  estimate: z.unknown(),
  modelLabel: z.string(),
  createdAt: z.string(),
});

function fromRow(row: Record<string, unknown>): Run {
  const value: Record<string, unknown> = {
    id: row.id,
    card: row.card_id,
    config: JSON.parse(row.config as string),
    notes: row.notes,
    origin: row.origin,
    citation: row.citation,
    estimate: row.estimate === null ? null : JSON.parse(row.estimate as string),
    modelLabel: row.model_label,
    createdAt: row.created_at,
  };
  for (const key of PLAIN_KEYS) {
    const v = row[toColumn(key)];
    // Optional fields read back absent, the two nullable memory fields as null.
    if (v !== null || key === 'peakMemoryGiB' || key === 'memoryMeter') value[key] = v;
  }
  const run = parseRow(storedRunSchema, value, 'runs', row.id);
  return { ...run, estimate: run.estimate ?? null } as Run;
}

const INSERT_COLUMNS = [
  ...PLAIN_KEYS.map(toColumn),
  'ref_id',
  'card_id',
  'config',
  'method',
  'model_label',
  'precision',
  'notes',
  'origin',
  'citation',
  'estimate',
  'created_at',
];
const INSERT_SQL = `INSERT INTO runs (${INSERT_COLUMNS.join(', ')}) VALUES (${INSERT_COLUMNS.map((c) => `@${c}`).join(', ')})`;

// One prepared INSERT per connection: an import of 20,000 runs otherwise spends most of its
// time re-preparing the same statement.
const insertStatements = new WeakMap<Db, ReturnType<Db['prepare']>>();

/** Inserts one validated run; returns its id. Shared with the published-runs seed. */
export function insertRun(db: Db, input: RunInput, meta: RunMeta): number {
  let statement = insertStatements.get(db);
  if (!statement) {
    statement = db.prepare(INSERT_SQL);
    insertStatements.set(db, statement);
  }
  return Number(statement.run(toRow(input, meta)).lastInsertRowid);
}

/** Rewrites one run row in place (same id), keeping its origin, citation, estimate and creation time. */
function rewriteRun(db: Db, id: number, input: RunInput, meta: RunMeta): void {
  const columns = INSERT_COLUMNS.filter((c) => c !== 'created_at');
  const row = toRow(input, meta);
  db.prepare(`UPDATE runs SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`).run({
    ...Object.fromEntries(columns.map((c) => [c, row[c]])),
    id,
  });
}

/** Logs the user's own run; `estimate` is what the estimator said at the time (any JSON). */
export function addRun(db: Db, input: RunInputDraft, options: { estimate?: unknown; now?: Date } = {}): Run {
  const parsed = parseInput(runInputSchema, input);
  const estimate = parseInput(boundedJsonSchema.optional(), options.estimate) ?? null;
  const id = insertRun(db, parsed, {
    origin: 'mine',
    citation: null,
    refId: null,
    estimate,
    createdAt: options.now ?? new Date(),
  });
  return getRun(db, id) as Run;
}

/** One run, or undefined when none has that id. */
export function getRun(db: Db, id: number): Run | undefined {
  const row = db.prepare('SELECT * FROM runs WHERE id = ?').get(id) as Record<string, unknown> | undefined;
  return row ? fromRow(row) : undefined;
}

function editableRun(db: Db, id: number): Run {
  const current = getRun(db, id);
  if (!current) throw new NotFoundError('runs', String(id));
  if (current.origin === 'published') throw new InputError('id', 'published runs are read-only');
  return current;
}

/** The fields of a stored run that a caller can send back (to re-add, or to patch). */
export function runInputOf(run: Run): RunInput {
  const { id: _id, origin: _o, citation: _c, estimate: _e, modelLabel: _m, createdAt: _t, ...input } = run;
  return input;
}

/**
 * Changes some fields of the user's run (null clears an optional field). Published runs are
 * read-only. The merged run must pass every rule, or nothing changes.
 */
export function updateRun(db: Db, id: number, patch: RunPatch): Run {
  const valid = parseInput(runPatchSchema, patch) as Record<string, unknown>;
  return writeTransaction(db, () => {
    const current = editableRun(db, id);
    const merged: Record<string, unknown> = { ...runInputOf(current) };
    // The patch schema has no defaults, so it holds only the fields the caller sent.
    for (const [key, value] of Object.entries(valid)) {
      if (value === null && key !== 'peakMemoryGiB' && key !== 'memoryMeter') delete merged[key];
      else merged[key] = value;
    }
    const next = parseInput(runInputSchema, merged);
    rewriteRun(db, id, next, {
      origin: 'mine',
      citation: null,
      refId: null,
      estimate: current.estimate,
      createdAt: new Date(current.createdAt),
    });
    return getRun(db, id) as Run;
  });
}

/** Deletes the user's run and returns it (so a UI can offer undo by adding it again). */
export function deleteRun(db: Db, id: number): Run {
  return writeTransaction(db, () => {
    const current = editableRun(db, id);
    db.prepare('DELETE FROM runs WHERE id = ?').run(id);
    return current;
  });
}

/** A LIKE pattern matching `text` literally anywhere (%, _ and \ escaped). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereClause(filter: z.output<typeof listRunsOptionsSchema>['filter']): {
  sql: string;
  params: Record<string, unknown>;
} {
  const parts: string[] = [];
  const params: Record<string, unknown> = {};
  if (filter.card !== undefined) parts.push('card_id = @card');
  if (filter.outcome !== undefined) parts.push('outcome = @outcome');
  if (filter.origin !== undefined) parts.push('origin = @origin');
  if (filter.method !== undefined) parts.push('method = @method');
  Object.assign(params, {
    card: filter.card,
    outcome: filter.outcome,
    origin: filter.origin,
    method: filter.method,
  });
  if (filter.text !== undefined && filter.text !== '') {
    parts.push(
      "(notes LIKE @text ESCAPE '\\' OR provider LIKE @text ESCAPE '\\' OR model_label LIKE @text ESCAPE '\\')",
    );
    params.text = containsPattern(filter.text);
  }
  for (const key of Object.keys(params)) if (params[key] === undefined) delete params[key];
  return { sql: parts.length > 0 ? `WHERE ${parts.join(' AND ')}` : '', params };
}

/** The column behind each sort key (each has an index, migration 002). */
const RUN_SORT_COLUMNS: Record<RunSortKey, string> = {
  startedAt: 'started_at',
  card: 'card_id',
  peakMemoryGiB: 'peak_memory_gib',
  tokensPerSecond: 'tokens_per_second',
  cost: 'cost',
  durationHours: 'duration_hours',
};

/**
 * One page of runs, sorted and filtered in SQL, with the number of runs the filter matches.
 * Ties (and runs with the same value) are ordered by id; a missing value sorts as the smallest
 * (SQLite's order: first when ascending, last when descending), which keeps the index usable.
 */
export function listRuns(db: Db, options: ListRunsOptions = {}): { runs: Run[]; total: number } {
  const { limit, offset, sort, filter } = parseInput(listRunsOptionsSchema, options);
  const { sql: where, params } = whereClause(filter);
  const [key, direction] = sort;
  const dir = direction === 'asc' ? 'ASC' : 'DESC';
  const order = `ORDER BY ${RUN_SORT_COLUMNS[key]} ${dir}, id ${dir}`;
  // A text search reads every row whatever the plan, so read them in table order (one pass,
  // counting in the same pass) rather than through a sort index with a lookup per row.
  const search = params.text !== undefined;
  const page = db
    .prepare(
      `SELECT id${search ? ', count(*) OVER () AS total' : ''} FROM runs${search ? ' NOT INDEXED' : ''} ${where}
       ${order} LIMIT @limit OFFSET @offset`,
    )
    .all({ ...params, limit, offset }) as { id: number; total?: number }[];
  const total =
    page[0]?.total ??
    (db.prepare(`SELECT count(*) AS total FROM runs ${where}`).get(params) as { total: number }).total;
  if (page.length === 0) return { runs: [], total };
  // Sorting above carried (key, id) pairs only; the whole rows are read for the page alone.
  const rows = db
    .prepare(`SELECT * FROM runs WHERE id IN (SELECT value FROM json_each(?)) ${order}`)
    .all(JSON.stringify(page.map((p) => p.id))) as Record<string, unknown>[];
  return { runs: rows.map(fromRow), total };
}

/** One line of the spending ledger. */
export interface LedgerRow {
  /** 'YYYY-MM', a card id or a provider; null for runs without a provider. */
  key: string | null;
  runs: number;
  /** Σ gpus × durationHours over the runs that have a duration. */
  gpuHours: number;
  /** Runs with no duration, so their GPU-hours are missing from gpuHours. */
  runsWithoutDuration: number;
  /** Money spent per currency; currencies are never added together. */
  cost: Record<string, number>;
}

const LEDGER_KEYS = {
  // The month of the run's start in the time zone it was logged in; the log time when no start is known.
  month: 'substr(coalesce(started_at, created_at), 1, 7)',
  card: 'card_id',
  provider: 'provider',
} as const;

/**
 * The user's own spending (published runs are someone else's), grouped by month, card or
 * provider, summed in SQL. Months come newest first; cards and providers by name.
 */
export function ledger(db: Db, options: LedgerOptions): LedgerRow[] {
  const { groupBy, currency } = parseInput(ledgerOptionsSchema, options);
  const key = LEDGER_KEYS[groupBy];
  const where = `WHERE origin = 'mine'${currency ? ' AND currency = @currency' : ''}`;
  const params = currency ? { currency } : {};
  const order = groupBy === 'month' ? 'key DESC' : 'key';
  const totals = db
    .prepare(
      `SELECT ${key} AS key, count(*) AS runs, total(gpus * duration_hours) AS gpu_hours,
        sum(duration_hours IS NULL) AS without_duration
       FROM runs ${where} GROUP BY 1 ORDER BY ${order}`,
    )
    .all(params) as { key: string | null; runs: number; gpu_hours: number; without_duration: number }[];
  const costs = db
    .prepare(
      `SELECT ${key} AS key, currency, total(cost) AS cost FROM runs ${where} AND cost IS NOT NULL GROUP BY 1, 2`,
    )
    .all(params) as { key: string | null; currency: string; cost: number }[];
  const byKey = new Map<string | null, Record<string, number>>();
  for (const c of costs) byKey.set(c.key, { ...byKey.get(c.key), [c.currency]: c.cost });
  return totals.map((t) => ({
    key: t.key,
    runs: t.runs,
    gpuHours: t.gpu_hours,
    runsWithoutDuration: t.without_duration,
    cost: byKey.get(t.key) ?? {},
  }));
}

/** What an import wrote. */
export interface ImportResult {
  imported: number;
  ids: number[];
}

function writeImported(db: Db, rows: readonly PendingRow[], now: Date): ImportResult {
  const { runs, issues } = validateImportRows(rows);
  if (issues.length > 0) throw new ImportError(issues);
  const ids = writeTransaction(db, () =>
    runs.map(({ input, estimate }) =>
      insertRun(db, input, { origin: 'mine', citation: null, refId: null, estimate, createdAt: now }),
    ),
  );
  return { imported: ids.length, ids };
}

/**
 * Adds many runs at once, all or nothing: every row is validated first, and if any is bad
 * nothing is written and ImportError lists every bad row by its index (0-based).
 */
export function importRuns(db: Db, inputs: readonly unknown[], now = new Date()): ImportResult {
  return writeImported(
    db,
    inputs.map((value, line) => ({ line, value, issues: [] })),
    now,
  );
}

/** importRuns for a file's text: CSV lines are numbered 1-based after the header, JSON rows by index. */
export function importRunsFile(db: Db, text: string, format: 'csv' | 'json', now = new Date()): ImportResult {
  const { rows, issues } = format === 'csv' ? decodeRunsCsv(text) : decodeRunsJson(text);
  if (issues.length > 0) throw new ImportError(issues);
  return writeImported(db, rows, now);
}

/** The runs of one origin (the user's own by default) as CSV or JSON text, oldest first. */
export function exportRuns(db: Db, options: { format: 'csv' | 'json'; origin?: RunOrigin }): string {
  const origin = parseInput(runOriginSchema.default('mine'), options.origin);
  const rows = db.prepare('SELECT * FROM runs WHERE origin = ? ORDER BY id').all(origin) as Record<string, unknown>[];
  const runs = rows.map(fromRow);
  return options.format === 'csv' ? encodeRunsCsv(runs) : encodeRunsJson(runs);
}

/**
 * Writes a published run keyed by its reference row id: inserted the first time, rewritten
 * in place (same id) on a later seed. Returns the run's id.
 */
export function upsertPublishedRun(db: Db, input: RunInput, meta: RunMeta & { refId: string }): number {
  const existing = db.prepare('SELECT id FROM runs WHERE ref_id = ?').get(meta.refId) as { id: number } | undefined;
  if (!existing) return insertRun(db, input, meta);
  rewriteRun(db, existing.id, input, meta);
  return existing.id;
}

/**
 * Every run of one method that measured something (memory or speed) on one of `cardIds`:
 * the evidence calibration weighs. Filtered in SQL on indexed columns.
 */
export function measuredRuns(db: Db, method: string, cardIds: readonly string[]): Run[] {
  const rows = db
    .prepare(
      `SELECT * FROM runs
       WHERE method = ? AND card_id IN (SELECT value FROM json_each(?))
         AND (peak_memory_gib IS NOT NULL OR tokens_per_second IS NOT NULL OR outcome = 'oom')`,
    )
    .all(method, JSON.stringify(cardIds)) as Record<string, unknown>[];
  return rows.map(fromRow);
}

/**
 * Runs of `method` whose group (same card, GPU count, throughput kind and configuration) has
 * tokens/s more than `spread` apart: the candidates for a "shared or throttled instance" flag,
 * found in SQL so a log of 100,000 runs is not read row by row.
 */
export function runsWithThroughputSpread(db: Db, method: string, spread: number): Run[] {
  const rows = db
    .prepare(
      `WITH measured AS (
         -- Rates of the whole run: a per-GPU figure is scaled to all of the run's GPUs.
         SELECT id, CASE WHEN throughput_scope = 'per-gpu' THEN tokens_per_second * gpus ELSE tokens_per_second END AS tps,
                card_id || '|' || gpus || '|' || coalesce(throughput_kind, '') || '|' ||
                  json_remove(config, '$.gpu', '$.gpus') AS grp
         FROM runs WHERE method = @method AND tokens_per_second > 0
       ),
       spread AS (
         SELECT grp FROM measured GROUP BY grp HAVING count(*) > 1 AND max(tps) > (1 + @spread) * min(tps)
       )
       SELECT runs.* FROM runs JOIN measured ON measured.id = runs.id WHERE measured.grp IN (SELECT grp FROM spread)`,
    )
    .all({ method, spread }) as Record<string, unknown>[];
  return rows.map(fromRow);
}
