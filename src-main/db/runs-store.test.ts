import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../domain/errors';
import { ImportError, type RunInputDraft } from '../domain/runs';
import type { Db } from './driver';
import { openDb } from './open';
import { exportRunChunks, exportRuns } from './runs-export';
import { importRuns, importRunsFile } from './runs-import';
import { ledger } from './runs-ledger';
import { addRun, deleteRun, insertRun, updateRun } from './runs-mutations';
import { getRun, listRuns } from './runs-queries';
import { runInputOf } from './runs-rows';
import { NotFoundError } from './store-error';
import { tempDir } from './test-support.testkit';

function freshDb(): { db: Db; file: string } {
  const file = path.join(tempDir(), 'cardwise.db');
  return { db: openDb(file), file };
}

const lora: RunInputDraft = {
  config: { model: 'qwen2.5-7b', method: 'lora', precision: 'bf16', batchSize: 4, seqLen: 2048 },
  card: 'rtx-4090',
  gpus: 1,
  provider: 'AutoDL',
  peakMemoryGiB: 21.4,
  memoryMeter: 'nvidia-smi',
  tokensPerSecond: 3100,
  durationHours: 2.5,
  cost: 4.95,
  currency: 'CNY',
  outcome: 'ok',
  notes: '第一次 LoRA',
  startedAt: '2025-11-30T14:05:00+08:00',
};

function publish(db: Db, refId: string): number {
  return insertRun(db, { ...(lora as object), provider: undefined, cost: undefined, currency: undefined } as never, {
    origin: 'published',
    citation: 'a paper — https://example.org',
    refId,
    estimate: null,
    createdAt: new Date(),
  });
}

describe('add, get, update, delete', () => {
  it('stores every field and the estimate, and reads them back after reopening', () => {
    const { db, file } = freshDb();
    const estimate = { perGpu: { totalBytes: 22_000_000_000 }, assumptions: ['shape from preset'] };
    const run = addRun(db, lora, { estimate, now: new Date('2025-12-01T00:00:00Z') });
    expect(run).toEqual({
      ...lora,
      id: run.id,
      origin: 'mine',
      citation: null,
      estimate,
      modelLabel: 'qwen2.5-7b',
      createdAt: '2025-12-01T00:00:00.000Z',
    });
    db.close();
    const reopened = openDb(file);
    expect(getRun(reopened, run.id)).toEqual(run);
    reopened.close();
  });

  it('labels a shape by its size and stores method and precision for filtering', () => {
    const { db } = freshDb();
    const run = addRun(db, {
      ...lora,
      config: { model: { params: 8.03e9 }, method: 'qlora', precision: 'int4', batchSize: 1, seqLen: 512 },
    });
    expect(run.modelLabel).toBe('8.03B shape');
    expect(db.prepare('SELECT method, precision FROM runs WHERE id = ?').get(run.id)).toEqual({
      method: 'qlora',
      precision: 'int4',
    });
    db.close();
  });

  it('refuses a bad run naming the field, and writes nothing', () => {
    const { db } = freshDb();
    expect(() => addRun(db, { ...lora, currency: undefined })).toThrow(expect.objectContaining({ field: 'currency' }));
    expect(() => addRun(db, { ...lora, gpus: 0 })).toThrow(InputError);
    expect(listRuns(db).total).toBe(0);
    db.close();
  });

  it('patches only the fields sent, clears with null, and checks the merged run', () => {
    const { db } = freshDb();
    const run = addRun(db, lora);
    const updated = updateRun(db, run.id, { notes: 'edited', cost: null, currency: null });
    expect(updated).toEqual({ ...run, notes: 'edited', cost: undefined, currency: undefined });
    expect('cost' in updated).toBe(false);
    expect(() => updateRun(db, run.id, { cost: 3 })).toThrow(expect.objectContaining({ field: 'currency' }));
    expect(() => updateRun(db, run.id, { peakMemoryGiB: 5000 })).toThrow(InputError);
    expect(getRun(db, run.id)).toEqual(updated);
    expect(() => updateRun(db, 999, { notes: 'x' })).toThrow(NotFoundError);
    db.close();
  });

  it('deletes a run and returns it, so adding it back restores it', () => {
    const { db } = freshDb();
    const run = addRun(db, lora, { estimate: { x: 1 } });
    const deleted = deleteRun(db, run.id);
    expect(deleted).toEqual(run);
    expect(getRun(db, run.id)).toBeUndefined();
    const back = addRun(db, runInputOf(deleted), { estimate: deleted.estimate });
    expect(runInputOf(back)).toEqual(runInputOf(run));
    expect(() => deleteRun(db, run.id)).toThrow(NotFoundError);
    db.close();
  });

  it('keeps published runs read-only', () => {
    const { db } = freshDb();
    const id = publish(db, 'ref-1');
    expect(() => updateRun(db, id, { notes: 'mine now' })).toThrow(
      expect.objectContaining({ field: 'id', message: 'published runs are read-only' }),
    );
    expect(() => deleteRun(db, id)).toThrow(expect.objectContaining({ field: 'id' }));
    expect(getRun(db, id)?.origin).toBe('published');
    db.close();
  });
});

