/**
 * The counts per filter combination its triggers keep (runs-counts.ts, migration 012): after every kind of write the
 * table is what one GROUP BY over the runs gives, and the run table's totals are read from it.
 */
import { describe, expect, it } from 'vitest';
import { runInputSchema, type RunInputDraft } from '../domain/runs';
import type { Db } from './driver';
import { openDb } from './open';
import { freshStore, importBothWays, migratedOver, publishedMeta } from './derived.testkit';
import { cardsWithRuns, countMatching } from './runs-counts';
import { addRun, deleteRun, insertRun, updateRun } from './runs-mutations';
import { listRuns } from './runs-queries';
import { syntheticRun } from './synthetic-runs.testkit';

/** The counts as the kept table holds them, or as a GROUP BY of the runs gives them. */
function counts(db: Db, from: 'kept' | 'runs'): unknown[] {
  const sql =
    from === 'kept'
      ? 'SELECT card_id, method, origin, outcome, runs FROM runs_filter_counts ORDER BY 1, 2, 3, 4'
      : 'SELECT card_id, method, origin, outcome, count(*) AS runs FROM runs GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4';
  return db.prepare(sql).all();
}

function expectCountsAsScanned(db: Db): void {
  expect(counts(db, 'kept')).toEqual(counts(db, 'runs'));
}

/** The cards the test's runs are on. */
const CARDS = ['rtx-4090', 'a800-80gb', 'rtx-3090'];

/** Synthetic runs on three cards, some more out of memory, so most combinations hold several runs and an edit leaves others. */
const run = (i: number): RunInputDraft => {
  const base = syntheticRun(i);
  return {
    ...base,
    card: CARDS[i % CARDS.length]!,
    outcome: i % 5 === 0 ? 'oom' : base.outcome,
  };
};

/** A store's runs counted by the filters the Runs page sends, from the kept counts and from the runs. */
function totals(db: Db): { kept: number; scanned: number }[] {
  const filters = [{}, { card: 'rtx-4090' }, { card: 'a800-80gb', outcome: 'ok' }, { origin: 'mine', method: 'lora' }];
  return filters.map((filter) => {
    const where = Object.entries(filter).map(([key]) => `${key === 'card' ? 'card_id' : key} = @${key}`);
    const scanned = db
      .prepare(`SELECT count(*) AS n FROM runs${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''}`)
      .get(filter) as { n: number };
    return { kept: countMatching(db, filter), scanned: scanned.n };
  });
}

describe('the run counts per filter combination', () => {
  it('are what a count of the runs gives after adds, edits and deletes, by this connection or another', () => {
    const { db, file } = freshStore();
    const other = openDb(file);
    const ids = Array.from({ length: 120 }, (_, i) => addRun(i % 4 === 0 ? other : db, run(i)).id);
    expect((db.prepare('SELECT avg(runs) AS n FROM runs_filter_counts').get() as { n: number }).n).toBeGreaterThan(2);
    expectCountsAsScanned(db);
    // Edits that move a run to another combination (card, outcome, method), and one that moves none.
    updateRun(db, ids[1]!, { card: 'h800-80gb' });
    updateRun(other, ids[2]!, { outcome: 'crashed' });
    updateRun(db, ids[3]!, { notes: 'a change the counts do not read' });
    expectCountsAsScanned(db);
    for (const id of ids.filter((_, i) => i % 3 === 1)) deleteRun(id % 2 === 0 ? db : other, id);
    expectCountsAsScanned(db);
    for (const { kept, scanned } of totals(db)) expect(kept).toBe(scanned);
    // Every run of a combination deleted: the combination is gone, not left at zero.
    for (const id of ids) if (db.prepare('SELECT 1 FROM runs WHERE id = ?').get(id)) deleteRun(db, id);
    expect(db.prepare('SELECT count(*) AS n FROM runs_filter_counts').get()).toEqual({
      n: (
        db.prepare('SELECT count(DISTINCT card_id || method || origin || outcome) AS n FROM runs').get() as {
          n: number;
        }
      ).n,
    });
    expect(countMatching(db, { origin: 'mine' })).toBe(0);
    other.close();
    db.close();
  });

  it('count published runs under their origin, and follow a change of origin', () => {
    const { db } = freshStore();
    const before = countMatching(db, { origin: 'published' });
    const id = insertRun(db, runInputSchema.parse(run(3)), publishedMeta());
    expect(countMatching(db, { origin: 'published' })).toBe(before + 1);
    db.prepare("UPDATE runs SET origin = 'mine', citation = NULL, ref_id = NULL WHERE id = ?").run(id);
    expect(countMatching(db, { origin: 'mine' })).toBe(1);
    expectCountsAsScanned(db);
    db.close();
  });

  it('are whole after an import that counts the log again and after one through the triggers, which stay', async () => {
    const { db } = freshStore();
    const late = Array.from({ length: 20 }, (_, i) => run(5000 + i));
    const triggers = await importBothWays(db, { bulk: run, late }, () => expectCountsAsScanned(db), 'runs_counts_*');
    expect(triggers).toEqual(['runs_counts_delete', 'runs_counts_insert', 'runs_counts_update']);
    db.close();
  });

  it('are what the run table totals and its card filter read, not the runs', () => {
    const { db } = freshStore();
    addRun(db, { ...run(1), card: 'rtx-5090' });
    expect(listRuns(db, { filter: { card: 'rtx-5090' } }).total).toBe(1);
    // Counts changed behind the triggers' back (and a write, so the next read is not the last one's): the totals say
    // what they hold, so they read them and not the runs.
    db.exec("UPDATE runs_filter_counts SET runs = runs + 100 WHERE card_id = 'rtx-5090'");
    expect(listRuns(db, { filter: { card: 'rtx-5090' } }).total).toBe(101);
    expect(cardsWithRuns(db).has('rtx-5090')).toBe(true);
    db.close();
  });

  it('count the runs already logged when the store is migrated', () => {
    const db = migratedOver(
      12,
      Array.from({ length: 30 }, (_, i) => run(i)),
      Array.from({ length: 5 }, (_, i) => run(100 + i)),
    );
    expect(countMatching(db, { origin: 'mine' })).toBe(30);
    expect(countMatching(db, { origin: 'published' })).toBeGreaterThanOrEqual(5);
    expectCountsAsScanned(db);
    db.close();
  });
});
