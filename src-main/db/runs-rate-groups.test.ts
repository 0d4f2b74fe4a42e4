/**
 * The rates kept per group (migrations 010 and 011, runs-rate-groups.ts): after every kind of write the table is what
 * one GROUP BY over the user's runs gives, and the flag it gives each run is the one the whole log's flags give
 * (runs-flags.ts, itself held equal to the domain's grouping in runs-flags.test.ts). Published runs are in no group.
 */
import { describe, expect, it } from 'vitest';
import type { Message } from '../domain/messages';
import type { RunInputDraft } from '../domain/runs';
import type { Db } from './driver';
import { openDb } from './open';
import { bundledAssets } from './bundled';
import { freshStore, importBothWays, migratedOver } from './derived.testkit';
import { seedPublishedRuns } from './seed-runs';
import { addRun, deleteRun, updateRun } from './runs-mutations';
import { throughputFlags } from './runs-flags';
import { flagsOfRuns } from './runs-rate-groups';
import { syntheticRun } from './synthetic-runs.testkit';

/** The groups as the kept table holds them, or as a GROUP BY of the runs gives them. */
function groups(db: Db, from: 'kept' | 'runs'): unknown[] {
  const sql =
    from === 'kept'
      ? `SELECT method, card_id, gpus, throughput_kind, config, runs, slowest, fastest FROM runs_rate_groups
         ORDER BY method, card_id, gpus, throughput_kind, config`
      : `SELECT method, card_id, gpus, throughput_kind, config, count(*) AS runs, min(tps) AS slowest,
           max(tps) AS fastest
         FROM (SELECT method, card_id, gpus, throughput_kind, config,
                 CASE WHEN throughput_scope = 'per-gpu' THEN tokens_per_second * gpus ELSE tokens_per_second END AS tps
               FROM runs WHERE tokens_per_second > 0 AND origin = 'mine')
         GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`;
  return db.prepare(sql).all();
}

/** Every run's flag from the whole log's flags, by id. */
function wholeLogFlags(db: Db): Map<number, Message> {
  const flags = new Map<number, Message>();
  for (const method of ['lora', 'qlora', 'full', 'inference'] as const) {
    for (const flag of throughputFlags(db, method)) for (const id of flag.runIds) flags.set(Number(id), flag.reason);
  }
  return flags;
}

function expectKeptAsScanned(db: Db): void {
  expect(groups(db, 'kept')).toEqual(groups(db, 'runs'));
  const ids = (db.prepare('SELECT id FROM runs ORDER BY id').all() as { id: number }[]).map((r) => r.id);
  expect(flagsOfRuns(db, ids)).toEqual(wholeLogFlags(db));
}

/** A few configurations on two cards, so groups hold several runs, some of them on two GPUs counted per GPU. */
const run = (i: number): RunInputDraft => ({
  config: { model: 'qwen2.5-7b', method: 'lora', precision: 'bf16', batchSize: 1 + (i % 3), seqLen: 2048 },
  card: i % 2 ? 'rtx-4090' : 'rtx-3090',
  gpus: 1 + (i % 4 === 3 ? 1 : 0),
  outcome: 'ok',
  tokensPerSecond: 800 + ((i * 37) % 400),
  ...(i % 4 === 3 ? { throughputScope: 'per-gpu' as const } : {}),
  ...(i % 5 === 4 ? { throughputKind: 'decode' as const } : {}),
});