describe('listRuns', () => {
  function logged(db: Db) {
    const days = ['2025-11-03', '2025-11-01', '2025-11-02', undefined];
    const runs = [
      addRun(db, { ...lora, startedAt: days[0], peakMemoryGiB: 20, card: 'rtx-4090', notes: 'has 100% of_it' }),
      addRun(db, { ...lora, startedAt: days[1], peakMemoryGiB: 30, card: 'a100-80gb', outcome: 'oom' }),
      addRun(db, { ...lora, startedAt: days[2], peakMemoryGiB: null, memoryMeter: null, provider: 'Vast' }),
      addRun(db, { ...lora, startedAt: days[3], peakMemoryGiB: 10, config: { ...lora.config, method: 'full' } }),
    ];
    return runs.map((r) => r.id);
  }

  it('sorts in both directions with missing values smallest and ties by id', () => {
    const { db } = freshDb();
    const [a, b, c, d] = logged(db);
    const ids = (sort: never) => listRuns(db, { sort }).runs.map((r) => r.id);
    expect(ids(['startedAt', 'desc'] as never)).toEqual([a, c, b, d]);
    expect(ids(['startedAt', 'asc'] as never)).toEqual([d, b, c, a]);
    expect(ids(['peakMemoryGiB', 'desc'] as never)).toEqual([b, a, d, c]);
    expect(ids(['peakMemoryGiB', 'asc'] as never)).toEqual([c, d, a, b]);
    expect(ids(['card', 'asc'] as never)).toEqual([b, a, c, d]);
    db.close();
  });

  it('filters, pages and counts', () => {
    const { db } = freshDb();
    const [a, b, c, d] = logged(db);
    const page = (options: Parameters<typeof listRuns>[1]) => {
      const { runs, total } = listRuns(db, options);
      return { ids: runs.map((r) => r.id), total };
    };
    expect(page({ filter: { card: 'rtx-4090' } })).toEqual({ ids: [a, c, d], total: 3 });
    expect(page({ filter: { outcome: 'oom' } })).toEqual({ ids: [b], total: 1 });
    expect(page({ filter: { method: 'full' } })).toEqual({ ids: [d], total: 1 });
    expect(page({ filter: { text: 'vast' } })).toEqual({ ids: [c], total: 1 });
    expect(page({ filter: { text: 'qwen2.5' } }).total).toBe(4);
    // LIKE wildcards in the search text are literal.
    expect(page({ filter: { text: '100%' } })).toEqual({ ids: [a], total: 1 });
    expect(page({ filter: { text: '0%' } })).toEqual({ ids: [a], total: 1 });
    expect(page({ filter: { text: 'f_i' } })).toEqual({ ids: [a], total: 1 });
    expect(page({ filter: { text: '_' } })).toEqual({ ids: [a], total: 1 });
    expect(page({ filter: { origin: 'published' } })).toEqual({ ids: [], total: 0 });
    expect(page({ limit: 2, offset: 1 })).toEqual({ ids: [c, b], total: 4 });
    expect(() => listRuns(db, { limit: 501 })).toThrow(expect.objectContaining({ field: 'limit' }));
    expect(() => listRuns(db, { sort: ['notes', 'asc'] as never })).toThrow(InputError);
    db.close();
  });
});

