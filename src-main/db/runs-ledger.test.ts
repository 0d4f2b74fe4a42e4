/**
 * The spending ledger from the sums its triggers keep (runs-ledger.ts, migration 009): after every kind of
 * write it is what one GROUP BY over the user's runs gives, and it never reads the runs themselves.
 */
import { describe, expect, it } from 'vitest';
import { runInputSchema, type RunInputDraft } from '../domain/runs';
import type { LedgerOptions } from '../domain/runs/queries';
import type { Db } from './driver';
import { openDb } from './open';
import { freshStore, importBothWays, migratedOver, publishedMeta } from './derived.testkit';
import { ledger, ledgerLines, type LedgerRow, type LedgerSumRow } from './runs-ledger';
import { addRun, deleteRun, insertRun, updateRun } from './runs-mutations';
import { syntheticRun } from './synthetic-runs.testkit';

const KEYS = { month: 'substr(coalesce(started_at, created_at), 1, 7)', card: 'card_id', provider: 'provider' };
const GROUPINGS: LedgerOptions[] = [
  { groupBy: 'month' },
  { groupBy: 'card' },
  { groupBy: 'provider' },
  { groupBy: 'provider', currency: 'CNY' },
  { groupBy: 'month', currency: 'USD' },
];

/** The ledger as one GROUP BY over the runs computes it (the query the sums replaced), in lines as the ledger's. */
function scanned(db: Db, { groupBy, currency }: LedgerOptions): LedgerRow[] {
  const rows = db
    .prepare(
      `SELECT ${KEYS[groupBy]} AS key, currency, count(*) AS runs, total(gpus * duration_hours) AS gpu_hours,
         sum(duration_hours IS NULL) AS without_duration, total(cost) AS cost, count(cost) AS costed
       FROM runs WHERE origin = 'mine'${currency ? ' AND currency = @currency' : ''}
       GROUP BY 1, 2 ORDER BY key ${groupBy === 'month' ? 'DESC' : 'ASC'}`,
    )
    .all(currency ? { currency } : {}) as LedgerSumRow[];
  return ledgerLines(rows);
}

/** Sums added and taken away in another order than the scan's: equal to a few units in the last place. */
const rounded = (rows: LedgerRow[]) =>
  rows.map((row) => ({
    ...row,
    gpuHours: +row.gpuHours.toPrecision(12),
    cost: Object.fromEntries(Object.entries(row.cost).map(([c, v]) => [c, +v.toPrecision(12)])),
  }));

/** The sums per month, card, provider and currency as the kept table holds them, or as a GROUP BY of the runs gives them. */
function sums(db: Db, from: 'kept' | 'runs'): Record<string, unknown>[] {
  const sql =
    from === 'kept'
      ? 'SELECT * FROM runs_ledger_sums ORDER BY month, card_id, provider, currency'
      : `SELECT substr(coalesce(started_at, created_at), 1, 7) AS month, card_id, provider, currency, count(*) AS runs,
           total(gpus * duration_hours) AS gpu_hours, sum(duration_hours IS NULL) AS without_duration,
           total(cost) AS cost, count(cost) AS costed
         FROM runs WHERE origin = 'mine' GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`;
  return (db.prepare(sql).all() as Record<string, number>[]).map((row) => ({
    ...row,
    gpu_hours: +row.gpu_hours!.toPrecision(12),
    cost: +row.cost!.toPrecision(12),
  }));
}

function expectLedgerAsScanned(db: Db): void {
  expect(sums(db, 'kept')).toEqual(sums(db, 'runs'));
  for (const options of GROUPINGS) {
    expect(rounded(ledger(db, options)), JSON.stringify(options)).toEqual(rounded(scanned(db, options)));
  }
}

/**
 * Synthetic runs in two months and three providers (one none), so most groups hold several runs and an edit or
 * delete leaves others behind; some on two GPUs, and some with no start (their month is the log time's).
 */
const run = (i: number): RunInputDraft => ({
  ...syntheticRun(i),
  gpus: 1 + (i % 2),
  provider: (['AutoDL', 'Vast', undefined] as const)[i % 3],
  startedAt: i % 9 === 0 ? undefined : `2025-0${1 + (i % 2)}-1${i % 10}T08:00:00+08:00`,
});

