/**
 * Every index of the run log earns its place: each test runs EXPLAIN QUERY PLAN on a query the
 * store really issues and sees the index used (no wall-clock asserts here: timings live in
 * `npm run bench`). Keyset pages read the same runs as sorting everything would.
 */
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cursorOf, RUN_SORT_KEYS, type ListRunsOptions, type RunSortKey } from '../domain/runs/queries';
import type { Db } from './driver';
import { openDb } from './open';
import { importRuns } from './runs-import';
import { listRuns } from './runs-queries';
import { textCondition } from './runs-text';
import { syntheticRun } from './synthetic-runs.testkit';
import { tempDir } from './test-support.testkit';

async function logOf(count: number): Promise<Db> {
  const db = openDb(path.join(tempDir(), 'cardwise.db'));
  // No ANALYZE, as in the app: plans do not hinge on statistics (listRuns picks its way itself).
  await importRuns(
    db,
    Array.from({ length: count }, (_, i) => syntheticRun(i)),
  );
  return db;
}

/** The plan's detail lines for `sql`, joined. */
function plan(db: Db, sql: string, params: unknown[] | Record<string, unknown> = []): string {
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[];
  return rows.map((r) => r.detail).join(' | ');
}

describe('the indexes of the run log, each used by a query the store issues', () => {
  it('walks a sort column index for a page (one index per sortable column)', async () => {
    const db = await logOf(200);
    const columns: Record<RunSortKey, string> = {
      startedAt: 'runs_started_at',
      card: 'runs_card_id',
      peakMemoryGiB: 'runs_peak_memory_gib',
      tokensPerSecond: 'runs_tokens_per_second',
      cost: 'runs_cost',
      durationHours: 'runs_duration_hours',
    };
    const column = {
      startedAt: 'started_at',
      card: 'card_id',
      peakMemoryGiB: 'peak_memory_gib',
      tokensPerSecond: 'tokens_per_second',
      cost: 'cost',
      durationHours: 'duration_hours',
    };
    for (const key of RUN_SORT_KEYS) {
      const c = column[key];
      const page = plan(
        db,
        `SELECT id FROM runs WHERE ${c} IS NOT NULL AND (${c}, id) < (?, ?) ORDER BY ${c} DESC, id DESC LIMIT 50`,
        [1, 1],
      );
      expect(page, key).toContain(`USING COVERING INDEX ${columns[key]}`);
      expect(page, key).not.toContain('TEMP B-TREE');
    }
    db.close();
  });

  it('counts and reads a filtered page through runs_filter, with no table lookups for the filter', async () => {
    const db = await logOf(200);
    const count = plan(db, 'SELECT count(*) FROM runs WHERE card_id = ? AND method = ? AND outcome = ?', [
      'rtx-4090',
      'lora',
      'ok',
    ]);
    expect(count).toContain('USING COVERING INDEX runs_filter');
    const calibration = plan(
      db,
      `SELECT * FROM runs WHERE card_id IN (SELECT value FROM json_each(?)) AND method = ? AND engine IS NULL
         AND (peak_memory_gib IS NOT NULL OR tokens_per_second IS NOT NULL OR outcome = 'oom')`,
      ['["rtx-4090"]', 'lora'],
    );
    expect(calibration).toMatch(/USING INDEX runs_filter \(card_id=\? AND method=\?\)/);
    // The counts kept per write (runs-counts.ts): one pass over runs_filter in its own order.
    const combinations = plan(
      db,
      'SELECT card_id AS card, method, origin, outcome, count(*) AS runs FROM runs GROUP BY card_id, method, origin, outcome',
    );
    expect(combinations).toContain('USING COVERING INDEX runs_filter');
    expect(combinations).not.toContain('TEMP B-TREE');
    db.close();
  });

  it('walks one card newest first through runs_card_id_started_at, with no sort (migration 006)', async () => {
    const db = await logOf(200);
    for (const [stretch, order] of [
      ['started_at IS NOT NULL AND (started_at, id) < (?, ?)', 'started_at DESC, id DESC'],
      ['started_at IS NULL AND id < ?', 'id DESC'],
    ] as const) {
      const params = stretch.includes('(?, ?)') ? ['2030-01-01', 1, 'rtx-4090'] : [1, 'rtx-4090'];
      const page = plan(db, `SELECT id FROM runs WHERE ${stretch} AND card_id = ? ORDER BY ${order} LIMIT 50`, params);
      expect(page, stretch).toMatch(/USING (COVERING )?INDEX runs_card_id_started_at \(card_id=\? AND started_at/);
      expect(page, stretch).not.toContain('TEMP B-TREE');
    }
    db.close();
  });

  it('counts and sorts the published runs from runs_published alone, never a scan of the log (migration 006)', async () => {
    const db = await logOf(200);
    expect(plan(db, "SELECT count(*) FROM runs WHERE origin = 'published'")).toContain(
      'USING COVERING INDEX runs_published',
    );
    // A small filter's page: `+column` keeps the sort column's index out of the conditions too.
    const page = plan(
      db,
      "SELECT id FROM runs WHERE +cost IS NOT NULL AND origin = 'published' ORDER BY +cost DESC, id DESC LIMIT 50",
    );
    expect(page).toContain('USING INDEX runs_published');
    expect(page).not.toContain('runs_cost');
    db.close();
  });

  it('searches text of three characters or more in the trigram index, never a scan of the log (migration 008)', async () => {
    const db = await logOf(200);
    const lookup = textCondition('throttled');
    const count = plan(db, `SELECT count(*) FROM runs WHERE ${lookup.sql}`, lookup.params);
    expect(count).toContain('SCAN runs_text VIRTUAL TABLE');
    expect(count).toContain('USING INTEGER PRIMARY KEY');
    expect(count).not.toMatch(/SCAN runs( |$)/);
    // Many matches: the page walks the sort column's index and tests each run against the matches.
    const walk = textCondition('throttled', 'member');
    const page = plan(
      db,
      `SELECT id FROM runs WHERE cost IS NOT NULL AND ${walk.sql} ORDER BY cost DESC, id DESC LIMIT 50`,
      walk.params,
    );
    expect(page).toContain('USING COVERING INDEX runs_cost');
    expect(page).not.toContain('TEMP B-TREE');
    // Text shorter than a trigram is still a LIKE over every run.
    expect(textCondition('ab').sql).toContain('LIKE');
    db.close();
  });

  it('finds a run already logged by its content key, and a published run by its reference id', async () => {
    const db = await logOf(50);
    expect(plan(db, 'SELECT 1 FROM runs WHERE content_key = ?', ['x'])).toContain(
      'USING COVERING INDEX runs_content_key',
    );
    expect(plan(db, 'SELECT id FROM runs WHERE ref_id = ?', ['x'])).toMatch(
      /USING (COVERING )?INDEX sqlite_autoindex_runs_1/,
    );
    db.close();
  });

  it('reads the serving runs of an engine and some cards through runs_engine (runs-serving-queries.ts)', async () => {
    const db = await logOf(200);
    const serving = plan(
      db,
      `SELECT * FROM runs
       WHERE engine = ? AND card_id IN (SELECT value FROM json_each(?))
         AND (tokens_per_second IS NOT NULL OR kv_pool_tokens IS NOT NULL)
       ORDER BY id`,
      ['vllm', '["rtx-4090"]'],
    );
    expect(serving).toMatch(/USING INDEX runs_engine \(engine=\? AND card_id=\?\)/);
    db.close();
  });

  it('has exactly the indexes these tests justify', async () => {
    const db = await logOf(1);
    const names = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'runs' ORDER BY name").all() as {
        name: string;
      }[]
    ).map((r) => r.name);
    expect(names).toEqual([
      'runs_card_id',
      'runs_card_id_started_at',
      'runs_content_key',
      'runs_cost',
      'runs_duration_hours',
      'runs_engine',
      'runs_filter',
      'runs_peak_memory_gib',
      'runs_published',
      'runs_started_at',
      'runs_tokens_per_second',
      'sqlite_autoindex_runs_1',
    ]);
    db.close();
  });
});

