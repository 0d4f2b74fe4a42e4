import { createHash } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DataFiles } from './assets';
import type { Db } from './driver';
import { openDb } from './open';
import { bundledAssets } from './bundled';
import { addRun } from './runs-mutations';
import { listRuns } from './runs-queries';
import { seedPublishedRuns } from './seed-runs';
import { SeedDataError } from './seed-data';
import { tempDir } from './test-support.testkit';

const shipped = JSON.parse(bundledAssets.data['reference-runs.json']!) as ReferenceRow[];

interface ReferenceRow {
  id: string;
  card: string | null;
  config: unknown;
  measured: {
    peakMemoryBytes: number | null;
    memoryMeter: string | null;
    tokensPerSecond: number | null;
    throughputScope: string | null;
  };
}

function freshDb(): Db {
  return openDb(path.join(tempDir(), 'cardwise.db'));
}

function dataDir(rows: unknown[]): DataFiles {
  return { 'reference-runs.json': JSON.stringify(rows) };
}

function published(db: Db) {
  return listRuns(db, { filter: { origin: 'published' }, limit: 500, sort: ['card', 'asc'] });
}

const byRef = (db: Db, refId: string) =>
  db
    .prepare('SELECT id, peak_memory_gib, memory_meter, tokens_per_second, notes FROM runs WHERE ref_id = ?')
    .get(refId) as
    | {
        id: number;
        peak_memory_gib: number | null;
        memory_meter: string | null;
        tokens_per_second: number | null;
        notes: string;
      }
    | undefined;

describe('seedPublishedRuns on the shipped data', () => {
  // Expected rows, counted from the file independently of the mapping code.
  const usable = shipped.filter((r) => {
    if (r.config === null || r.card === null) return false;
    const memory = r.measured.peakMemoryBytes !== null && r.measured.memoryMeter !== 'unknown';
    const speed = r.measured.tokensPerSecond !== null && r.measured.throughputScope !== 'unknown';
    return memory || speed;
  });

  it('loads every usable row once, with its citation, and skips an unchanged file', () => {
    const db = freshDb();
    const first = seedPublishedRuns(db, bundledAssets.data);
    expect(first).toMatchObject({ skipped: false, written: usable.length, removed: 0 });
    const { runs, total } = published(db);
    expect(total).toBe(usable.length);
    expect(runs.every((r) => r.citation !== null && /https:\/\//.test(r.citation))).toBe(true);
    expect(seedPublishedRuns(db, bundledAssets.data).skipped).toBe(true);
    expect(seedPublishedRuns(db, bundledAssets.data, { force: true }).written).toBe(usable.length);
    expect(published(db).total).toBe(usable.length);
    db.close();
  });

  it("skips an unchanged file by the build's hash without reading it, and reseeds when the hash differs", () => {
    const db = freshDb();
    const text = bundledAssets.data['reference-runs.json']!;
    const fileSha256 = createHash('sha256').update(text).digest('hex');
    // The hash the build works out is the one a start without it computes from the text.
    const first = seedPublishedRuns(db, bundledAssets.data);
    const unread: DataFiles = Object.defineProperty({}, 'reference-runs.json', {
      enumerable: true,
      get: () => {
        throw new Error('read the file');
      },
    });
    expect(seedPublishedRuns(db, unread, { fileSha256 })).toMatchObject({ skipped: true, hash: first.hash });
    const other = seedPublishedRuns(db, bundledAssets.data, { fileSha256: '0'.repeat(64) });
    expect(other).toMatchObject({ skipped: false, written: usable.length });
    db.close();
  });

  it('converts bytes to GiB, maps torch-active to torch-allocated and never invents a meter', () => {
    const db = freshDb();
    seedPublishedRuns(db, bundledAssets.data);
    const allocated = shipped.find((r) => r.measured.memoryMeter === 'torch-allocated' && r.config && r.card)!;
    expect(byRef(db, allocated.id)?.peak_memory_gib).toBeCloseTo(allocated.measured.peakMemoryBytes! / 2 ** 30, 9);
    const active = shipped.find((r) => r.measured.memoryMeter === 'torch-active' && r.config && r.card)!;
    expect(byRef(db, active.id)?.memory_meter).toBe('torch-allocated');
    for (const row of shipped.filter((r) => r.measured.memoryMeter === 'unknown')) {
      const run = byRef(db, row.id);
      if (run) {
        expect(run.peak_memory_gib).toBeNull();
        expect(run.notes).toMatch(/meter not stated/);
      }
    }
    const unknownScope = shipped.filter((r) => r.measured.throughputScope === 'unknown');
    expect(unknownScope.length).toBeGreaterThan(0);
    for (const row of unknownScope) expect(byRef(db, row.id)?.tokens_per_second ?? null).toBeNull();
    db.close();
  });
});

describe('seedPublishedRuns on a changed file', () => {
  const row = shipped.find((r) => r.measured.memoryMeter === 'nvidia-smi' && r.config && r.card)!;

  it('updates a row in place, removes a row that left the file, and leaves the user runs alone', () => {
    const db = freshDb();
    const mine = addRun(db, {
      config: row.config as never,
      card: row.card!,
      gpus: 1,
      outcome: 'ok',
      durationHours: 1,
      notes: 'mine',
    });
    const second = { ...row, id: 'second' };
    seedPublishedRuns(db, dataDir([row, second]));
    const before = byRef(db, row.id)!;
    const changed = { ...row, measured: { ...row.measured, peakMemoryBytes: 10 * 2 ** 30 } };
    expect(seedPublishedRuns(db, dataDir([changed]))).toMatchObject({ written: 1, removed: 1 });
    expect(byRef(db, row.id)).toMatchObject({ id: before.id, peak_memory_gib: 10 });
    expect(byRef(db, 'second')).toBeUndefined();
    expect(listRuns(db, { filter: { origin: 'mine' } }).runs).toEqual([mine]);
    db.close();
  });

  it('refuses a damaged file naming the row, and writes nothing', () => {
    const db = freshDb();
    const bad = { ...row, id: 'bad', config: { ...(row.config as object), batchSize: 0 } };
    expect(() => seedPublishedRuns(db, dataDir([row, bad]))).toThrow(SeedDataError);
    expect(() => seedPublishedRuns(db, dataDir([row, bad]))).toThrow(/row 1 \(id "bad"\)/);
    expect(published(db).total).toBe(0);
    db.close();
  });
});
