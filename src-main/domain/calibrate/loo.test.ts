import { describe, expect, it } from 'vitest';
import { calibrationHeldOut, validationOf } from '../../../scripts/accuracy/calibration';
import { memorySpread, speedSpread } from '../../../scripts/accuracy/calibration-report';
import { scoreStoredFolds } from '../../../scripts/accuracy/folds';
import { Predictor } from '../../../scripts/accuracy/predict';
import { loadDataset } from '../../../scripts/accuracy/rows';
import { FOLDS } from '../estimate/fitted-constants';
import { MEMORY_SPREAD } from '../estimate/memory-spread';
import { SPEED_SPREAD } from '../estimate/speed-spread';
import { CALIBRATION_VALIDATION } from './validated';

/**
 * Leave-one-source-out on the published rows (DESIGN.md "Calibration"): each source's rows are
 * corrected from the other sources' runs only, with the fold's constants (fitted without it either).
 * The shipped switch and prior (validated.ts) and the memory and speed intervals (memory-spread.ts, speed-spread.ts) must be what
 * that table gives today: `npm run fit:calibration` rewrites them when the data or the estimator change.
 */
const data = loadDataset();
const predictor = new Predictor(data.presets);
const rows = calibrationHeldOut(data, predictor, FOLDS);

describe('calibration held out by source', () => {
  it('scores held-out rows of several sources in most groups', () => {
    expect(rows.length).toBeGreaterThan(300);
    expect(Object.keys(CALIBRATION_VALIDATION.groups).length).toBeGreaterThanOrEqual(5);
  });

  it('ships the prior and the per-group switch a fresh leave-one-source-out table gives', () => {
    expect(validationOf(rows).validation).toEqual(CALIBRATION_VALIDATION);
  });

  it('switches on only groups where calibrated beats raw on held-out rows (or that no source can test)', () => {
    for (const [group, g] of Object.entries(CALIBRATION_VALIDATION.groups)) {
      if (g.tested) expect([group, g.on]).toEqual([group, g.calibratedMedian < g.rawMedian]);
      else expect([group, g.on]).toEqual([group, true]);
    }
  });

  it('ships the memory and speed intervals of the held-out errors', () => {
    const heldOut = scoreStoredFolds(data, predictor, FOLDS).scored;
    expect(memorySpread(heldOut)).toEqual(MEMORY_SPREAD);
    expect(speedSpread(heldOut)).toEqual(SPEED_SPREAD);
  });
});