describe('keyset pages', () => {
  it('reads, page after page and back again, exactly the runs a full sort gives, for any sort and filter', async () => {
    const db = await logOf(300);
    const filters: NonNullable<ListRunsOptions['filter']>[] = [
      {},
      { card: 'rtx-4090' },
      { outcome: 'ok', method: 'lora' },
      { text: 'try' },
      { origin: 'mine', card: 'rtx-4090' },
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...RUN_SORT_KEYS),
        fc.constantFrom('asc' as const, 'desc' as const),
        fc.constantFrom(...filters),
        fc.integer({ min: 1, max: 60 }),
        (key, direction, filter, limit) => {
          const sort: [RunSortKey, 'asc' | 'desc'] = [key, direction];
          const all = listRuns(db, { sort, filter, limit: 500 }).runs.map((r) => r.id);
          const forward: number[] = [];
          let page = listRuns(db, { sort, filter, limit });
          while (page.runs.length > 0) {
            forward.push(...page.runs.map((r) => r.id));
            page = listRuns(db, { sort, filter, limit, after: cursorOf(page.runs.at(-1)!, key) });
          }
          expect(forward).toEqual(all);
          const backward: number[] = [];
          page = listRuns(db, { sort, filter, limit, last: true });
          expect(page.runs.length).toBe(all.length % limit || Math.min(limit, all.length));
          while (page.runs.length > 0) {
            backward.unshift(...page.runs.map((r) => r.id));
            page = listRuns(db, { sort, filter, limit, before: cursorOf(page.runs[0]!, key) });
          }
          expect(backward).toEqual(all);
        },
      ),
      { numRuns: 60, seed: 1003 },
    );
    db.close();
  });

  it('refuses two positions at once', async () => {
    const db = await logOf(5);
    expect(() => listRuns(db, { offset: 5, last: true })).toThrow(expect.objectContaining({ field: 'after' }));
    db.close();
  });
});