describe('ledger', () => {
  it('sums runs, GPU-hours and cost per currency, never mixing currencies or counting published runs', () => {
    const { db } = freshDb();
    const base = { ...lora, provider: 'AutoDL' };
    addRun(db, { ...base, startedAt: '2025-11-02', gpus: 2, durationHours: 3, cost: 12, currency: 'CNY' });
    addRun(db, {
      ...base,
      startedAt: '2025-11-20T23:30:00+08:00',
      gpus: 1,
      durationHours: 1.5,
      cost: 0.7,
      currency: 'USD',
      provider: 'Vast',
    });
    addRun(db, {
      ...base,
      startedAt: '2025-10-05',
      gpus: 4,
      durationHours: undefined,
      cost: 8,
      currency: 'CNY',
      card: 'a100-80gb',
    });
    addRun(db, {
      ...base,
      startedAt: '2025-11-05',
      gpus: 1,
      durationHours: 2,
      cost: undefined,
      currency: undefined,
      provider: undefined,
    });
    publish(db, 'ref-2');
    expect(ledger(db, { groupBy: 'month' })).toEqual([
      { key: '2025-11', runs: 3, gpuHours: 9.5, runsWithoutDuration: 0, cost: { CNY: 12, USD: 0.7 } },
      { key: '2025-10', runs: 1, gpuHours: 0, runsWithoutDuration: 1, cost: { CNY: 8 } },
    ]);
    expect(ledger(db, { groupBy: 'card' }).map((r) => [r.key, r.runs, r.cost])).toEqual([
      ['a100-80gb', 1, { CNY: 8 }],
      ['rtx-4090', 3, { CNY: 12, USD: 0.7 }],
    ]);
    expect(ledger(db, { groupBy: 'provider', currency: 'CNY' })).toEqual([
      { key: 'AutoDL', runs: 2, gpuHours: 6, runsWithoutDuration: 1, cost: { CNY: 20 } },
    ]);
    expect(ledger(db, { groupBy: 'provider' }).map((r) => r.key)).toEqual([null, 'AutoDL', 'Vast']);
    expect(() => ledger(db, { groupBy: 'week' as never })).toThrow(InputError);
    db.close();
  });
});

describe('run counts between writes', () => {
  it('counts each filter as SQL does, again after a write by this connection or another', () => {
    const { db, file } = freshDb();
    const other = openDb(file);
    const filters = [
      {},
      { card: 'rtx-4090' },
      { card: 'a100-80gb', outcome: 'oom' },
      { method: 'lora', origin: 'mine' },
    ] as const;
    const counted = () => filters.map((filter) => listRuns(db, { filter }).total);
    const sql = () =>
      filters.map((filter) => {
        const columns = { card: 'card_id', method: 'method', origin: 'origin', outcome: 'outcome' } as const;
        const parts = Object.entries(filter).map(([k, v]) => `${columns[k as keyof typeof columns]} = '${v}'`);
        const where = parts.length > 0 ? `WHERE ${parts.join(' AND ')}` : '';
        return (db.prepare(`SELECT count(*) AS n FROM runs ${where}`).get() as { n: number }).n;
      });
    expect(counted()).toEqual([0, 0, 0, 0]);
    const kept = addRun(db, lora);
    addRun(db, { ...lora, card: 'a100-80gb', outcome: 'oom', notes: 'oom' });
    expect(counted()).toEqual([2, 1, 1, 2]);
    addRun(other, { ...lora, notes: 'from another connection', config: { ...lora.config, method: 'full' } });
    expect(counted()).toEqual(sql());
    expect(counted()).toEqual([3, 2, 1, 2]);
    deleteRun(db, kept.id);
    expect(counted()).toEqual([2, 1, 1, 1]);
    other.close();
    db.close();
  });
});

describe('ledger between writes', () => {
  it('sums again after a write by this connection or another, and never hands out the kept sums', () => {
    const { db, file } = freshDb();
    const other = openDb(file);
    const run = { ...lora, startedAt: '2025-11-02', gpus: 1, durationHours: 1, cost: 2, currency: 'CNY' } as const;
    addRun(db, run);
    const first = ledger(db, { groupBy: 'month' });
    expect(first).toEqual([{ key: '2025-11', runs: 1, gpuHours: 1, runsWithoutDuration: 0, cost: { CNY: 2 } }]);
    first[0]!.runs = 99;
    first[0]!.cost.CNY = 99;
    expect(ledger(db, { groupBy: 'month' })[0]).toMatchObject({ runs: 1, cost: { CNY: 2 } });
    addRun(db, { ...run, notes: 'second', cost: 3 });
    expect(ledger(db, { groupBy: 'month' })[0]).toMatchObject({ runs: 2, cost: { CNY: 5 } });
    addRun(other, { ...run, notes: 'from another connection', cost: 4 });
    expect(ledger(db, { groupBy: 'month' })[0]).toMatchObject({ runs: 3, cost: { CNY: 9 } });
    other.close();
    db.close();
  });
});

