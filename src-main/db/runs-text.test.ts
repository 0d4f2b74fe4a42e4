/**
 * The Runs page's text search (runs-text.ts, migration 008): the trigram index finds what a LIKE over
 * every run finds, after every kind of write, and reads the typed text literally.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunInputDraft } from '../domain/runs';
import type { Db } from './driver';
import { openDb } from './open';
import { importRuns } from './runs-import';
import { addRun, deleteRun, updateRun } from './runs-mutations';
import { listRuns } from './runs-queries';
import { textCondition, type TextJoin } from './runs-text';
import { syntheticRun } from './synthetic-runs.testkit';
import { migratedOver } from './derived.testkit';
import { tempDir } from './test-support.testkit';

const fresh = (): Db => openDb(path.join(tempDir(), 'cardwise.db'));

const run = (notes: string, extra: Partial<RunInputDraft> = {}): RunInputDraft => ({
  config: { model: 'qwen2.5-7b', method: 'lora', precision: 'bf16', batchSize: 4, seqLen: 2048 },
  card: 'rtx-4090',
  gpus: 1,
  outcome: 'ok',
  peakMemoryGiB: 12,
  memoryMeter: 'nvidia-smi',
  notes,
  ...extra,
});

/** The ids a search finds (one page of up to 500), and the ids a plain scan of the three columns finds, case folded. */
function both(db: Db, text: string): { found: number[]; scanned: number[] } {
  const found = listRuns(db, { filter: { text }, limit: 500 })
    .runs.map((r) => r.id)
    .sort((a, b) => a - b);
  const rows = db.prepare('SELECT id, notes, provider, model_label FROM runs ORDER BY id').all() as {
    id: number;
    notes: string;
    provider: string | null;
    model_label: string;
  }[];
  const needle = text.toLowerCase();
  const scanned = rows
    .filter((r) => [r.notes, r.provider ?? '', r.model_label].some((v) => v.toLowerCase().includes(needle)))
    .map((r) => r.id);
  // Every match on the one page, or the comparison would be of a part.
  expect(scanned.length, text).toBeLessThanOrEqual(500);
  return { found, scanned };
}

describe('text search of the run log', () => {
  it('finds what a scan finds, for text long enough for the index and shorter', async () => {
    const db = fresh();
    await importRuns(
      db,
      Array.from({ length: 120 }, (_, i) => syntheticRun(i)),
    );
    for (const text of [
      'throttled',
      'THROTTLED',
      'vast',
      'qwen2.5',
      '显存不足',
      '#11',
      '#1',
      '=',
      '=SUM(A1)',
      'no such run',
    ]) {
      const { found, scanned } = both(db, text);
      expect(found, text).toEqual(scanned);
    }
    expect(both(db, 'throttled').found.length).toBeGreaterThan(0);
    db.close();
  });

  it('selects the same runs whichever way it is joined to the log', async () => {
    const db = fresh();
    await importRuns(
      db,
      Array.from({ length: 120 }, (_, i) => syntheticRun(i)),
    );
    for (const text of ['throttled', 'vast', '#11', 'no such run', '#1']) {
      const ids = (join: TextJoin) => {
        const condition = textCondition(text, join);
        return (
          db.prepare(`SELECT id FROM runs WHERE ${condition.sql} ORDER BY id`).all(condition.params) as {
            id: number;
          }[]
        ).map((r) => r.id);
      };
      expect(ids('member'), text).toEqual(ids('lookup'));
      expect(ids('lookup'), text).toEqual(both(db, text).scanned);
    }
    db.close();
  });

  it('reads quotes, wildcards and FTS5 words as the text they are', () => {
    const db = fresh();
    const odd = ['say "hi" twice', 'a AND b', 'x OR y', 'NEAR(a b)', 'col: value', 'star* here', '50% off', 'a_b'];
    const ids = odd.map((notes) => addRun(db, run(notes)).id);
    addRun(db, run('nothing odd'));
    for (const [i, notes] of odd.entries()) {
      expect(
        listRuns(db, { filter: { text: notes } }).runs.map((r) => r.id),
        notes,
      ).toEqual([ids[i]]);
    }
    expect(listRuns(db, { filter: { text: '"hi"' } }).runs.map((r) => r.id)).toEqual([ids[0]]);
    expect(listRuns(db, { filter: { text: '"' } }).runs.map((r) => r.id)).toEqual([ids[0]]);
    // A NUL would end FTS5's query string: such text is searched without the index, and finds nothing here.
    expect(listRuns(db, { filter: { text: 'say\u0000"hi"' } }).total).toBe(0);
    db.close();
  });

  it('follows edits and deletes', () => {
    const db = fresh();
    const first = addRun(db, run('before the edit'));
    const second = addRun(db, run('stays', { provider: 'AutoDL' }));
    updateRun(db, first.id, { notes: 'after the change' });
    expect(listRuns(db, { filter: { text: 'before' } }).total).toBe(0);
    expect(listRuns(db, { filter: { text: 'change' } }).runs.map((r) => r.id)).toEqual([first.id]);
    updateRun(db, second.id, { provider: 'Vast' });
    expect(listRuns(db, { filter: { text: 'autodl' } }).total).toBe(0);
    expect(listRuns(db, { filter: { text: 'vast' } }).runs.map((r) => r.id)).toEqual([second.id]);
    deleteRun(db, first.id);
    expect(listRuns(db, { filter: { text: 'change' } }).total).toBe(0);
    // FTS5's own check of the index against the log's text: throws when they differ.
    db.prepare("INSERT INTO runs_text (runs_text, rank) VALUES ('integrity-check', 1)").run();
    db.close();
  });

  it('is whole after an import that rebuilds the indexes and after one that does not', async () => {
    const db = fresh();
    // Into a log it at least doubles (the published runs are in it): indexes and text index rebuilt once (runs-import.ts).
    const logged = (db.prepare('SELECT max(id) AS id FROM runs').get() as { id: number }).id;
    const bulk = logged + 10;
    await importRuns(
      db,
      Array.from({ length: bulk }, (_, i) => run(`bulk ${i}`)),
    );
    // Into a log it does not double: written through the triggers.
    await importRuns(db, [run('late addition')]);
    expect(listRuns(db, { filter: { text: 'bulk' } }).total).toBe(bulk);
    expect(listRuns(db, { filter: { text: 'late addition' } }).total).toBe(1);
    expect(
      db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'trigger' AND name GLOB 'runs_text_*'").get(),
    ).toEqual({
      n: 3,
    });
    db.prepare("INSERT INTO runs_text (runs_text, rank) VALUES ('integrity-check', 1)").run();
    db.close();
  });

  it('indexes the runs already logged when the store is migrated', () => {
    const db = migratedOver(8, [run('logged before search')]);
    expect(listRuns(db, { filter: { text: 'before search' } }).total).toBe(1);
    db.close();
  });
});
