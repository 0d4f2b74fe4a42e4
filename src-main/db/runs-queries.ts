import type { z } from 'zod';
import { runOriginSchema, type Run } from '../domain/runs';
import { listRunsOptionsSchema, type ListRunsOptions, type RunCursor, type RunSortKey } from '../domain/runs/queries';
import type { Db } from './driver';
import { countMatching } from './runs-counts';
import { fromRow } from './runs-rows';
import { countTextMatches, textCondition, type TextJoin } from './runs-text';
import { parseInput } from './validate';

/** Reading runs: one, a page of the run table, and the evidence calibration weighs. */

/** One run, or undefined when none has that id. */
export function getRun(db: Db, id: number): Run | undefined {
  const row = db.prepare('SELECT * FROM runs WHERE id = ?').get(id) as Record<string, unknown> | undefined;
  return row ? fromRow(row) : undefined;
}

type Filter = z.output<typeof listRunsOptionsSchema>['filter'];

/** The conditions of a filter; `join` as in textCondition. */
function whereParts(filter: Filter, join: TextJoin = 'lookup'): { parts: string[]; params: Record<string, unknown> } {
  const parts: string[] = [];
  const params: Record<string, unknown> = {};
  const equal = { card: 'card_id', method: 'method', outcome: 'outcome' } as const;
  for (const [key, column] of Object.entries(equal) as [keyof typeof equal, string][]) {
    if (filter[key] === undefined) continue;
    parts.push(`${column} = @${key}`);
    params[key] = filter[key];
  }
  // The origin as a literal (one of two words, checked by the schema): only then can SQLite use
  // the partial index of the published runs (migration 006), which a bound parameter cannot match.
  if (filter.origin !== undefined) parts.push(`origin = '${runOriginSchema.parse(filter.origin)}'`);
  if (filter.text !== undefined && filter.text !== '') {
    const text = textCondition(filter.text, join);
    parts.push(text.sql);
    Object.assign(params, text.params);
  }
  return { parts, params };
}

/** The column behind each sort key; each has an index of its own (migration 003). */
const RUN_SORT_COLUMNS: Record<RunSortKey, string> = {
  startedAt: 'started_at',
  card: 'card_id',
  peakMemoryGiB: 'peak_memory_gib',
  tokensPerSecond: 'tokens_per_second',
  cost: 'cost',
  durationHours: 'duration_hours',
};

/**
 * A filter matching at most this many runs is read through the filter index and sorted; above
 * it the page walks the sort column's index and skips non-matching runs. Walking costs about
 * limit × runs / matches row reads, sorting about `matches`: they cross near √(50 × 1M) ≈ 7,000,
 * so neither way reads more than ~10,000 rows for a page of 50 out of 1,000,000.
 */
export const SORT_MATCHES_BELOW = 10_000;

type Direction = 'asc' | 'desc';
const flip = (d: Direction): Direction => (d === 'asc' ? 'desc' : 'asc');

/**
 * The ids of up to `take` runs after `cursor` in (column, id) order, walking `direction`.
 * A missing value sorts as the smallest (SQLite's order: first ascending, last descending), so
 * the walk is two stretches: the runs without a value (by id) and the runs with one. Each is
 * one indexed range, never an OFFSET scan.
 */
