/**
 * The store's throughput flags (runs-flags.ts), grouped in SQL, are exactly the domain's
 * flagInconsistentThroughput over the same runs read one by one: same groups, same runs in each, same
 * order, same messages, across card, GPU count, throughput kind and scope, key order and GPU fields.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { flagInconsistentThroughput, type CalibrationRun } from '../domain/calibrate';
import type { EstimateInput, Method } from '../domain/estimate/input';
import type { RunInputDraft, RunOrigin, RunOutcome, ThroughputKind } from '../domain/runs';
import type { Db } from './driver';
import { openDb } from './open';
import { importRuns } from './runs-import';
import { throughputFlags } from './runs-flags';
import { syntheticRun } from './synthetic-runs.testkit';
import { tempDir } from './test-support.testkit';

/** The runs of `method` with a rate, one object each, as the flags were read before they were grouped in SQL. */
function oneByOne(db: Db, method: Method): CalibrationRun[] {
  const rows = db
    .prepare(
      `SELECT id, origin, card_id, gpus, config, outcome, throughput_kind,
         CASE WHEN throughput_scope = 'per-gpu' THEN tokens_per_second * gpus ELSE tokens_per_second END AS tps
       FROM runs WHERE method = ? AND tokens_per_second > 0 ORDER BY id`,
    )
    .all(method) as {
    id: number;
    origin: RunOrigin;
    card_id: string;
    gpus: number;
    config: string;
    outcome: RunOutcome;
    throughput_kind: ThroughputKind | null;
    tps: number;
  }[];
  return rows.map((row) => ({
    id: String(row.id),
    origin: row.origin,
    card: row.card_id,
    gpus: row.gpus,
    config: JSON.parse(row.config) as EstimateInput,
    measuredMemoryBytes: null,
    memoryMeter: null,
    measuredTokensPerSecond: row.tps,
    predictedMemoryBytes: null,
    predictedTokensPerSecond: null,
    outcome: row.outcome,
    ...(row.throughput_kind ? { throughputKind: row.throughput_kind } : {}),
  }));
}

const lora = (tokensPerSecond: number, extra: Partial<RunInputDraft> = {}): RunInputDraft => ({
  config: { model: 'qwen2.5-7b', method: 'lora', precision: 'bf16', batchSize: 4, seqLen: 2048 },
  card: 'rtx-4090',
  gpus: 1,
  outcome: 'ok',
  tokensPerSecond,
  ...extra,
});

describe('throughput flags grouped in SQL', () => {
  it('are the domain flags of the same runs, for every method', async () => {
    const db = openDb(path.join(tempDir(), 'cardwise.db'));
    await importRuns(db, [
      ...Array.from({ length: 300 }, (_, i) => syntheticRun(i)),
      // Within 10%: no flag. Beyond: a flag, also for two GPUs counted per GPU and for a decode rate.
      lora(1000),
      lora(1080),
      lora(2000, { card: 'rtx-3090' }),
      lora(1500, { card: 'rtx-3090' }),
      lora(600, { gpus: 2, throughputScope: 'per-gpu' }),
      lora(1100, { gpus: 2, throughputScope: 'all-gpus' }),
      lora(900, { throughputKind: 'decode' }),
      lora(400, { throughputKind: 'decode' }),
      // The same configuration naming its GPU: one group with the runs that do not.
      lora(1040, {
        config: { model: 'qwen2.5-7b', method: 'lora', precision: 'bf16', batchSize: 4, seqLen: 2048, gpu: 'rtx-4090' },
      }),
    ]);
    // A configuration stored with its keys in another order (as an older writer might have): still one group.
    const some = db
      .prepare("SELECT id, config FROM runs WHERE card_id = 'rtx-3090' AND method = 'lora' ORDER BY id LIMIT 1")
      .get() as {
      id: number;
      config: string;
    };
    const reordered = Object.fromEntries(Object.entries(JSON.parse(some.config) as object).reverse());
    db.prepare('UPDATE runs SET config = ? WHERE id = ?').run(JSON.stringify(reordered), some.id);

    let flagged = 0;
    for (const method of ['lora', 'qlora', 'full', 'inference'] as const) {
      const expected = flagInconsistentThroughput(oneByOne(db, method));
      expect(throughputFlags(db, method), method).toEqual(expected);
      flagged += expected.length;
    }
    // Not an empty comparison: the log has flagged groups and unflagged ones.
    expect(flagged).toBeGreaterThan(2);
    db.close();
  });
});