describe('import and export', () => {
  const hostile = ['=HYPERLINK("http://x","y")', '+1', '@SUM(A1)', '-3', 'a, "b"\r\nc', '中文 备注'];

  function seeded(db: Db) {
    return hostile.map((notes, i) =>
      addRun(
        db,
        { ...lora, notes, provider: i % 2 ? '=cmd|x' : '恒源云', cost: i + 0.25 },
        { estimate: i ? { i } : undefined },
      ),
    );
  }

  for (const format of ['csv', 'json'] as const) {
    it(`${format}: export then import into another file gives identical runs`, async () => {
      const source = freshDb().db;
      const runs = seeded(source);
      publish(source, 'ref-3');
      const text = exportRuns(source, { format });
      const target = freshDb().db;
      const result = await importRunsFile(target, text, format);
      expect(result.imported).toBe(runs.length);
      const back = listRuns(target, { sort: ['cost', 'asc'] }).runs;
      expect(back.map(runInputOf)).toEqual(runs.map(runInputOf));
      if (format === 'json') expect(back.map((r) => r.estimate)).toEqual(runs.map((r) => r.estimate));
      expect(back.every((r) => r.origin === 'mine')).toBe(true);
      source.close();
      target.close();
    });
  }

  it('exports published runs only when asked', () => {
    const { db } = freshDb();
    seeded(db);
    publish(db, 'ref-4');
    expect((JSON.parse(exportRuns(db, { format: 'json' })) as { runs: unknown[] }).runs).toHaveLength(hostile.length);
    const published = JSON.parse(exportRuns(db, { format: 'json', origin: 'published' })) as { runs: unknown[] };
    expect(published.runs).toEqual([
      expect.objectContaining({ origin: 'published', citation: 'a paper — https://example.org' }),
    ]);
    expect(exportRuns(db, { format: 'csv', origin: 'published' }).split('\r\n')[1]).toMatch(/,published,/);
    db.close();
  });

  it('writes nothing when any row is bad, and lists every bad row', async () => {
    const { db } = freshDb();
    addRun(db, lora);
    const good = { ...lora, notes: 'imported' };
    const rows = [good, { ...good, gpus: 0 }, good, { ...good, cost: 1, currency: undefined }, 'not a run', good];
    const error = await importRuns(db, rows).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).issues.map(({ line, field }) => [line, field])).toEqual([
      [1, 'gpus'],
      [3, 'currency'],
      [4, '(row)'],
    ]);
    expect((error as ImportError).message).toMatch(/nothing was imported: 3 problems in 3 rows/);
    expect(listRuns(db).total).toBe(1);
    expect((await importRuns(db, [good, good])).imported).toBe(2);
    expect(listRuns(db).total).toBe(3);
    db.close();
  });

  it('numbers CSV problems by data line and refuses a malformed file as a whole', async () => {
    const { db } = freshDb();
    const csv = exportRuns(
      (() => {
        const src = freshDb().db;
        seeded(src);
        return src;
      })(),
      { format: 'csv' },
    );
    const lines = csv.split('\r\n');
    lines[3] = lines[3]!.replace(',rtx-4090,1,', ',rtx-4090,zero,');
    await expect(importRunsFile(db, lines.join('\r\n'), 'csv')).rejects.toThrow(
      expect.objectContaining({ issues: [expect.objectContaining({ line: 3, field: 'gpus' })] }),
    );
    await expect(importRunsFile(db, 'card,"gpus\r\n', 'csv')).rejects.toThrow(ImportError);
    expect(listRuns(db).total).toBe(0);
    db.close();
  });
});