function seek(
  db: Db,
  where: { parts: string[]; params: Record<string, unknown> },
  column: string,
  direction: Direction,
  cursor: RunCursor | undefined,
  take: number,
  useSortIndex: boolean,
): number[] {
  const dir = direction === 'asc' ? 'ASC' : 'DESC';
  // `+column` keeps SQLite from walking (or ranging over) the sort index when the filter index is
  // the better way: in the conditions too, where `column IS NOT NULL` alone is a range of that index.
  const col = useSortIndex ? column : `+${column}`;
  const nulls = (extra: string) => ({ sql: `${col} IS NULL${extra}`, order: `id ${dir}` });
  const values = (extra: string) => ({ sql: `${col} IS NOT NULL${extra}`, order: `${col} ${dir}, id ${dir}` });
  const stretches: { sql: string; order: string }[] = [];
  if (direction === 'asc') {
    if (!cursor) stretches.push(nulls(''), values(''));
    else if (cursor.value === null) stretches.push(nulls(` AND id > @cursorId`), values(''));
    else stretches.push(values(` AND (${col}, id) > (@cursorValue, @cursorId)`));
  } else {
    if (!cursor) stretches.push(values(''), nulls(''));
    else if (cursor.value === null) stretches.push(nulls(` AND id < @cursorId`));
    else stretches.push(values(` AND (${col}, id) < (@cursorValue, @cursorId)`), nulls(''));
  }
  const ids: number[] = [];
  for (const stretch of stretches) {
    if (ids.length >= take) break;
    const sql = `SELECT id FROM runs WHERE ${[stretch.sql, ...where.parts].join(' AND ')}
      ORDER BY ${stretch.order} LIMIT @take`;
    const params = {
      ...where.params,
      take: take - ids.length,
      ...(cursor ? { cursorId: cursor.id, cursorValue: cursor.value } : {}),
    };
    for (const row of db.prepare(sql).all(params) as { id: number }[]) ids.push(row.id);
  }
  return ids;
}

/**
 * One page of runs, sorted and filtered in SQL, with the number of runs the filter matches.
 * Ties are ordered by id; a missing value sorts as the smallest. Pages are found by keyset
 * (`after` / `before` the cursor of a row, or the `last` page), so page 20,000 costs what page 1
 * costs; `offset` is still taken for a jump (it reads the runs it skips).
 */
export function listRuns(db: Db, options: ListRunsOptions = {}): { runs: Run[]; total: number } {
  const { limit, offset, sort, filter, after, before, last } = parseInput(listRunsOptionsSchema, options);
  const counted = whereParts(filter);
  const [key, direction] = sort;
  const column = RUN_SORT_COLUMNS[key];
  const conditionOf = (parts: string[]) => (parts.length > 0 ? `WHERE ${parts.join(' AND ')}` : '');
  // A text search counts in SQL (the text alone in its index); the equality filters read the counts kept per
  // write (runs-counts.ts).
  const text = filter.text !== undefined && filter.text !== '' ? filter.text : undefined;
  const countWhere = () =>
    (
      db.prepare(`SELECT count(*) AS total FROM runs ${conditionOf(counted.parts)}`).get(counted.params) as {
        total: number;
      }
    ).total;
  const total =
    text === undefined
      ? countMatching(db, filter)
      : ((counted.parts.length === 1 ? countTextMatches(db, text) : undefined) ?? countWhere());
  if (total === 0) return { runs: [], total };
  const useSortIndex = counted.parts.length === 0 || total >= SORT_MATCHES_BELOW;
  // Many matches: walk the sort index and test each run against the text's matches; few: look them up and sort.
  const where = useSortIndex ? whereParts(filter, 'member') : counted;
  const condition = conditionOf(where.parts);
  let ids: number[];
  if (offset > 0) {
    const dir = direction === 'asc' ? 'ASC' : 'DESC';
    const ordered = useSortIndex ? column : `+${column}`;
    ids = (
      db
        .prepare(`SELECT id FROM runs ${condition} ORDER BY ${ordered} ${dir}, id ${dir} LIMIT @limit OFFSET @offset`)
        .all({ ...where.params, limit, offset }) as { id: number }[]
    ).map((r) => r.id);
  } else if (before || last) {
    // Walk backwards from the cursor (or from the end) and turn the page around.
    const take = last ? total % limit || limit : limit;
    ids = seek(db, where, column, flip(direction), before, take, useSortIndex).reverse();
  } else {
    ids = seek(db, where, column, direction, after, limit, useSortIndex);
  }
  if (ids.length === 0) return { runs: [], total };
  // The walk carried ids only; the whole rows are read for the page alone, in its order.
  const rows = db
    .prepare('SELECT runs.* FROM json_each(?) AS page JOIN runs ON runs.id = page.value ORDER BY page.key')
    .all(JSON.stringify(ids)) as Record<string, unknown>[];
  return { runs: rows.map(fromRow), total };
}