describe('the ledger from its kept sums', () => {
  it('is what a sum over the runs gives after adds, edits and deletes, by this connection or another', () => {
    const { db, file } = freshStore();
    const other = openDb(file);
    const ids = Array.from({ length: 90 }, (_, i) => addRun(i % 4 === 0 ? other : db, run(i)).id);
    // Two months and the log time's; groups of several runs, so edits below leave others in the group they leave.
    expect(ledger(db, { groupBy: 'month' })).toHaveLength(3);
    expect((db.prepare('SELECT avg(runs) AS n FROM runs_ledger_sums').get() as { n: number }).n).toBeGreaterThan(2);
    expectLedgerAsScanned(db);
    // Edits that move a run to another group (card, month, provider, currency) and change what it adds.
    updateRun(db, ids[1]!, { card: 'a800-80gb' });
    updateRun(db, ids[2]!, { startedAt: '2024-01-15T10:00:00+08:00', gpus: 4 });
    updateRun(db, ids[3]!, { provider: 'Vast', cost: 3.3, currency: 'USD' });
    updateRun(other, ids[5]!, { durationHours: null, cost: null, currency: null, provider: null });
    // A change the ledger does not read (updateRun writes every column): the run leaves its group and enters it again.
    updateRun(db, ids[8]!, { notes: 'a change the ledger does not read' });
    expectLedgerAsScanned(db);
    for (const id of ids.filter((_, i) => i % 4 === 1)) deleteRun(id % 2 === 0 ? db : other, id);
    expectLedgerAsScanned(db);
    // Every run of a group deleted: the group is gone, not left at zero.
    for (const id of ids) {
      if (db.prepare('SELECT 1 FROM runs WHERE id = ?').get(id)) deleteRun(db, id);
    }
    expect(ledger(db, { groupBy: 'card' })).toEqual([]);
    expect(db.prepare('SELECT count(*) AS n FROM runs_ledger_sums').get()).toEqual({ n: 0 });
    other.close();
    db.close();
  });

  it('never counts published runs, nor a run while it is published', () => {
    const { db } = freshStore();
    const published = insertRun(db, runInputSchema.parse(run(3)), publishedMeta());
    expect(ledger(db, { groupBy: 'month' })).toEqual([]);
    // A change of origin (no write path of the app makes one) moves the run in and out of the sums too.
    db.prepare("UPDATE runs SET origin = 'mine', citation = NULL, ref_id = NULL WHERE id = ?").run(published);
    expect(ledger(db, { groupBy: 'month' })).toHaveLength(1);
    expectLedgerAsScanned(db);
    db.prepare("UPDATE runs SET origin = 'published', citation = 'a paper', ref_id = 'ref-1' WHERE id = ?").run(
      published,
    );
    expect(ledger(db, { groupBy: 'month' })).toEqual([]);
    db.close();
  });

  it('is whole after an import that sums the log again and after one through the triggers, which stay', async () => {
    const { db } = freshStore();
    const late = Array.from({ length: 20 }, (_, i) => run(5000 + i));
    const triggers = await importBothWays(db, { bulk: run, late }, () => expectLedgerAsScanned(db), 'runs_ledger_*');
    expect(triggers).toEqual(['runs_ledger_delete', 'runs_ledger_insert', 'runs_ledger_update']);
    db.close();
  });

  it('answers from the sums, not from the runs', () => {
    const { db } = freshStore();
    addRun(db, run(1));
    expect(ledger(db, { groupBy: 'card' }).map((row) => row.runs)).toEqual([1]);
    // Sums changed behind the triggers' back: the ledger says what they hold, so it read them and not the runs.
    db.exec('UPDATE runs_ledger_sums SET runs = runs + 100');
    expect(ledger(db, { groupBy: 'card' }).map((row) => row.runs)).toEqual([101]);
    db.close();
  });

  it('sums the runs already logged when the store is migrated', () => {
    const db = migratedOver(
      9,
      Array.from({ length: 40 }, (_, i) => run(i)),
    );
    expect(ledger(db, { groupBy: 'card' }).reduce((n, row) => n + row.runs, 0)).toBe(40);
    expectLedgerAsScanned(db);
    db.close();
  });
});
