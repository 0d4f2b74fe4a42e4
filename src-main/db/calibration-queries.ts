import type { Run } from '../domain/runs';
import type { Db } from './driver';
import { fromRow } from './runs-rows';

/**
 * The evidence calibration weighs: runs of one method on the given cards that measured something
 * (a peak, a speed, or an out-of-memory), filtered in SQL on indexed columns. Serving runs (they
 * carry an engine) are left out: their memory is the engine's preallocated budget and their speed a
 * whole batch's, which the one-sequence estimate does not predict (they calibrate serving,
 * domain/calibrate/serving.ts).
 */
const MEASURED = `card_id IN (SELECT value FROM json_each(@cards)) AND method = @method AND engine IS NULL
  AND (peak_memory_gib IS NOT NULL OR tokens_per_second IS NOT NULL OR outcome = 'oom')`;

/**
 * Those runs in the log's order, as [id, signature] only (runsWithIds reads them whole): the signature (the
 * content key of everything the user logged, and the origin) changes whenever a run's evidence does,
 * so a reader that kept the runs of an earlier read re-reads only the ids whose signature moved.
 */
export function measuredRunSignatures(db: Db, method: string, cardIds: readonly string[]): [number, string | null][] {
  return db
    .prepare(`SELECT id, content_key || '|' || origin FROM runs WHERE ${MEASURED} ORDER BY id`)
    .raw()
    .all({ cards: JSON.stringify(cardIds), method }) as [number, string | null][];
}

/** The runs with these ids (any order). */
export function runsWithIds(db: Db, ids: readonly number[]): Run[] {
  if (ids.length === 0) return [];
  const rows = db
    .prepare('SELECT * FROM runs WHERE id IN (SELECT value FROM json_each(?))')
    .all(JSON.stringify(ids)) as Record<string, unknown>[];
  return rows.map(fromRow);
}