describe('bounded and repeatable imports', () => {
  it('reports the first 100 problems of a file of bad rows, with how many there were', async () => {
    const { db } = freshDb();
    const bad = Array.from({ length: 5_000 }, () => ({ ...lora, gpus: 0 }));
    const error = (await importRuns(db, bad).catch((e: unknown) => e)) as ImportError;
    expect(error).toBeInstanceOf(ImportError);
    expect(error.issues).toHaveLength(100);
    expect(error.total).toBe(5_000);
    expect(error.rows).toBe(5_000);
    expect(error.message).toMatch(/^nothing was imported: 5,000 problems in 5,000 rows .*… 4,980 more\)$/);
    expect(listRuns(db).total).toBe(0);
    db.close();
  });

  it('re-importing a file adds nothing and counts the duplicates; allowDuplicates adds them', async () => {
    const { db } = freshDb();
    const runs = [lora, { ...lora, notes: 'second' }, { ...lora, notes: 'third' }];
    const first = await importRuns(db, runs);
    expect(first).toEqual({ imported: 3, duplicates: 0, duplicateLines: [], ids: { first: 1, last: 3 } });
    const csv = exportRuns(db, { format: 'csv' });
    expect(await importRunsFile(db, csv, 'csv')).toMatchObject({
      imported: 0,
      duplicates: 3,
      duplicateLines: [1, 2, 3],
    });
    const json = exportRuns(db, { format: 'json' });
    expect(await importRunsFile(db, json, 'json')).toMatchObject({
      imported: 0,
      duplicates: 3,
      duplicateLines: [0, 1, 2],
    });
    // A changed field is another run; the two unchanged ones are still duplicates.
    const changed = await importRuns(db, [
      { ...lora, notes: 'second' },
      { ...lora, cost: 5 },
    ]);
    expect(changed).toMatchObject({ imported: 1, duplicates: 1, duplicateLines: [0] });
    expect(await importRunsFile(db, csv, 'csv', { allowDuplicates: true })).toMatchObject({
      imported: 3,
      duplicates: 0,
    });
    expect(listRuns(db).total).toBe(7);
    // Edited runs are found by what they hold now.
    const edited = updateRun(db, 1, { notes: 'edited' });
    expect(await importRuns(db, [runInputOf(edited)])).toMatchObject({ imported: 0, duplicates: 1 });
    db.close();
  });

  it('gives each row the columns of its own configuration when configurations repeat, and leaves the cache as it was', async () => {
    const { db } = freshDb();
    const cacheSize = db.pragma('cache_size', { simple: true });
    const qlora = { ...lora, config: { model: '13b', method: 'qlora' as const, batchSize: 1, seqLen: 1024 } };
    // Each configuration repeats, so its columns come from the first row that had it.
    const runs = Array.from({ length: 6 }, (_, i) => ({ ...(i % 2 ? qlora : lora), notes: `run ${i}` }));
    await importRuns(db, runs);
    const columns = db
      .prepare('SELECT method, precision, model_label AS label, config FROM runs ORDER BY id')
      .all() as { method: string; precision: string; label: string; config: string }[];
    expect(columns.map((c) => [c.method, c.precision, c.label])).toEqual(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? ['qlora', 'int4', '13b'] : ['lora', 'bf16', 'qwen2.5-7b'])),
    );
    expect(columns.map((c) => JSON.parse(c.config) as unknown)).toEqual(runs.map((r) => r.config));
    expect(db.pragma('cache_size', { simple: true })).toBe(cacheSize);
    db.close();
  });

  it('leaves every index of the log as it was, whether the import rebuilt them (a bigger import) or not', async () => {
    const { db } = freshDb();
    const indexes = () =>
      db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'runs' ORDER BY name").all();
    const before = indexes();
    expect(before.length).toBeGreaterThan(5);
    // Into an empty log (the indexes are dropped and created again), then a smaller one into it (they are not).
    await importRuns(
      db,
      Array.from({ length: 300 }, (_, i) => ({ ...lora, notes: `run ${i}` })),
    );
    await importRuns(db, [{ ...lora, notes: 'one more' }]);
    expect(indexes()).toEqual(before);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    // The rebuilt indexes find the runs: the content key finds the duplicates, the card index counts them.
    expect(await importRuns(db, [{ ...lora, notes: 'run 7' }])).toMatchObject({ imported: 0, duplicates: 1 });
    expect(listRuns(db, { filter: { card: 'rtx-4090' } }).total).toBe(301);
    db.close();
  });

  it('streams an export in chunks that join to the same text', async () => {
    const { db } = freshDb();
    await importRuns(
      db,
      Array.from({ length: 500 }, (_, i) => ({ ...lora, notes: `run ${i} ${'x'.repeat(200)}` })),
    );
    for (const format of ['csv', 'json'] as const) {
      const chunks = [...exportRunChunks(db, { format })];
      expect(chunks.length).toBeGreaterThan(1);
      expect(chunks.join('')).toBe(exportRuns(db, { format }));
    }
    db.close();
  });
});
