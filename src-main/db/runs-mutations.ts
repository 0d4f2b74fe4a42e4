import { InputError } from '../domain/errors';
import { msg } from '../domain/messages';
import {
  assertPossibleRun,
  runInputSchema,
  runPatchSchema,
  type Run,
  type RunInput,
  type RunInputDraft,
  type RunPatch,
} from '../domain/runs';
import { boundedJsonSchema } from '../domain/runs/bounded-json';
import { getCard } from './cards-repo';
import type { Db } from './driver';
import { listModels } from './models-repo';
import { getRun } from './runs-queries';
import { INSERT_RUN_SQL, RUN_COLUMNS, runInputOf, runValues, type RunMeta } from './runs-rows';
import { NotFoundError } from './store-error';
import { writeTransaction } from './transaction';
import { parseInput } from './validate';

/** Adding, changing and deleting runs one at a time (imports: runs-import.ts). */

// One prepared INSERT per connection: re-preparing it per run costs more than the insert.
const insertStatements = new WeakMap<Db, ReturnType<Db['prepare']>>();

/** Inserts one validated run; returns its id. Shared with the published-runs seed. */
export function insertRun(db: Db, input: RunInput, meta: RunMeta): number {
  let statement = insertStatements.get(db);
  if (!statement) {
    statement = db.prepare(INSERT_RUN_SQL);
    insertStatements.set(db, statement);
  }
  return Number(statement.run(runValues(input, meta)).lastInsertRowid);
}

const REWRITE_COLUMNS = RUN_COLUMNS.filter((c) => c !== 'created_at');
const REWRITE_SQL = `UPDATE runs SET ${REWRITE_COLUMNS.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`;

/** Rewrites one run row in place (same id), keeping its origin, citation, estimate and creation time. */
function rewriteRun(db: Db, id: number, input: RunInput, meta: RunMeta): void {
  const values = runValues(input, meta);
  const kept = values.filter((_, i) => RUN_COLUMNS[i] !== 'created_at');
  db.prepare(REWRITE_SQL).run(...kept, id);
}

/** Refuses a run that cannot have happened on its card (domain/runs/plausibility.ts), naming the field. */
function assertPossible(db: Db, run: RunInput): void {
  assertPossibleRun(run, getCard(db, run.card), listModels(db));
}

/** The id of a run with the same content key (runs-rows.ts) already in the log, if any. */
function loggedAlready(db: Db, values: readonly unknown[], exceptId?: number): number | undefined {
  const key = values[RUN_COLUMNS.indexOf('content_key')];
  const row = db
    .prepare('SELECT id FROM runs WHERE content_key = ? AND id IS NOT ? LIMIT 1')
    .get(key, exceptId ?? null) as { id: number } | undefined;
  return row?.id;
}

/**
 * Logs the user's own run; `estimate` is what the estimator said at the time (any JSON). A run that
 * cannot have happened, or one already in the log (same content key: a form sent twice, a command
 * repeated), is refused with the field to fix or the run it repeats.
 */
export function addRun(db: Db, input: RunInputDraft, options: { estimate?: unknown; now?: Date } = {}): Run {
  const parsed = parseInput(runInputSchema, input);
  const estimate = parseInput(boundedJsonSchema.optional(), options.estimate) ?? null;
  assertPossible(db, parsed);
  return writeTransaction(db, () => {
    const meta: RunMeta = {
      origin: 'mine',
      citation: null,
      refId: null,
      estimate,
      createdAt: options.now ?? new Date(),
    };
    const same = loggedAlready(db, runValues(parsed, meta));
    if (same !== undefined) throw new InputError('(run)', msg('runs.duplicate', { id: same }));
    const id = insertRun(db, parsed, meta);
    return getRun(db, id) as Run;
  });
}

function editableRun(db: Db, id: number): Run {
  const current = getRun(db, id);
  if (!current) throw new NotFoundError('runs', String(id));
  if (current.origin === 'published') throw new InputError('id', msg('store.publishedReadOnly'));
  return current;
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
    assertPossible(db, next);
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

/**
 * Writes a published run keyed by its reference row id: inserted the first time, rewritten
 * in place (same id) on a later seed. Returns the run's id. Called inside the seed's transaction.
 */
export function upsertPublishedRun(db: Db, input: RunInput, meta: RunMeta & { refId: string }): number {
  const existing = db.prepare('SELECT id FROM runs WHERE ref_id = ?').get(meta.refId) as { id: number } | undefined;
  if (!existing) return insertRun(db, input, meta);
  rewriteRun(db, existing.id, input, meta);
  return existing.id;
}
