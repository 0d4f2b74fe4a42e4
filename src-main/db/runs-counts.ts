import type { Db } from './driver';
import { readUntilWrite } from './write-version';

/**
 * How many runs an equality filter of the run table matches (card, method, origin, outcome), from
 * counts per combination of the four taken once per write version of the file: one pass over the
 * covering index runs_filter (a few hundred combinations, whatever the log's size), where a
 * count(*) per page read up to every entry of an index — a million at a million runs.
 */

/** The equality filters of the run table; an absent key matches any value. */
export interface EqualityFilter {
  card?: string;
  method?: string;
  origin?: string;
  outcome?: string;
}

interface Combination {
  card: string;
  method: string;
  origin: string;
  outcome: string;
  runs: number;
}

const combinationsOf = readUntilWrite(
  (db) =>
    db
      .prepare(
        `SELECT card_id AS card, method, origin, outcome, count(*) AS runs
         FROM runs GROUP BY card_id, method, origin, outcome`,
      )
      .all() as Combination[],
);

/** The number of runs matching every filter given. */
export function countMatching(db: Db, filter: EqualityFilter): number {
  let total = 0;
  for (const c of combinationsOf(db)) {
    if (filter.card !== undefined && c.card !== filter.card) continue;
    if (filter.method !== undefined && c.method !== filter.method) continue;
    if (filter.origin !== undefined && c.origin !== filter.origin) continue;
    if (filter.outcome !== undefined && c.outcome !== filter.outcome) continue;
    total += c.runs;
  }
  return total;
}

/** The cards the log has runs on (from the same counts). */
export function cardsWithRuns(db: Db): Set<string> {
  return new Set(combinationsOf(db).map((c) => c.card));
}
