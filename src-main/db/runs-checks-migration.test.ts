/**
 * Migration 007 rebuilds the run log with its closed-list CHECKs written as comparisons instead of
 * IN lists (a faster copy for imports): the rows, their ids and the AUTOINCREMENT counter survive,
 * and the table accepts and refuses exactly the values it did before.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validRun } from '../http/fuzz-inputs.testkit';
import { runInputSchema } from '../domain/runs';
import { bundledAssets } from './bundled';
import type { Db } from './driver';
import { migrationsFrom } from './migrate';
import { openDb } from './open';
import { INSERT_RUN_SQL, RUN_COLUMNS, runValues } from './runs-rows';
import { tempDir } from './test-support.testkit';

const all = migrationsFrom(bundledAssets.migrations);
const before = all.filter((m) => m.version < 7);

const meta = { origin: 'mine', citation: null, refId: null, estimate: null, createdAt: new Date(0) } as const;
const base = runValues(runInputSchema.parse(validRun), meta);

function insert(db: Db, changes: Record<string, unknown>): 'accepted' | 'refused' {
  const values = RUN_COLUMNS.map((column, i) => (column in changes ? changes[column] : base[i]));
  try {
    db.prepare(INSERT_RUN_SQL).run(values);
    return 'accepted';
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_CHECK') return 'refused';
    throw error;
  }
}

/** Each closed-list column with every word it allows, and words it must not. */
const WORDS: Record<string, { allowed: string[]; nullable: boolean }> = {
  method: { allowed: ['inference', 'full', 'lora', 'qlora'], nullable: false },
  precision: { allowed: ['fp32', 'bf16', 'fp16', 'fp8', 'int8', 'int4'], nullable: false },
  memory_meter: { allowed: ['nvidia-smi', 'torch-reserved', 'torch-allocated'], nullable: true },
  throughput_kind: { allowed: ['train', 'decode', 'prefill'], nullable: true },
  throughput_scope: { allowed: ['per-gpu', 'all-gpus'], nullable: true },
  outcome: { allowed: ['ok', 'oom', 'crashed', 'preempted'], nullable: false },
  engine: { allowed: ['vllm', 'sglang', 'llamacpp'], nullable: true },
};
const WRONG = ['', 'OK', 'Lora', 'lora ', ' bf16', 'x', 'ok\u0000', 'vllm2'];

describe('migration 007 (closed-list CHECKs as comparisons)', () => {
  it('keeps every row, its id and the AUTOINCREMENT counter', () => {
    const file = path.join(tempDir(), 'cardwise.db');
    const old = openDb(file, { migrations: before });
    for (let i = 0; i < 5; i++) insert(old, { notes: `run ${i}`, content_key: `key ${i}` });
    // The newest run deleted: its id stays used.
    const newest = (old.prepare("SELECT max(id) AS id FROM runs WHERE origin = 'mine'").get() as { id: number }).id;
    old.prepare('DELETE FROM runs WHERE id = ?').run(newest);
    const rows = old.prepare('SELECT * FROM runs ORDER BY id').all();
    const counter = old.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'runs'").get();
    old.close();

    const db = openDb(file, { migrations: all });
    expect(db.prepare('SELECT * FROM runs ORDER BY id').all()).toEqual(rows);
    expect(db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'runs'").get()).toEqual(counter);
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_sequence WHERE name = 'runs_v7'").get()).toEqual({ n: 0 });
    const id = Number(db.prepare(INSERT_RUN_SQL).run(base).lastInsertRowid);
    expect(id).toBe(newest + 1);
    db.close();
  });

  it('accepts and refuses the same words as the IN lists did', () => {
    const old = openDb(path.join(tempDir(), 'v6.db'), { migrations: before });
    const db = openDb(path.join(tempDir(), 'v7.db'), { migrations: all });
    for (const [column, { allowed, nullable }] of Object.entries(WORDS)) {
      for (const word of [...allowed, ...WRONG, ...(nullable ? [null] : [])]) {
        // A memory meter cannot be cleared while a peak memory is logged (a CHECK of its own).
        const changes = { [column]: word, ...(column === 'memory_meter' ? { peak_memory_gib: null } : {}) };
        const expected = allowed.includes(word as string) || word === null ? 'accepted' : 'refused';
        expect([column, word, insert(db, changes)]).toEqual([column, word, expected]);
        expect([column, word, insert(old, changes)]).toEqual([column, word, expected]);
      }
    }
    old.close();
    db.close();
  });
});
