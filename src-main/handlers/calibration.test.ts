import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type App } from '../app';
import { measuredRunSignatures, runsWithIds } from '../db/calibration-queries';
import { addRun, deleteRun, updateRun } from '../db/runs-mutations';
import { syntheticRun } from '../db/synthetic-runs.testkit';
import { calibrationRunsFrom } from '../domain/calibrate';
import { loadCalibrationRuns } from './calibration';
import { catalogSnapshot } from './catalog-snapshot';

let dir: string;
let app: App;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardwise-calibration-load-'));
  app = openApp({ dbPath: path.join(dir, 'cardwise.db') });
});
afterAll(() => {
  app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** What a fresh read of the whole log gives: the reference the kept runs must equal. */
function freshRead(method: 'lora' | 'full') {
  const { cards, presets } = catalogSnapshot(app.db);
  const ids = measuredRunSignatures(
    app.db,
    method,
    cards.map((card) => card.id),
  ).map(([id]) => id);
  // In the log's order, as the kept runs are.
  const runs = runsWithIds(app.db, ids).sort((a, b) => a.id - b.id);
  return calibrationRunsFrom(runs, cards, presets);
}

function load(method: 'lora' | 'full') {
  const { cards, presets } = catalogSnapshot(app.db);
  return loadCalibrationRuns(app.db, method, cards, presets);
}

describe('calibration runs kept between writes', () => {
  it('equals a fresh read after adds, edits and deletes, re-reading only what changed', () => {
    const added = Array.from({ length: 40 }, (_, i) => addRun(app.db, syntheticRun(i)));
    const before = load('lora');
    expect(before).toEqual(freshRead('lora'));
    expect(before.length).toBeGreaterThan(5);

    const mine = added.filter((run) => run.config.method === 'lora' && run.peakMemoryGiB !== null);
    const [edited, removed] = mine;
    updateRun(app.db, edited!.id, { peakMemoryGiB: edited!.peakMemoryGiB! * 0.9 });
    deleteRun(app.db, removed!.id);
    addRun(app.db, syntheticRun(100));
    const after = load('lora');
    expect(after).toEqual(freshRead('lora'));

    // Runs the writes did not touch are the same objects as before; the edited one was estimated again.
    const beforeById = new Map(before.map((run) => [run.id, run]));
    const untouched = after.filter((run) => run.id !== String(edited!.id));
    expect(untouched.some((run) => beforeById.get(run.id) === run)).toBe(true);
    expect(untouched.every((run) => !beforeById.has(run.id) || beforeById.get(run.id) === run)).toBe(true);
    const editedAfter = after.find((run) => run.id === String(edited!.id));
    expect(editedAfter?.measuredMemoryBytes).toBeCloseTo(
      beforeById.get(String(edited!.id))!.measuredMemoryBytes! * 0.9,
    );
    expect(after.some((run) => run.id === String(removed!.id))).toBe(false);
  });

  it('answers the same array until the next write, and keeps each method apart', () => {
    const lora = load('lora');
    expect(load('lora')).toBe(lora);
    expect(load('full')).toEqual(freshRead('full'));
    addRun(app.db, syntheticRun(201));
    expect(load('lora')).not.toBe(lora);
    expect(load('lora')).toEqual(freshRead('lora'));
    expect(load('full')).toEqual(freshRead('full'));
  });
});
