import { createHash } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunInputDraft } from '../domain/runs';
import { openDb } from './open';
import { exportRuns } from './runs-export';
import { importRunsFile } from './runs-import';
import { addRun } from './runs-mutations';
import { measuredRunSignatures } from './calibration-queries';
import { getRun } from './runs-queries';
import { contentKey } from './runs-rows';
import { servingRuns } from './runs-serving-queries';
import { tempDir } from './test-support.testkit';

const serving: RunInputDraft = {
  config: { model: 'qwen2.5-7b', method: 'inference', precision: 'bf16', seqLen: 4096 },
  card: 'rtx-4090',
  gpus: 1,
  tokensPerSecond: 1210,
  engine: 'vllm',
  concurrency: 32,
  ttftMs: 180,
  promptTokens: 512,
  outputTokens: 128,
  maxModelLen: 4096,
  gpuMemoryUtilization: 0.9,
  kvPoolTokens: 86_240,
  outcome: 'ok',
};

describe('serving runs in the store (migration 005)', () => {
  it('stores every serving figure and reads it back after reopening', () => {
    const file = path.join(tempDir(), 'cardwise.db');
    const db = openDb(file);
    const run = addRun(db, serving, { estimate: null });
    db.close();
    const again = openDb(file);
    expect(getRun(again, run.id)).toMatchObject({ ...serving, id: run.id, peakMemoryGiB: null });
    const row = again
      .prepare('SELECT engine, kv_pool_tokens, gpu_memory_utilization FROM runs WHERE id = ?')
      .get(run.id);
    expect(row).toEqual({ engine: 'vllm', kv_pool_tokens: 86_240, gpu_memory_utilization: 0.9 });
  });

  it('refuses at the table what the contract refuses (a utilization above 1 written by hand)', () => {
    const db = openDb(path.join(tempDir(), 'cardwise.db'));
    const run = addRun(db, serving, { estimate: null });
    expect(() => db.prepare('UPDATE runs SET gpu_memory_utilization = 1.2 WHERE id = ?').run(run.id)).toThrow(/CHECK/);
    expect(() => db.prepare("UPDATE runs SET engine = 'tgi' WHERE id = ?").run(run.id)).toThrow(/CHECK/);
  });

  it('keeps the content key of a run without serving figures as it was before 005', () => {
    const db = openDb(path.join(tempDir(), 'cardwise.db'));
    // An out-of-memory run: a run must record something (domain/runs/plausibility.ts), and the outcome is enough.
    const plain: RunInputDraft = {
      config: { model: 'qwen2.5-7b', method: 'lora' },
      card: 'rtx-4090',
      gpus: 1,
      outcome: 'oom',
    };
    const run = addRun(db, plain, { estimate: null });
    const { content_key: key } = db.prepare('SELECT content_key FROM runs WHERE id = ?').get(run.id) as {
      content_key: string;
    };
    // The pre-005 key: the twelve plain columns (startedAt … outcome), the card, the config JSON and the notes.
    const before = [null, 1, null, null, null, null, null, null, null, null, null, 'oom'];
    expect(key).toBe(contentKey([...before, 'rtx-4090', JSON.stringify(plain.config), '']));
  });

  it('keys a run as earlier versions did: sha256 of the values as JSON, base64url, 24 characters', () => {
    const values = [null, 1, 'AutoDL', 20.5, '中文备注', 'rtx-4090'];
    const digest = createHash('sha256').update(JSON.stringify(values)).digest('base64url');
    expect(contentKey(values)).toBe(digest.slice(0, 24));
  });

  it('finds a re-imported serving run already logged, and not one that differs in a serving figure', async () => {
    const db = openDb(path.join(tempDir(), 'cardwise.db'));
    addRun(db, serving, { estimate: null });
    const json = exportRuns(db, { format: 'json' });
    expect(await importRunsFile(db, json, 'json')).toMatchObject({ imported: 0, duplicates: 1 });
    const other = json.replace('"kvPoolTokens":86240', '"kvPoolTokens":90000');
    expect(other).not.toBe(json);
    expect(await importRunsFile(db, other, 'json')).toMatchObject({ imported: 1, duplicates: 0 });
  });

  it('keeps serving runs out of the one-sequence calibration evidence', () => {
    const db = openDb(path.join(tempDir(), 'cardwise.db'));
    const servingRun = addRun(db, serving, { estimate: null });
    const { engine: _e, concurrency: _c, ttftMs: _t, promptTokens: _p, outputTokens: _o, ...rest } = serving;
    const { maxModelLen: _m, gpuMemoryUtilization: _g, kvPoolTokens: _k, ...plain } = rest;
    const single = addRun(db, { ...plain, tokensPerSecond: 95 }, { estimate: null });
    expect(measuredRunSignatures(db, 'inference', ['rtx-4090']).map(([id]) => id)).toEqual([single.id]);
    expect(servingRuns(db, 'vllm', ['rtx-4090']).map((run) => run.id)).toEqual([servingRun.id]);
    expect(servingRuns(db, 'sglang', ['rtx-4090'])).toEqual([]);
    expect(servingRuns(db, 'vllm', ['a100-80gb'])).toEqual([]);
  });
});