describe('the rates kept per group', () => {
  it('are what a GROUP BY over the runs gives after adds, edits and deletes, and flag what the whole log flags', () => {
    const { db, file } = freshStore();
    const other = openDb(file);
    const ids = Array.from({ length: 60 }, (_, i) => addRun(i % 4 === 0 ? other : db, run(i)).id);
    // A run with no rate belongs to no group.
    addRun(db, { ...run(0), tokensPerSecond: undefined, durationHours: 1 });
    expect((db.prepare('SELECT avg(runs) AS n FROM runs_rate_groups').get() as { n: number }).n).toBeGreaterThan(2);
    expectKeptAsScanned(db);
    const [slowest, fastest] = [
      db.prepare('SELECT id FROM runs WHERE tokens_per_second > 0 ORDER BY tokens_per_second LIMIT 1').get(),
      db.prepare('SELECT id FROM runs WHERE tokens_per_second > 0 ORDER BY tokens_per_second DESC LIMIT 1').get(),
    ].map((row) => (row as { id: number }).id);
    // Edits: a group's slowest run made fast, its fastest moved to another card, a rate removed, a run made per GPU,
    // another configuration, a two-GPU rate counted for all GPUs instead of per GPU (the scope alone), and one edit
    // the groups do not read (updateRun writes every column).
    updateRun(db, slowest!, { tokensPerSecond: 5000 });
    updateRun(other, fastest!, { card: 'a800-80gb' });
    updateRun(db, ids[5]!, { tokensPerSecond: null, durationHours: 2 });
    updateRun(db, ids[6]!, { gpus: 2, throughputScope: 'per-gpu' });
    updateRun(db, ids[7]!, { config: { ...run(7).config, seqLen: 4096 } });
    updateRun(db, ids[11]!, { throughputScope: 'all-gpus' });
    updateRun(db, ids[8]!, { notes: 'a change the groups do not read' });
    expectKeptAsScanned(db);
    // Deletes: every group's slowest and fastest run in turn, then others.
    for (const order of ['ASC', 'DESC']) {
      const extreme = db
        .prepare(`SELECT id FROM runs WHERE tokens_per_second > 0 ORDER BY tokens_per_second ${order} LIMIT 1`)
        .get() as { id: number };
      deleteRun(db, extreme.id);
      expectKeptAsScanned(db);
    }
    for (const id of ids.filter((_, i) => i % 3 === 1)) {
      if (db.prepare('SELECT 1 FROM runs WHERE id = ?').get(id)) deleteRun(id % 2 ? db : other, id);
    }
    expectKeptAsScanned(db);
    expect(wholeLogFlags(db).size).toBeGreaterThan(0);
    other.close();
    db.close();
  });

  it('are whole after an import that groups the log again and after one through the triggers, which stay', async () => {
    const { db } = freshStore();
    const late = Array.from({ length: 20 }, (_, i) => run(i));
    const triggers = await importBothWays(
      db,
      { bulk: syntheticRun, late },
      () => expectKeptAsScanned(db),
      'runs_rate_*',
    );
    expect(triggers).toEqual(['runs_rate_delete', 'runs_rate_insert', 'runs_rate_update']);
    db.close();
  });

  it('are whole after the published runs are seeded again, which join no group and carry no flag', () => {
    const { db } = freshStore();
    for (let i = 0; i < 40; i++) addRun(db, run(i));
    const before = groups(db, 'kept');
    seedPublishedRuns(db, bundledAssets.data);
    expect(groups(db, 'kept')).toEqual(before);
    // The published tables hold rows that one configuration cannot tell apart at rates more than 10% apart
    // (torchtune's unpacked baseline and its packed run, ExLlama v1 and v2): none of them is flagged.
    const published = (db.prepare("SELECT id FROM runs WHERE origin = 'published'").all() as { id: number }[]).map(
      (r) => r.id,
    );
    expect(published.length).toBeGreaterThan(100);
    expect(flagsOfRuns(db, published).size).toBe(0);
    expectKeptAsScanned(db);
    seedPublishedRuns(db, bundledAssets.data, { force: true });
    expectKeptAsScanned(db);
    const triggers = db.prepare(
      "SELECT count(*) AS n FROM sqlite_master WHERE type = 'trigger' AND name GLOB 'runs_rate_*'",
    );
    expect(triggers.get()).toEqual({ n: 3 });
    db.close();
  });

  it("merge configurations that differ only in key order, as the whole log's flags do", () => {
    const { db } = freshStore();
    const a = addRun(db, run(0));
    const b = addRun(db, { ...run(0), tokensPerSecond: 2000 });
    const reordered = Object.fromEntries(Object.entries(run(0).config).reverse());
    db.prepare('UPDATE runs SET config = ? WHERE id = ?').run(JSON.stringify(reordered), b.id);
    expect(db.prepare('SELECT count(*) AS n FROM runs_rate_groups').get()).toEqual({ n: 2 });
    expect([...flagsOfRuns(db, [a.id, b.id]).keys()]).toEqual([a.id, b.id]);
    expectKeptAsScanned(db);
    db.close();
  });

  it('take a run in or out when an edit changes its origin', () => {
    const { db } = freshStore();
    const a = addRun(db, run(0));
    const b = addRun(db, { ...run(0), tokensPerSecond: 2000 });
    expect(flagsOfRuns(db, [a.id, b.id]).size).toBe(2);
    db.prepare(
      "UPDATE runs SET origin = 'published', citation = 'a published table', ref_id = 'table-0' WHERE id = ?",
    ).run(b.id);
    expect(flagsOfRuns(db, [a.id, b.id]).size).toBe(0);
    expectKeptAsScanned(db);
    db.prepare("UPDATE runs SET origin = 'mine', citation = NULL, ref_id = NULL WHERE id = ?").run(b.id);
    expect(flagsOfRuns(db, [a.id, b.id]).size).toBe(2);
    expectKeptAsScanned(db);
    db.close();
  });

  it('group the runs already logged when the store is migrated', () => {
    const db = migratedOver(
      10,
      Array.from({ length: 40 }, (_, i) => run(i)),
    );
    expect((db.prepare('SELECT sum(runs) AS n FROM runs_rate_groups').get() as { n: number }).n).toBe(40);
    expectKeptAsScanned(db);
    db.close();
  });

  it('leave out the published runs a store grouped by migration 010 held when it is migrated', () => {
    // Each published run shares a group with one of the user's, at a rate over 10% apart from it.
    const mine = [run(1), run(3)];
    const db = migratedOver(11, mine, [
      { ...run(1), tokensPerSecond: 5000 },
      { ...run(3), tokensPerSecond: 5000 },
    ]);
    expect((db.prepare('SELECT sum(runs) AS n FROM runs_rate_groups').get() as { n: number }).n).toBe(2);
    const ids = (db.prepare('SELECT id FROM runs').all() as { id: number }[]).map((r) => r.id);
    expect(ids).toHaveLength(4);
    expect(flagsOfRuns(db, ids).size).toBe(0);
    expectKeptAsScanned(db);
    db.close();
  });
});
