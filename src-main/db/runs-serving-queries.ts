import type { Run } from '../domain/runs';
import type { Db } from './driver';
import { fromRow } from './runs-rows';

/**
 * The serving runs of one engine on some cards that measured output tokens/s or printed a KV pool:
 * the evidence serving calibration weighs (domain/calibrate/serving.ts). Read through the partial
 * index runs_engine, so a log of many training runs is not scanned for the few serving ones.
 */
export function servingRuns(db: Db, engine: string, cardIds: readonly string[]): Run[] {
  const rows = db
    .prepare(
      `SELECT * FROM runs
       WHERE engine = ? AND card_id IN (SELECT value FROM json_each(?))
         AND (tokens_per_second IS NOT NULL OR kv_pool_tokens IS NOT NULL)
       ORDER BY id`,
    )
    .all(engine, JSON.stringify(cardIds)) as Record<string, unknown>[];
  return rows.map(fromRow);
}
