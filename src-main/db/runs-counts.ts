import type { Db } from './driver';
import { readUntilWrite } from './write-version';

/**
 * How many runs an equality filter of the run table matches (card, method, origin, outcome), from the count per
 * combination of the four that every write keeps (migration 012: a few hundred rows, whatever the log's size), read
 * once per write version of the file. Counted from the runs on the first call after each write, they took a pass over
 * the covering index runs_filter (README "Performance": most of that call at a million runs); a count(*) per page
 * read up to every entry of an index.
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
    db.prepare('SELECT card_id AS card, method, origin, outcome, runs FROM runs_filter_counts').all() as Combination[],
);

/**
 * Counts the whole log into runs_filter_counts again, as migration 012 first filled it: for a write of many runs with
 * the table's triggers off (runs-derived.ts).
 */
export function rebuildFilterCounts(db: Db): void {
  db.exec('DELETE FROM runs_filter_counts');
  db.exec(
    'INSERT INTO runs_filter_counts SELECT card_id, method, origin, outcome, count(*) FROM runs GROUP BY 1, 2, 3, 4',
  );
}

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
