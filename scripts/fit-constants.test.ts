import { describe, expect, it } from 'vitest';
import { BOUNDS, type FittedConstantName } from '../src-main/domain/estimate/fitted';
import { FITTED, FIT_SOURCES, FOLDS } from '../src-main/domain/estimate/fitted-constants';
import { fitConstants, validationOnly } from './accuracy/fit';
import { groupsOf } from './accuracy/folds';
import { Predictor } from './accuracy/predict';
import { loadDataset } from './accuracy/rows';

const data = loadDataset();
const predictor = new Predictor(data.presets);
const names = Object.keys(BOUNDS) as FittedConstantName[];

describe('the fitted constants (scripts/fit-constants.ts)', () => {
  const all = fitConstants(data.rows, predictor);

  it('the shipped module holds a fresh fit on every published row (run npm run fit:constants)', () => {
    expect(FITTED).toEqual(all.constants);
    for (const n of names) expect(FIT_SOURCES[n]).toEqual(all.fit[n].sources);
  });

  it("scores the ZeRO-3 rows without fitting on them: the hook time they use rests on FSDP's one-GPU units alone", () => {
    const zero3 = data.rows.filter(validationOnly);
    expect(zero3.length).toBeGreaterThan(0);
    const qwen = zero3[0]!.group;
    // Their source informs the hook time through no other row (its Q-LoRA rows run under ZeRO-2, its LoRA rows unsharded).
    expect(all.fit.hookCallSeconds.rows).toBeGreaterThan(0);
    expect(all.fit.hookCallSeconds.sources).not.toContain(qwen);
    expect(all.fit.dispatchSecondsPerOp.rows).toBe(
      data.rows.filter((r) => r.quantity === 'train').length - zero3.length,
    );
  });

  it('stays inside the plausibility bounds: dense MFU ≤ 0.6, efficiencies ≤ 1, times ≥ 0', () => {
    for (const n of names) {
      expect(FITTED[n]).toBeGreaterThanOrEqual(BOUNDS[n].min);
      expect(FITTED[n]).toBeLessThanOrEqual(BOUNDS[n].max);
    }
    expect(BOUNDS.mfuFull.max).toBeLessThanOrEqual(0.6);
    expect(BOUNDS.mfuLora.max).toBeLessThanOrEqual(0.6);
  });

  it('has one fold per source, and a fold never fits on the source it holds out', () => {
    expect(FOLDS.map((f) => f.heldOut)).toEqual(groupsOf(data));
    const heldOut = 'fms-acceleration benchmark reference CSV (A100-80GB)';
    const fold = fitConstants(
      data.rows.filter((r) => r.group !== heldOut),
      predictor,
    );
    for (const n of names) expect(fold.fit[n].sources).not.toContain(heldOut);
    expect(FOLDS.find((f) => f.heldOut === heldOut)?.constants).toEqual(fold.constants);
    // One refit of every constant: 48 s on two cores shared by three test suites, past the 30 s default.
  }, 300_000);
});
